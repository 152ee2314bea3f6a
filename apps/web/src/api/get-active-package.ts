import type { TActivePackage } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const getActivePackage = () => apiRequest<TActivePackage>('/api/v1/mlm/package/active/', { body: {} });

export const activePackageQuery = () =>
  queryOptions({ queryKey: ['package-active'], queryFn: getActivePackage });

export const useActivePackage = () => useQuery(activePackageQuery());
