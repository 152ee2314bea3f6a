import type { TSeasonPromoStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getNewYearPromo = () =>
  apiRequest<TSeasonPromoStatus>('/api/v1/mlm/dex_new_year_promo/', { body: {} });

export const newYearPromoQuery = () =>
  queryOptions({ queryKey: ['dashboard', 'new-year-promo'], queryFn: getNewYearPromo, staleTime: 60_000 });

/** The new year promo's window and my sales in it. */
export const useNewYearPromo = () => useQuery(newYearPromoQuery());
