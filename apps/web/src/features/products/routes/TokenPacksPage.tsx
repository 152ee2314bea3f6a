import { Stack } from '@mantine/core';
import { useCountdown } from '../../../hooks/use-countdown';
import { useQuote } from '../api/get-quote';
import { useProductOffers } from '../api/get-product-offers';
import { Calculators } from '../components/Calculators';
import { MyTokenPacks } from '../components/MyTokenPacks';
import { QuoteBar } from '../components/QuoteBar';
import { TokenPackBuy } from '../components/TokenPackBuy';
import { Spinner } from '../../../components/Spinner';

/** /shop/token-packs: buy at a live quote, the calculators, my packs. */
export function TokenPacksPage() {
  const offers = useProductOffers('token_pack');
  const quote = useQuote();
  const live = useCountdown(quote.data?.expires_at ?? null) !== null;
  if (offers.isPending) return <Spinner />;
  return (
    <Stack gap="lg">
      <QuoteBar quote={quote.data} loading={quote.isFetching} onRefresh={() => void quote.refetch()} />
      <TokenPackBuy offers={offers.data ?? []} quote={quote.data} quoteLive={live} />
      <Calculators offers={offers.data ?? []} rate={quote.data?.rate} />
      <MyTokenPacks />
    </Stack>
  );
}
