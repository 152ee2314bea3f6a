import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { formatMinor, parseMinor, type TGiftCertificateBought } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount, toApiAmount } from '../../../lib/format';
import { useGiftOffer } from '../api/get-gift-offer';
import { useBuyCertificate } from '../api/buy-certificate';
import { CodeOnceModal } from './CodeOnceModal';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

/** Buys a certificate for an amount from the USDT balance; its code is shown once. */
export function BuyCertificate() {
  const { t } = useTranslation();
  const offer = useGiftOffer();
  const buy = useBuyCertificate();
  const [amount, setAmount] = useState('');
  const [bought, setBought] = useState<TGiftCertificateBought | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const errors = fieldErrorsOf(buy.error, t);
  const general = buy.error && !errors.amount ? errorLines(buy.error, t) : [];
  // The amount entered is what the USDT balance pays (docs/shop.md "Gift certificates").
  const usdt = parseMinor(toApiAmount(amount) || '0', 'USDT');
  const priced = usdt !== null && usdt > 0n;
  const funds = useFunds(priced ? formatMinor(usdt, 'USDT') : '0');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    buy.mutate(
      { amount: toApiAmount(amount), idempotencyKey },
      {
        onSuccess: (answer) => {
          setBought(answer);
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
            {t('gifts.buyTitle')}
          </Title>
          <TextInput
            label={t('gifts.amount')}
            description={
              offer.data?.min_amount && offer.data.max_amount
                ? t('gifts.limits', {
                    min: formatAmount(offer.data.min_amount),
                    max: formatAmount(offer.data.max_amount),
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
            error={errors.amount ?? (general.length > 0 ? general.join(' ') : undefined)}
            data-testid="gift-amount"
          />
          {priced && <BalanceCheck funds={funds} testId="gift-funds" />}
          <OfferNote />
          <Button
            type="submit"
            loading={buy.isPending}
            disabled={!amount.trim() || funds.shortfall !== null}
            data-testid="gift-buy"
          >
            {t('gifts.buy')}
          </Button>
        </Stack>
      </form>
      <CodeOnceModal bought={bought} onClose={() => setBought(null)} />
    </Paper>
  );
}
