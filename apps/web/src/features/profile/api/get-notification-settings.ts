import type { TNotificationSettings } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getNotificationSettings = () =>
  apiRequest<TNotificationSettings>('/api/v1/chatbot/preferences/', { method: 'GET' });

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: ['chatbot', 'preferences'], queryFn: getNotificationSettings });

export const useNotificationSettings = () => useQuery(notificationSettingsQuery());
