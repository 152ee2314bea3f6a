import type { TAdminWithdrawalsPage, TWithdrawalStatus } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listWithdrawals = (status: TWithdrawalStatus | undefined, page: number) =>
  apiRequest<TAdminWithdrawalsPage>('/api/v1/admin/withdrawals/', {
    method: 'GET',
    query: { status, page },
  });

export const withdrawalsQuery = (status: TWithdrawalStatus | undefined, page: number) =>
  queryOptions({
    queryKey: ['admin', 'withdrawals', status, page],
    queryFn: () => listWithdrawals(status, page),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (status: TWithdrawalStatus | undefined, page: number) =>
  useQuery(withdrawalsQuery(status, page));
