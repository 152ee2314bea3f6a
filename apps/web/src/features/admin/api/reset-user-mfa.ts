import type { TMfaResetRequest, TMfaResetResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** Support turns a partner's two-factor off (a lost phone): the partner is mailed. */
export const resetUserMfa = ({ id, ...body }: TMfaResetRequest & { id: number }) =>
  apiRequest<TMfaResetResponse>(`/api/v1/admin/users/${id}/mfa/reset/`, { body });

/** The refusal is shown in the dialog that asked for the reason. */
export function useResetUserMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: { silent: true },
  });
}
