import type { TEmailChangeResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** With two-factor on, a code from the app changes the email at once. */
export const changeEmailByApp = (input: { newEmail: string; code: string }) =>
  apiRequest<TEmailChangeResponse>('/api/v1/accounts/email_change/auth_app/', {
    body: { new_email: input.newEmail, code: input.code },
  });

export function useChangeEmailByApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmailByApp,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
