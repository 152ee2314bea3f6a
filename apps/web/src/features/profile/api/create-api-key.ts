import type { TApiKeyCreate, TApiKeyCreated } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQuery } from './list-api-keys';

/** The answer holds the key: the only time it is ever shown. */
export const createApiKey = (body: TApiKeyCreate) =>
  apiRequest<TApiKeyCreated>('/api/v1/accounts/api-keys/', { body });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
