import type { TWithdrawRequest, TWithdrawResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** The key makes a retry of the same form safe: the server answers it again and holds once. */
export const requestWithdrawal = (input: TWithdrawRequest & { idempotencyKey: string }) => {
  const { idempotencyKey, ...body } = input;
  return apiRequest<TWithdrawResponse>('/api/v1/withdraw/request/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
};

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
