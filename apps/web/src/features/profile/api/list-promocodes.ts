import type { TPromocodes } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listPromocodes = () =>
  apiRequest<TPromocodes>('/api/v1/promotions/promocodes/', { method: 'GET' });

export const promocodesQuery = () => queryOptions({ queryKey: ['promocodes'], queryFn: listPromocodes });

export const usePromocodes = () => useQuery(promocodesQuery());
