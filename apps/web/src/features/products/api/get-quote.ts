import type { TRateQuote } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A DexNet price fixed for 30 minutes under its id (spec): a token-pack purchase names it. */
export const getQuote = () => apiRequest<TRateQuote>('/api/v1/mlm/usdt_dexnet_rate/', {});

export const quoteQuery = () =>
  queryOptions({
    queryKey: ['dexnet-quote'],
    queryFn: getQuote,
    // A quote is fetched on purpose (on the page and on "new quote"), never in the background.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useQuote = () => useQuery(quoteQuery());
