import type { TLostProfitPending } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getLostProfit = () =>
  apiRequest<TLostProfitPending>('/api/v1/mlm/lost-profit/', { method: 'GET' });

export const lostProfitQuery = () => queryOptions({ queryKey: ['lost-profit'], queryFn: getLostProfit });

/** My pending lost profit with its recovery deadlines. */
export const useLostProfit = () => useQuery(lostProfitQuery());
