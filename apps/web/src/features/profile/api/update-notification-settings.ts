import type { TNotificationSettings, TNotificationSettingsPatch } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationSettingsQuery } from './get-notification-settings';

export const updateNotificationSettings = (body: TNotificationSettingsPatch) =>
  apiRequest<TNotificationSettings>('/api/v1/chatbot/preferences/', { method: 'PATCH', body });

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQuery().queryKey, settings),
  });
}
