import type { TCardPayment, TCardPaymentRequest } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/get-profile';
import { apiRequest } from '../../../lib/api-client';

export const payByCard = (input: TCardPaymentRequest & { idempotencyKey: string }) => {
  const { idempotencyKey, ...body } = input;
  return apiRequest<TCardPayment>('/api/v1/cardpayment/test_endpoint_carpayment/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
};

export function usePayByCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payByCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery().queryKey }),
  });
}
