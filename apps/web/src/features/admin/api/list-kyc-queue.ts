import type { TKycQueuePage, TKycQueueQuery } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The KYC status the queue is filtered by (pending, the ones to review, by default). */
export type TKycQueueStatus = TKycQueueQuery['status'];

/** Every page of the KYC queue, whatever its filter: what a KYC decision reads again. */
export const kycQueueQueryKey = ['admin', 'kyc', 'queue'] as const;

export const listKycQueue = (status: TKycQueueStatus, page: number) =>
  apiRequest<TKycQueuePage>('/api/v1/admin/kyc/', { method: 'GET', query: { status, page } });

export const kycQueueQuery = (status: TKycQueueStatus, page: number) =>
  queryOptions({
    queryKey: [...kycQueueQueryKey, status, page],
    queryFn: () => listKycQueue(status, page),
    placeholderData: keepPreviousData,
  });

/** The partners with a KYC status, oldest submission first. */
export const useKycQueue = (status: TKycQueueStatus, page: number) => useQuery(kycQueueQuery(status, page));
