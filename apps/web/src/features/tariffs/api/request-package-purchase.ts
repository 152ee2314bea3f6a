import type { TPackagePurchaseQuote, TPackagePurchaseRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Prices a tariff purchase: the tariff's price, or the difference for an upgrade. */
export const requestPackagePurchase = (body: TPackagePurchaseRequest) =>
  apiRequest<TPackagePurchaseQuote>('/api/v1/mlm/package/purchase/request/', { body });

/** The modal says a refusal itself, once: no toast beside it. */
export const useRequestPackagePurchase = () =>
  useMutation({ mutationFn: requestPackagePurchase, meta: { silent: true } });
