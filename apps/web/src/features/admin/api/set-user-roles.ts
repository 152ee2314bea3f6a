import type { TRolesRequest, TRolesResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** An admin sets the whole set of a user's operator roles (none: a partner again). */
export const setUserRoles = ({ id, ...body }: TRolesRequest & { id: number }) =>
  apiRequest<TRolesResponse>(`/api/v1/admin/users/${id}/roles/`, { method: 'PUT', body });

/** The refusal is shown in the roles dialog. */
export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: { silent: true },
  });
}
