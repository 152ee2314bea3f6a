import type { TKycFileParams } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

/** A partner's KYC file (the identity document or the selfie): its bytes, read with the token. */
export const getKycFile = ({ id, kind }: TKycFileParams, signal?: AbortSignal) =>
  apiBlob(`/api/v1/admin/users/${id}/kyc/files/${kind}/`, signal);

/**
 * `submittedAt` is in the key, so documents sent again are read again. The bytes of an identity
 * document stay in memory only while they are shown (`gcTime: 0`); a failure is shown in place.
 */
export const kycFileQuery = (file: TKycFileParams, submittedAt: string | null) =>
  queryOptions({
    queryKey: ['admin', 'kyc', 'file', file.id, file.kind, submittedAt],
    queryFn: ({ signal }) => getKycFile(file, signal),
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });

export const useKycFile = (file: TKycFileParams, submittedAt: string | null) =>
  useQuery(kycFileQuery(file, submittedAt));
