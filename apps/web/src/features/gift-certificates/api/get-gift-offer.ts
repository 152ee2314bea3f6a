import type { TProductSentences } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The gift certificate on sale, with its amount limits. */
export const getGiftOffer = async () =>
  (
    await apiRequest<TProductSentences>('/api/v1/products/product_sentences_set/', {
      body: { kind: 'gift_certificate' },
    })
  )[0] ?? null;

export const giftOfferQuery = () => queryOptions({ queryKey: ['gift-offer'], queryFn: getGiftOffer });

export const useGiftOffer = () => useQuery(giftOfferQuery());
