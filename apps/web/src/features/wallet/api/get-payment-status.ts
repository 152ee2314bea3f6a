import type { TPaymentStatus } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getPaymentStatus = (invoiceId: string) =>
  apiRequest<TPaymentStatus>('/api/v1/payments/get_payment_status/', { body: { invoice_id: invoiceId } });

/** Live status of a deposit: asked every 3 seconds until it is paid or expired. */
export const paymentStatusQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: ['payment-status', invoiceId],
    queryFn: () => getPaymentStatus(invoiceId),
    refetchInterval: (query) =>
      query.state.data && ['paid', 'expired'].includes(query.state.data.status) ? false : 3000,
  });

export const usePaymentStatus = (invoiceId: string | null) =>
  useQuery({ ...paymentStatusQuery(invoiceId ?? ''), enabled: invoiceId !== null });
