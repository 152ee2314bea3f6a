import type { ZSuccess } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Blocks a partner (no sign-in, sessions end) or unblocks them. */
export const setUserBlocked = ({ id, blocked }: { id: number; blocked: boolean }) =>
  apiRequest<z.infer<typeof ZSuccess>>(`/api/v1/users/${id}/${blocked ? 'block' : 'unblock'}/`, {
    body: {},
  });

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
