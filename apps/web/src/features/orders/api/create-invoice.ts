import type { TInvoice } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The chain invoice of an unpaid order: its total in USDT at the partner's deposit address. */
export const createOrderInvoice = (orderId: number) =>
  apiRequest<TInvoice>('/api/v1/payments/get_or_create_invoice/', {
    body: { purpose: 'order', order_id: orderId },
  });

export const useCreateOrderInvoice = () => useMutation({ mutationFn: createOrderInvoice });
