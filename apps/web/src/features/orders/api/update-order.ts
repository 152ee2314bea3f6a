import type { TOrder, TUpdateOrderRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Changes an order's shipping address (until the order is in transit). */
export const updateOrder = (input: TUpdateOrderRequest) =>
  apiRequest<TOrder>('/api/v1/products/update_order/', { body: input });

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
