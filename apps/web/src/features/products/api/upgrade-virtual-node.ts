import type { TVirtualNodeUpgrade, TVirtualNodeUpgraded } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const upgradeVirtualNode = ({
  idempotencyKey,
  ...body
}: TVirtualNodeUpgrade & { idempotencyKey: string }) =>
  apiRequest<TVirtualNodeUpgraded>('/api/v1/virtual_node/upgrade/request/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useUpgradeVirtualNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeVirtualNode,
    // The dialog says the refusal itself, once (a short balance, before Pay too): no toast beside it.
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['virtual-nodes'] });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
