import type { TWinterPromoStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getWinterPromoStatus = () =>
  apiRequest<TWinterPromoStatus>('/api/v1/mlm/winter_promo_status/', { body: {} });

export const winterPromoStatusQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'winter-promo'], queryFn: getWinterPromoStatus, staleTime: 60_000 });

/** My winter promo standing: sales in the window, the statuses' progress, the Hot Winter bonuses. */
export const useWinterPromoStatus = () => useQuery(winterPromoStatusQuery());
