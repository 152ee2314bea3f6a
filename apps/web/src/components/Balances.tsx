import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { TBalances } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../lib/format';

/** The header balances of spec section 2: spendable, DFT, and lifetime bonus totals. */
export function Balances({ balances, compact = false }: { balances: TBalances; compact?: boolean }) {
  const { t } = useTranslation();
  const items = [
    { key: 'usdt', label: t('balances.usdt'), value: balances.usdt, unit: 'USDT' },
    { key: 'dexnet', label: t('balances.dexnet'), value: balances.dexnet, unit: 'DXN' },
    {
      key: 'dft',
      label: t('balances.dft'),
      value: balances.dft_available,
      unit: 'DFT',
      note: t('balances.dftLocked', { amount: formatAmount(balances.dft_locked) }),
    },
    { key: 'matching', label: t('balances.matching'), value: balances.matching_bonus, unit: 'USDT' },
    { key: 'vp', label: t('balances.vp'), value: balances.vp_bonus, unit: 'USDT' },
    { key: 'other', label: t('balances.other'), value: balances.other_bonuses, unit: 'USDT' },
  ];
  if (compact) {
    return (
      <Group gap="lg" wrap="nowrap" aria-label={t('balances.title')} role="group">
        {items.slice(0, 2).map((item) => (
          <div key={item.key}>
            <Text size="xs" c="dimmed">
              {item.label}
            </Text>
            <Text size="sm" fw={600} data-testid={`balance-${item.key}`}>
              {formatAmount(item.value)} {item.unit}
            </Text>
          </div>
        ))}
      </Group>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} aria-label={t('balances.title')} role="group">
      {items.map((item) => (
        <Paper key={item.key} withBorder p="sm">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} data-testid={`balances-${item.key}`}>
            {formatAmount(item.value)} {item.unit}
          </Text>
          {item.note && (
            <Text size="xs" c="dimmed">
              {item.note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
