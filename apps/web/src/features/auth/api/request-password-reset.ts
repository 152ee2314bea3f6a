import type { TSuccess } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { atLeast } from '../../../lib/format';

export const requestPasswordReset = (email: string) =>
  apiRequest<TSuccess>('/accounts/email_password_reset/', { body: { email } });

/** Progress shows for at least 500 ms (spec section 7). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) => atLeast(500, requestPasswordReset(email)),
    meta: { silent: true },
  });
