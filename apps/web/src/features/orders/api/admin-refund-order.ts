import type { TAdminOrderRefund, TAdminOrderRefundRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Refunds a paid device order (compensation-plan.md 5a): Canceled, the buyer paid back, the bonuses
 * it paid reversed. The key makes a retry after a lost answer the same refund, paid back once.
 */
export const adminRefundOrder = ({
  id,
  idempotencyKey,
  ...body
}: TAdminOrderRefundRequest & { id: number; idempotencyKey: string }) =>
  apiRequest<TAdminOrderRefund>(`/api/v1/admin/orders/${id}/refund/`, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** The refusal (refunded already, unpaid, shipped) is shown in the refund dialog itself. */
export function useAdminRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRefundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
    meta: { silent: true },
  });
}
