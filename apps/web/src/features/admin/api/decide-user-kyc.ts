import type { TKycDecisionRequest, TKycDecisionResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycQueueQueryKey } from './list-kyc-queue';
import { usersQueryKey } from './list-users';

/** Support's decision on a partner's KYC: verified or rejected, with the reason. */
export const decideUserKyc = ({ id, ...body }: TKycDecisionRequest & { id: number }) =>
  apiRequest<TKycDecisionResponse>(`/api/v1/admin/users/${id}/kyc/`, { body });

/** The refusal is shown in the dialog that asked for the reason. */
export function useDecideUserKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideUserKyc,
    // The users list and the KYC queue both show the status.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: kycQueueQueryKey }),
      ]),
    meta: { silent: true },
  });
}
