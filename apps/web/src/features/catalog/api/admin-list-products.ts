import type { TProducts } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every product, on sale or not, with its list price now. */
export const adminListProducts = () => apiRequest<TProducts>('/api/v1/admin/products/', { method: 'GET' });

export const adminProductsQuery = () =>
  queryOptions({ queryKey: ['admin', 'catalog', 'products'], queryFn: adminListProducts });

export const useAdminProducts = () => useQuery(adminProductsQuery());
