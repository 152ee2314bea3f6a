import type { TPackagePurchaseQuote, TPromocodePurchaseRequest } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Prices a tariff purchase with a promo code (the promotions call): the tariff quote with its discount. */
export const requestPromocodePurchase = (body: TPromocodePurchaseRequest) =>
  apiRequest<TPackagePurchaseQuote>('/api/v1/promotions/promocode/purchase/request/', { body });

/** The modal says a refusal itself (a wrong code under its field), once: no toast beside it. */
export const useRequestPromocodePurchase = () =>
  useMutation({ mutationFn: requestPromocodePurchase, meta: { silent: true } });
