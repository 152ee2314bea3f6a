import type { TEmailChangeResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A confirmation link goes to the current address; the email changes when it is opened. */
export const changeEmailByMail = (newEmail: string) =>
  apiRequest<TEmailChangeResponse>('/api/v1/accounts/email_change/email/', {
    body: { new_email: newEmail },
  });

export const useChangeEmailByMail = () =>
  useMutation({ mutationFn: changeEmailByMail, meta: { silent: true } });
