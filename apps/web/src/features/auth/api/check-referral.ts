import type { TReferralOwner } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const checkReferral = (promocode: string) =>
  apiRequest<TReferralOwner>('/api/v1/accounts/check_referral_id/', { body: { promocode } });

export const checkReferralQuery = (promocode: string) =>
  queryOptions({
    queryKey: ['check-referral', promocode],
    queryFn: () => checkReferral(promocode),
    staleTime: 60_000,
  });

/** The mentor a sign-up code names (null when none); waits until a code is typed. */
export function useCheckReferral(promocode: string) {
  return useQuery({
    ...checkReferralQuery(promocode),
    enabled: promocode.length > 0,
    meta: { silent: true },
  });
}
