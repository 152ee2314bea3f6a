import type { TEmailChangeResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const confirmEmail = (token: string, email: string) =>
  apiRequest<TEmailChangeResponse>('/api/v1/accounts/email_change/email/confirm/', {
    method: 'GET',
    query: { token, email },
  });

/** The link works once: the answer is kept, never fetched again. */
export const confirmEmailQuery = (token: string, email: string) =>
  queryOptions({
    queryKey: ['confirm-email', token, email],
    queryFn: () => confirmEmail(token, email),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useConfirmEmail = (token: string, email: string) =>
  useQuery({
    ...confirmEmailQuery(token, email),
    enabled: token !== '' && email !== '',
    meta: { silent: true },
  });
