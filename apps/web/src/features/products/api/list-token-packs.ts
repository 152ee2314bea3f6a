import type { TTokenPacks } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const listTokenPacks = () => apiRequest<TTokenPacks>('/api/v1/token_pack/my/', { method: 'GET' });

export const tokenPacksQuery = () => queryOptions({ queryKey: ['token-packs'], queryFn: listTokenPacks });

export const useTokenPacks = () => useQuery(tokenPacksQuery());
