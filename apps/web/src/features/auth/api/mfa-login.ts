import type { TLoginRequest, TLoginResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const mfaLogin = (input: TLoginRequest & { code: string }) =>
  apiRequest<TLoginResponse>('/api/v1/accounts/mfa_login/', { body: input });

export const useMfaLogin = () => useMutation({ mutationFn: mfaLogin });
