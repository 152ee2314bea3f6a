import type { TAdminWithdrawalsFilter, TAdminWithdrawalsPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listWithdrawals = (filter: TAdminWithdrawalsFilter, page: number) =>
  apiRequest<TAdminWithdrawalsPage>('/api/v1/admin/withdrawals/', {
    method: 'GET',
    query: { ...filter, page },
  });

export const withdrawalsQuery = (filter: TAdminWithdrawalsFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', filter, page],
    queryFn: () => listWithdrawals(filter, page),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (filter: TAdminWithdrawalsFilter, page: number) =>
  useQuery(withdrawalsQuery(filter, page));
