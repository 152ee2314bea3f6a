import type { TPackagePurchaseConfirm, TPackagePurchased } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** The key makes a retry of the same click safe: the server charges once. */
export const confirmPackagePurchase = ({
  idempotencyKey,
  ...body
}: TPackagePurchaseConfirm & { idempotencyKey: string }) =>
  apiRequest<TPackagePurchased>('/api/v1/mlm/package/purchase/confirm/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useConfirmPackagePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPackagePurchase,
    // The dialog says the refusal itself, once (a short balance, before Pay too): no toast beside it.
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['package-active'] });
      // A tariff recovers pending lost profit and opens or grows the window the what-if reads.
      await queryClient.invalidateQueries({ queryKey: ['lost-profit'] });
      await queryClient.invalidateQueries({ queryKey: ['binary-what-if'] });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
