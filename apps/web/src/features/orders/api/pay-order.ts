import type { TOrder } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** Pays an unpaid order from the USDT balance. */
export const payOrder = ({ orderId, idempotencyKey }: { orderId: number; idempotencyKey: string }) =>
  apiRequest<TOrder>('/api/v1/products/pay_order/', {
    body: { order_id: orderId },
    headers: { 'idempotency-key': idempotencyKey },
  });

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // The page says the failure itself: "Order payment error." and why (spec section 8).
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
