import type { TVirtualNodeBuy, TVirtualNodePurchase } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** The key makes a retry of the same click safe: the server charges once. */
export const buyVirtualNode = ({ idempotencyKey, ...body }: TVirtualNodeBuy & { idempotencyKey: string }) =>
  apiRequest<TVirtualNodePurchase>('/api/v1/virtual_node/purchase/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useBuyVirtualNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyVirtualNode,
    // The dialog says the refusal itself, once (a short balance, before Pay too): no toast beside it.
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['virtual-nodes'] });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
