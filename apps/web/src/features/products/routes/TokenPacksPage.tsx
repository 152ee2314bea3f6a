import { Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';
import { useQuote } from '../api/get-quote';
import { useProductOffers } from '../api/get-product-offers';
import { Calculators } from '../components/Calculators';
import { MyTokenPacks } from '../components/MyTokenPacks';
import { QuoteBar } from '../components/QuoteBar';
import { TokenPackBuy } from '../components/TokenPackBuy';

/** /shop/token-packs: buy at a live quote, the calculators, my packs. */
export function TokenPacksPage() {
  const { t } = useTranslation();
  const offers = useProductOffers('token_pack');
  const quote = useQuote();
  const live = useCountdown(quote.data?.expires_at ?? null) !== null;
  if (offers.isPending) return <Loader aria-label={t('common.loading')} />;
  return (
    <Stack gap="lg">
      <QuoteBar quote={quote.data} loading={quote.isFetching} onRefresh={() => void quote.refetch()} />
      <TokenPackBuy offers={offers.data ?? []} quote={quote.data} quoteLive={live} />
      <Calculators offers={offers.data ?? []} rate={quote.data?.rate} />
      <MyTokenPacks />
    </Stack>
  );
}
