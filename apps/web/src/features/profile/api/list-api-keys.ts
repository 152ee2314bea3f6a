import type { TApiKeys } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listApiKeys = () => apiRequest<TApiKeys>('/api/v1/accounts/api-keys/', { method: 'GET' });

export const apiKeysQuery = () => queryOptions({ queryKey: ['api-keys'], queryFn: listApiKeys });

export const useApiKeys = () => useQuery(apiKeysQuery());
