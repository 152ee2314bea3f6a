import type { TCreateOrderRequest, TOrder } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

/** Orders devices; `idempotencyKey` makes a double submit one order (and one charge). */
export const createOrder = (input: TCreateOrderRequest & { idempotencyKey: string }) => {
  const { idempotencyKey, ...body } = input;
  return apiRequest<TOrder>('/api/v1/products/create_order/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
};

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // The dialog says the refusal itself, once (a short balance, before Pay too): no toast beside it.
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
