import type { TSeasonPromoStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getSummerPromoStatus = () =>
  apiRequest<TSeasonPromoStatus>('/api/v1/mlm/get_dex_summer_promo_status/', { body: {} });

export const summerPromoStatusQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'summer-promo'],
    queryFn: getSummerPromoStatus,
    staleTime: 60_000,
  });

/** The summer promo's window and my sales in it. */
export const useSummerPromoStatus = () => useQuery(summerPromoStatusQuery());
