import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQuery } from './list-api-keys';

export const revokeApiKey = (id: number) => apiRequest<void>(`/api/v1/accounts/api-keys/${id}/revoke/`, {});

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
