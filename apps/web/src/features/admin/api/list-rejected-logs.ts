import type { z } from 'zod';
import type { ZRejectedChainLogsPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type TRejectedLogsPage = z.infer<typeof ZRejectedChainLogsPage>;

export const listRejectedLogs = (page: number) =>
  apiRequest<TRejectedLogsPage>('/api/v1/admin/chain/rejected_logs/', { method: 'GET', query: { page } });

export const rejectedLogsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'rejected-logs', page],
    queryFn: () => listRejectedLogs(page),
    placeholderData: keepPreviousData,
  });

export const useRejectedLogs = (page: number) => useQuery(rejectedLogsQuery(page));
