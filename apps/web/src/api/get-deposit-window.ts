import type { TDepositWindow } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const getDepositWindow = (invoiceId: string) =>
  apiRequest<TDepositWindow>('/api/v1/payments/get_deposit_window/', { body: { invoice_id: invoiceId } });

/**
 * A chain invoice (a deposit, an order's, a validator key's) and every transfer to the partner's
 * address, asked every 3 seconds while it is shown (a transfer may still come after the invoice is
 * paid or expired; the server's watcher reads the chain every poll interval).
 */
export const depositWindowQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: ['deposit-window', invoiceId],
    queryFn: () => getDepositWindow(invoiceId),
    refetchInterval: 3000,
    staleTime: 0,
  });

export const useDepositWindow = (invoiceId: string) => useQuery(depositWindowQuery(invoiceId));
