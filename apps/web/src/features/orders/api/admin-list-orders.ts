import type { TAdminOrdersPage, TOrderStatus } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminListOrders = (status: TOrderStatus | undefined, page: number) =>
  apiRequest<TAdminOrdersPage>('/api/v1/admin/orders/', { method: 'GET', query: { status, page } });

export const adminOrdersQuery = (status: TOrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: ['orders', 'admin', status, page],
    queryFn: () => adminListOrders(status, page),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (status: TOrderStatus | undefined, page: number) =>
  useQuery(adminOrdersQuery(status, page));
