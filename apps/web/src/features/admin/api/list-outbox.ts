import type { TOutboxPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listOutbox = (page: number, to: string) =>
  apiRequest<TOutboxPage>('/api/v1/admin/mail/outbox/', { method: 'GET', query: { page, to } });

export const outboxQuery = (page: number, to: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', page, to],
    queryFn: () => listOutbox(page, to),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: number, to: string) => useQuery(outboxQuery(page, to));
