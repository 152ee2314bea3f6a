import type { TPackageTerms } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getPackageTerms = () =>
  apiRequest<TPackageTerms>('/api/v1/mlm/packages/terms/', { method: 'GET' });

export const packageTermsQuery = () =>
  queryOptions({ queryKey: ['package-terms'], queryFn: getPackageTerms, staleTime: Infinity });

export const usePackageTerms = (enabled: boolean) => useQuery({ ...packageTermsQuery(), enabled });
