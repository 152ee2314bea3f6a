import type { TAuthResponse, TLanguage } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const tokenAuth = (input: { token: string; language?: TLanguage }) =>
  apiRequest<TAuthResponse>('/api/v1/accounts/token-auth/', { body: input });

export const useTokenAuth = () => useMutation({ mutationFn: tokenAuth, meta: { silent: true } });
