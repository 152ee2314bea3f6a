import type { TAdminSettings, TSettingChange, TSettingHistoryPage, TSettingKey } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const SETTINGS_KEY = ['admin', 'settings'] as const;

/** The settings an admin may change at runtime, with their values at start and last changes. */
export const getSettings = () => apiRequest<TAdminSettings>('/api/v1/admin/configs/', { method: 'GET' });

export const settingsQuery = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'current'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQuery());

/** One setting changed, with a reason: in force on the server at once. */
export const changeSetting = (body: TSettingChange) =>
  apiRequest<TAdminSettings>('/api/v1/admin/configs/', { body });

/** The refusal is shown in the dialog that asked for the value and the reason. */
export function useChangeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
    meta: { silent: true },
  });
}

/** Every change of the settings, newest first, of one setting or all. */
export const listSettingHistory = (page: number, key?: TSettingKey) =>
  apiRequest<TSettingHistoryPage>('/api/v1/admin/configs/history/', { method: 'GET', query: { page, key } });

export const settingHistoryQuery = (page: number, key?: TSettingKey) =>
  queryOptions({
    queryKey: [...SETTINGS_KEY, 'history', page, key],
    queryFn: () => listSettingHistory(page, key),
    placeholderData: keepPreviousData,
  });

export const useSettingHistory = (page: number, key?: TSettingKey) =>
  useQuery(settingHistoryQuery(page, key));
