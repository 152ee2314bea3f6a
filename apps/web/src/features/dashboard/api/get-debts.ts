import type { TDebts } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getDebts = () => apiRequest<TDebts>('/api/v1/mlm/debts/', { method: 'GET' });

export const debtsQuery = () => queryOptions({ queryKey: ['dashboard', 'debts'], queryFn: getDebts });

/** My open debts from reversed bonuses, oldest first; read only when the profile says I owe some. */
export const useDebts = (owing: boolean) => useQuery({ ...debtsQuery(), enabled: owing });
