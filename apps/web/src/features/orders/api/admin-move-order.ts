import type { TAdminOrder, TOrderStatus } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Moves an order to its next status, or closes it as Canceled or Failed (refunded when paid). */
export const adminMoveOrder = ({ id, status }: { id: number; status: TOrderStatus }) =>
  apiRequest<TAdminOrder>(`/api/v1/admin/orders/${id}/status/`, { body: { status } });

export function useAdminMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminMoveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
