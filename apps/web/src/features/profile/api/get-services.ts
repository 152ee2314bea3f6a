import type { TServices } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getServices = () => apiRequest<TServices>('/api/v1/accounts/services/', { method: 'GET' });

export const servicesQuery = () => queryOptions({ queryKey: ['services'], queryFn: getServices });

export const useServices = () => useQuery(servicesQuery());
