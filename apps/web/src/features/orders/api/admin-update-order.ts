import type { TAdminOrder, TAdminOrderUpdate } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Sets an order's track number, serial number and estimated shipping date. */
export const adminUpdateOrder = ({ id, patch }: { id: number; patch: TAdminOrderUpdate }) =>
  apiRequest<TAdminOrder>(`/api/v1/admin/orders/${id}/`, { method: 'PATCH', body: patch });

export function useAdminUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminUpdateOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
