import { Alert, Button, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMinor, parseMinor, usdtToDxn } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';
import { formatAmount } from '../../../lib/format';
import { useKeyQuote, useKeySummary, useMyKeys, usePurchaseKey } from '../api/validator-keys';
import { ActivateForm } from '../components/ActivateForm';
import { CodeModal } from '../components/CodeModal';
import { MyKeys } from '../components/MyKeys';
import { Reservation } from '../components/Reservation';
import { Spinner } from '../../../components/Spinner';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';

const pad = (value: number) => String(value).padStart(2, '0');

/** The three figures of the summary (product-spec.md section 3). */
const FIGURES = ['allowance', 'bought', 'available'] as const;

/**
 * /shop/validator-keys: the allowance (one key per tariff that includes a node), buying a key
 * (USDT, or DXN at a 30-minute quote; 15 minutes to pay), the activation code shown once, its
 * activation within 24 hours, and my keys.
 */
export function ValidatorKeysPage() {
  const { t } = useTranslation();
  const summary = useKeySummary();
  const keys = useMyKeys();
  const purchase = usePurchaseKey();
  const [currency, setCurrency] = useState<'USDT' | 'DXN'>('USDT');
  const quote = useKeyQuote(currency === 'DXN');
  const quoteLeft = useCountdown(currency === 'DXN' ? (quote.data?.expires_at ?? null) : null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [code, setCode] = useState<string | null>(null);

  if (summary.isPending) return <Spinner />;
  const data = summary.data;
  const reserved = (keys.data ?? []).find((key) => key.status === 'reserved');
  const dxnUsdt = data ? parseMinor(data.price_dxn_usdt, 'USDT') : null;
  const dxnAmount =
    quote.data && dxnUsdt !== null ? formatMinor(usdtToDxn(dxnUsdt, quote.data.rate), 'DXN') : null;
  const canBuy = !!data && data.available > 0 && !reserved && (currency === 'USDT' || !!quoteLeft);

  const reserve = () => {
    purchase.mutate(
      {
        currency,
        ...(currency === 'DXN' && quote.data ? { quote_id: quote.data.quote_id } : {}),
        pay_from_balance: false,
        idempotencyKey,
      },
      { onSuccess: () => setIdempotencyKey(crypto.randomUUID()) },
    );
  };

  return (
    <Stack gap="lg">
      <Text>{t('validatorKeys.intro')}</Text>
      {data && (
        <SimpleGrid cols={3} spacing="xs" data-testid="key-summary">
          {FIGURES.map((name) => (
            <Paper withBorder p="sm" key={name}>
              <Text size="xs" c="dimmed">
                {t(`validatorKeys.summary.${name}`)}
              </Text>
              <Text fw={700} size="xl" data-testid={`key-${name}`}>
                {data[name]}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {data && data.allowance === 0 && <Alert color="blue">{t('validatorKeys.noAllowance')}</Alert>}

      {reserved ? (
        <Reservation reserved={reserved} onCode={setCode} />
      ) : (
        data &&
        data.available > 0 && (
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                {t('validatorKeys.buy.title')}
              </Title>
              <SegmentedControl
                fullWidth
                value={currency}
                onChange={(value) => {
                  setCurrency(value === 'DXN' ? 'DXN' : 'USDT');
                  setIdempotencyKey(crypto.randomUUID());
                }}
                aria-label={t('validatorKeys.buy.currency')}
                data={[
                  {
                    value: 'USDT',
                    label: t('validatorKeys.buy.usdt', { price: formatAmount(data.price_usdt) }),
                  },
                  {
                    value: 'DXN',
                    label: t('validatorKeys.buy.dxn', { price: formatAmount(data.price_dxn_usdt) }),
                  },
                ]}
              />
              {currency === 'DXN' && (
                <Alert color={quoteLeft ? 'blue' : 'orange'}>
                  {quote.data && dxnAmount ? (
                    <>
                      {t('validatorKeys.buy.dxnAmount', {
                        amount: formatAmount(dxnAmount),
                        rate: formatAmount(quote.data.rate),
                      })}{' '}
                      {quoteLeft
                        ? t('products.packs.fixedFor', {
                            time: `${pad(quoteLeft.minutes)}:${pad(quoteLeft.seconds)}`,
                          })
                        : t('products.packs.quoteExpired')}
                    </>
                  ) : (
                    t('common.loading')
                  )}
                  {!quoteLeft && quote.data && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      ml="xs"
                      loading={quote.isFetching}
                      onClick={() => void quote.refetch()}
                    >
                      {t('products.packs.newQuote')}
                    </Button>
                  )}
                </Alert>
              )}
              <Text size="sm" c="dimmed">
                {t('validatorKeys.buy.rules')}
              </Text>
              <ErrorNote error={purchase.error} testId="key-buy-error" />
              <OfferNote />
              <Button onClick={reserve} loading={purchase.isPending} disabled={!canBuy} data-testid="key-buy">
                {t('validatorKeys.buy.submit')}
              </Button>
            </Stack>
          </Paper>
        )
      )}

      <ActivateForm />
      <MyKeys keys={keys.data ?? []} loading={keys.isPending} onCode={setCode} />
      <CodeModal code={code} onClose={() => setCode(null)} />
    </Stack>
  );
}
