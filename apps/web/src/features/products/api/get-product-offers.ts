import type { TProductKind, TProductSentences } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The offers of a product screen: the products of a kind on sale, priced by the pricing step. */
export const getProductOffers = (kind: TProductKind) =>
  apiRequest<TProductSentences>('/api/v1/products/product_sentences_set/', { body: { kind } });

export const productOffersQuery = (kind: TProductKind) =>
  queryOptions({ queryKey: ['product-offers', kind], queryFn: () => getProductOffers(kind) });

export const useProductOffers = (kind: TProductKind) => useQuery(productOffersQuery(kind));
