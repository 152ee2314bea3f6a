import type { TBotOutboxPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listBotOutbox = (page: number) =>
  apiRequest<TBotOutboxPage>('/api/v1/admin/bot/outbox/', { method: 'GET', query: { page } });

export const botOutboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'bot-outbox', page],
    queryFn: () => listBotOutbox(page),
    placeholderData: keepPreviousData,
  });

export const useBotOutbox = (page: number) => useQuery(botOutboxQuery(page));
