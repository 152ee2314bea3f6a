import type { TPurchaseStatistics } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getPurchaseStatistics = () =>
  apiRequest<TPurchaseStatistics>('/api/v1/mlm/get_purchase_statistics_by_packages/', { body: {} });

export const purchaseStatisticsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'purchase-statistics'],
    queryFn: getPurchaseStatistics,
    staleTime: 60_000,
  });

/** Tariff purchases in each of my binary legs, by tariff. */
export const usePurchaseStatistics = () => useQuery(purchaseStatisticsQuery());
