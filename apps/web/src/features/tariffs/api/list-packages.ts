import type { TPackages } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listPackages = () => apiRequest<TPackages>('/api/v1/mlm/packages/', { method: 'GET' });

export const packagesQuery = () => queryOptions({ queryKey: ['packages'], queryFn: listPackages });

export const usePackages = () => useQuery(packagesQuery());
