import { Button, Group, type MantineSpacing, NativeSelect } from '@mantine/core';
import { CURRENCIES, type TCurrency } from '@portal/contracts/plain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth, listLocale } from '../../../lib/format';
import { useDownloadStatement } from '../api/download-statement';

/** The months a statement is offered for: this one and the 11 before it (UTC, as the server counts), newest first. */
export function recentMonths(now = new Date(), count = 12): string[] {
  return Array.from({ length: count }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

/**
 * The monthly PDF statement of one currency (docs/decisions.md "Monthly statements"): a month of
 * the last twelve, the previous one first picked, as that month is over.
 */
export function MonthlyStatement({ ml }: { ml?: MantineSpacing | 'auto' }) {
  const { t } = useTranslation();
  const [months] = useState(() => recentMonths());
  const [month, setMonth] = useState(months[1]!);
  const [currency, setCurrency] = useState<TCurrency>('USDT');
  const downloading = useDownloadStatement();
  const locale = listLocale();
  return (
    <Group gap="xs" wrap="wrap" ml={ml} data-testid="statement">
      <NativeSelect
        aria-label={t('transactions.statement.month')}
        data={months.map((value) => ({ value, label: formatMonth(value, locale) }))}
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
      />
      <NativeSelect
        aria-label={t('transactions.statement.currency')}
        data={[...CURRENCIES]}
        value={currency}
        onChange={(event) => setCurrency(event.currentTarget.value as TCurrency)}
      />
      <Button
        variant="light"
        onClick={() => downloading.mutate({ month, currency })}
        loading={downloading.isPending}
      >
        {t('transactions.statement.download')}
      </Button>
    </Group>
  );
}
