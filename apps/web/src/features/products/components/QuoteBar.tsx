import { Alert, Button, Group, Text } from '@mantine/core';
import type { TRateQuote } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';
import { formatAmount } from '../../../lib/format';

const pad = (value: number) => String(value).padStart(2, '0');

type Props = { quote: TRateQuote | undefined; loading: boolean; onRefresh: () => void };

/** The DexNet price fixed for 30 minutes (spec), its countdown, and a new quote once it has run out. */
export function QuoteBar({ quote, loading, onRefresh }: Props) {
  const { t } = useTranslation();
  const left = useCountdown(quote?.expires_at ?? null);
  return (
    <Alert color={left ? 'blue' : 'orange'} data-testid="quote-bar">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {quote ? t('products.packs.rate', { rate: formatAmount(quote.rate) }) : t('common.loading')}
          {' · '}
          {left ? (
            <span data-testid="quote-countdown">
              {t('products.packs.fixedFor', { time: `${pad(left.minutes)}:${pad(left.seconds)}` })}
            </span>
          ) : (
            t('products.packs.quoteExpired')
          )}
        </Text>
        <Button size="compact-sm" variant="light" loading={loading} onClick={onRefresh}>
          {t('products.packs.newQuote')}
        </Button>
      </Group>
    </Alert>
  );
}
