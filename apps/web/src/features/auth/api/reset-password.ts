import type { TPasswordResetConfirm, TSuccess } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { atLeast } from '../../../lib/format';

type TInput = TPasswordResetConfirm;

export const resetPassword = (input: TInput) =>
  apiRequest<TSuccess>('/accounts/email_password_reset/confirm/', { body: input });

/** Progress shows for at least 500 ms (spec section 7). */
export const useResetPassword = () =>
  useMutation({ mutationFn: (input: TInput) => atLeast(500, resetPassword(input)), meta: { silent: true } });
