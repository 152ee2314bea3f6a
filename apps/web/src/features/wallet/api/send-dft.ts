import type { TDftTransferResponse } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const sendDftToDexnet = () =>
  apiRequest<TDftTransferResponse>('/api/v1/withdraw/dft_to_send_to_dexnet/', {
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

export function useSendDft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDftToDexnet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
