import type { TCardPaymentRequest, TCardPaymentSession } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Opens a card top-up: the answer's `url` is the provider's page, where the card is typed. */
export const openCardPayment = (input: TCardPaymentRequest & { idempotencyKey: string }) => {
  const { idempotencyKey, ...body } = input;
  return apiRequest<TCardPaymentSession>('/api/v1/cardpayment/test_endpoint_carpayment/', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
};

export const useOpenCardPayment = () => useMutation({ mutationFn: openCardPayment });
