import type { TLoginRequest, TLoginResponse } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const login = (input: TLoginRequest) =>
  apiRequest<TLoginResponse>('/api/v1/accounts/login/', { body: input });

export const useLogin = () => useMutation({ mutationFn: login });
