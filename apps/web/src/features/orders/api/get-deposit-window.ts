import type { TDepositWindow } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getDepositWindow = (invoiceId: string) =>
  apiRequest<TDepositWindow>('/api/v1/payments/get_deposit_window/', { body: { invoice_id: invoiceId } });

/** The order's invoice and the transfers to the address, asked every 3 seconds while it is shown. */
export const orderInvoiceWindowQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: ['orders', 'invoice-window', invoiceId],
    queryFn: () => getDepositWindow(invoiceId),
    refetchInterval: 3000,
    staleTime: 0,
  });

export const useOrderInvoiceWindow = (invoiceId: string) => useQuery(orderInvoiceWindowQuery(invoiceId));
