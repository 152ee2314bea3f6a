import type { TDexSafeCode } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getDexSafeCode = () =>
  apiRequest<TDexSafeCode>('/api/v1/accounts/dexsafe_code/', { method: 'GET' });

/** Asked only when the partner chooses to see it, and not kept once they leave the screen. */
export const dexSafeCodeQuery = () =>
  queryOptions({ queryKey: ['dexsafe-code'], queryFn: getDexSafeCode, gcTime: 0 });

export const useDexSafeCode = (shown: boolean) => useQuery({ ...dexSafeCodeQuery(), enabled: shown });
