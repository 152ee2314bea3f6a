import type { TProducts } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The catalogue: the device and the Starlink add-on are read from it, with their prices now. */
export const listProducts = () => apiRequest<TProducts>('/api/v1/products/', { method: 'GET' });

export const productsQuery = () =>
  queryOptions({ queryKey: ['orders', 'products'], queryFn: listProducts, staleTime: 60_000 });

export const useProducts = () => useQuery(productsQuery());
