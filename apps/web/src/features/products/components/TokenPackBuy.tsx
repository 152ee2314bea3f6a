import { Button, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMinor,
  packYearEnd,
  parseMinor,
  type TProductSentence,
  type TRateQuote,
  usdtToDxn,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount, formatDate, toApiAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useBuyTokenPack } from '../api/buy-token-pack';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

type Props = { offers: TProductSentence[]; quote: TRateQuote | undefined; quoteLive: boolean };

/** Buys DXN with USDT at the live quote, locked in a 1- or 2-year token pack. */
export function TokenPackBuy({ offers, quote, quoteLive }: Props) {
  const { t } = useTranslation();
  const buy = useBuyTokenPack();
  const [code, setCode] = useState(offers[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const offer = offers.find((item) => item.code === code) ?? offers[0];
  const usdt = parseMinor(toApiAmount(amount) || '0', 'USDT');
  const dxn = quote && usdt !== null && usdt > 0n ? usdtToDxn(usdt, quote.rate) : null;
  const years = Number(offer?.attributes.lock_years ?? 1);
  // The USDT entered is what the main USDT balance pays (recordPurchase, docs/shop.md "Token packs").
  const priced = usdt !== null && usdt > 0n;
  const funds = useFunds(priced ? formatMinor(usdt, 'USDT') : '0');
  const errors = fieldErrorsOf(buy.error, t);
  const fieldError = errors.amount ?? errors.quote_id ?? errors.product_id;
  // A refusal of the purchase as a whole (a short balance) stays on the form, not only in a toast.
  const general = buy.error && !fieldError ? errorLines(buy.error, t) : [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!offer || !quote) return;
    buy.mutate(
      { product_id: offer.product_id, amount: toApiAmount(amount), quote_id: quote.quote_id, idempotencyKey },
      {
        onSuccess: (pack) => {
          notify.success(t('products.packs.bought', { amount: formatAmount(pack.principal) }));
          setAmount('');
          setIdempotencyKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('products.packs.buyTitle')}
          </Title>
          <SegmentedControl
            fullWidth
            value={offer?.code ?? ''}
            onChange={(value) => {
              setCode(value);
              setIdempotencyKey(crypto.randomUUID());
            }}
            aria-label={t('products.packs.choose')}
            data={offers.map((item) => ({
              value: item.code,
              label: t('products.packs.option', {
                period:
                  Number(item.attributes.lock_years ?? 1) === 2
                    ? t('products.profit.twoYears')
                    : t('products.profit.oneYear'),
                percent: Number(item.attributes.yield_bp ?? 0) / 100,
              }),
            }))}
          />
          <TextInput
            label={t('products.packs.amount')}
            description={
              offer?.min_amount && offer.max_amount
                ? t('products.packs.limits', {
                    min: formatAmount(offer.min_amount),
                    max: formatAmount(offer.max_amount),
                  })
                : undefined
            }
            inputMode="decimal"
            required
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setIdempotencyKey(crypto.randomUUID());
            }}
            error={fieldError}
            data-testid="pack-amount"
          />
          <Text size="sm" data-testid="pack-receive">
            {dxn !== null
              ? t('products.packs.receive', {
                  amount: formatAmount(formatMinor(dxn, 'DXN')),
                  date: formatDate(packYearEnd(new Date(), years)),
                })
              : t('products.packs.enterAmount')}
          </Text>
          {priced && <BalanceCheck funds={funds} testId="pack-funds" />}
          <ErrorNote lines={general} testId="pack-error" />
          <OfferNote />
          <Button
            type="submit"
            loading={buy.isPending}
            disabled={!quoteLive || dxn === null || funds.shortfall !== null}
            data-testid="pack-buy"
          >
            {t('products.packs.buy')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
