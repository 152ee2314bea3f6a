import type { TAdminMentorChange, TAdminMentorChanged } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKey } from './list-users';

/** Support moves a partner under another mentor (before their first paid tariff), with a reason. */
export const changeMentor = ({ id, ...body }: TAdminMentorChange & { id: number }) =>
  apiRequest<TAdminMentorChanged>(`/api/v1/admin/users/${id}/mentor/`, { body });

/** The refusal is shown in the dialog that asked for the reason. */
export function useChangeMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMentor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    meta: { silent: true },
  });
}
