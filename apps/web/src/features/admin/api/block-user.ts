import type { TBlockRequest, TSuccess } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** Blocks a partner (no sign-in, sessions end) or unblocks them, saying why (kept in the audit log). */
export const setUserBlocked = ({ id, blocked, ...body }: TBlockRequest & { id: number; blocked: boolean }) =>
  apiRequest<TSuccess>(`/api/v1/users/${id}/${blocked ? 'block' : 'unblock'}/`, { body });

/** The refusal is shown in the dialog that asked for the reason. */
export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: { silent: true },
  });
}
