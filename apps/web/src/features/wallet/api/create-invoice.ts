import type { TInvoice, TInvoiceRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const createInvoice = (input: TInvoiceRequest) =>
  apiRequest<TInvoice>('/api/v1/payments/get_or_create_invoice/', { body: input });

export const useCreateInvoice = () => useMutation({ mutationFn: createInvoice });
