import type { TCardLimits } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getCardLimits = () => apiRequest<TCardLimits>('/api/v1/cardpayment/limits/', { method: 'GET' });

export const cardLimitsQuery = () =>
  queryOptions({ queryKey: ['card-limits'], queryFn: getCardLimits, staleTime: 5 * 60_000 });

export const useCardLimits = () => useQuery(cardLimitsQuery());
