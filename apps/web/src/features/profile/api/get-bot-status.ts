import type { TBotStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getBotStatus = () => apiRequest<TBotStatus>('/api/v1/chatbot/status/', { method: 'GET' });

export const botStatusQuery = () => queryOptions({ queryKey: ['chatbot', 'status'], queryFn: getBotStatus });

/** While a code waits to be sent to the bot, the status is asked every few seconds. */
export const useBotStatus = (waiting = false) =>
  useQuery({ ...botStatusQuery(), refetchInterval: waiting ? 3000 : false });
