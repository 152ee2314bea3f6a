import type { TReferralStructureInfo } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getReferralStructureInfo = () =>
  apiRequest<TReferralStructureInfo>('/api/v1/mlm/referral_structure_info/', { body: {} });

export const referralStructureInfoQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'referral-structure-info'],
    queryFn: getReferralStructureInfo,
    staleTime: 60_000,
  });

/** My structure: partners, first line, levels, devices by branch. */
export const useReferralStructureInfo = () => useQuery(referralStructureInfoQuery());
