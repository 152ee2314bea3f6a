import type { TOrdersPage } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listOrders = (page: number) =>
  apiRequest<TOrdersPage>('/api/v1/products/orders/', { body: {}, query: { page } });

export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ['orders', 'mine', page],
    queryFn: () => listOrders(page),
    placeholderData: keepPreviousData,
  });

export const useOrders = (page: number) => useQuery(ordersQuery(page));
