import type { TProductPriceHistory } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A product's price records, newest first, each with its admin and the price before it. */
export const adminProductHistory = (id: number) =>
  apiRequest<TProductPriceHistory>(`/api/v1/admin/products/${id}/prices/`, { method: 'GET' });

export const adminProductHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'catalog', 'history', id],
    queryFn: () => adminProductHistory(id),
    staleTime: 0,
  });

export const useAdminProductHistory = (id: number) => useQuery(adminProductHistoryQuery(id));
