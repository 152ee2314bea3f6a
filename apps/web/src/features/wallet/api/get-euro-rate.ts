import type { TEuroRate } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getEuroRate = () => apiRequest<TEuroRate>('/api/v1/cardpayment/usdt_euro_rate/', {});

export const euroRateQuery = () =>
  queryOptions({ queryKey: ['usdt-euro-rate'], queryFn: getEuroRate, staleTime: 60_000 });

export const useEuroRate = () => useQuery(euroRateQuery());
