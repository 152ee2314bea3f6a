import type { TWithdrawalLimits } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getWithdrawalLimits = () =>
  apiRequest<TWithdrawalLimits>('/api/v1/withdraw/limits/', { method: 'GET' });

export const withdrawalLimitsQuery = () =>
  queryOptions({ queryKey: ['withdrawal-limits'], queryFn: getWithdrawalLimits, staleTime: 5 * 60_000 });

export const useWithdrawalLimits = () => useQuery(withdrawalLimitsQuery());
