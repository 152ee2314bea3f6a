import { Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  dxnToUsdt,
  formatMinor,
  parseMinor,
  type TProductSentence,
  tokenPackProfit,
  usdtToDxn,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, toApiAmount } from '../../../lib/format';

const read = (typed: string, currency: 'USDT' | 'DXN') => {
  const value = parseMinor(toApiAmount(typed) || '0', currency);
  return value !== null && value > 0n ? value : null;
};
const shown = (amount: bigint, currency: 'USDT' | 'DXN') => formatAmount(formatMinor(amount, currency));

/**
 * The token/USDT purchase calculator and the token-pack profit calculator (spec: 1 or 2 years),
 * computing with the functions the server credits with (@portal/contracts).
 */
export function Calculators({ offers, rate }: { offers: TProductSentence[]; rate: string | undefined }) {
  const { t } = useTranslation();
  const [usdtTyped, setUsdtTyped] = useState('');
  const [dxnTyped, setDxnTyped] = useState('');
  const [profitTyped, setProfitTyped] = useState('1000');
  const [years, setYears] = useState('1');
  const usdt = read(usdtTyped, 'USDT');
  const dxn = read(dxnTyped, 'DXN');
  const profitAmount = read(profitTyped, 'USDT');
  const offer = offers.find((item) => String(item.attributes.lock_years) === years);
  const yieldBp = Number(offer?.attributes.yield_bp ?? (years === '2' ? 2000 : 1500));
  const profit = rate && profitAmount ? tokenPackProfit(profitAmount, Number(years), rate, yieldBp) : null;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('products.calculator.title')}
          </Title>
          <TextInput
            label={t('products.calculator.usdt')}
            inputMode="decimal"
            value={usdtTyped}
            onChange={(event) => setUsdtTyped(event.currentTarget.value)}
            data-testid="calc-usdt"
          />
          <Text size="sm" data-testid="calc-usdt-result">
            {rate && usdt
              ? t('products.calculator.getsDxn', { amount: shown(usdtToDxn(usdt, rate), 'DXN') })
              : '—'}
          </Text>
          <TextInput
            label={t('products.calculator.dxn')}
            inputMode="decimal"
            value={dxnTyped}
            onChange={(event) => setDxnTyped(event.currentTarget.value)}
          />
          <Text size="sm">
            {rate && dxn
              ? t('products.calculator.costsUsdt', { amount: shown(dxnToUsdt(dxn, rate), 'USDT') })
              : '—'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('products.profit.title')}
          </Title>
          <TextInput
            label={t('products.profit.amount')}
            inputMode="decimal"
            value={profitTyped}
            onChange={(event) => setProfitTyped(event.currentTarget.value)}
            data-testid="profit-amount"
          />
          <SegmentedControl
            fullWidth
            value={years}
            onChange={setYears}
            aria-label={t('products.profit.years')}
            data={[
              { value: '1', label: t('products.profit.oneYear') },
              { value: '2', label: t('products.profit.twoYears') },
            ]}
          />
          {profit ? (
            <Table data-testid="profit-table">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('products.profit.principal')}</Table.Th>
                  <Table.Td>{shown(profit.principal, 'DXN')} DXN</Table.Td>
                </Table.Tr>
                {profit.yearly.map((amount, index) => (
                  <Table.Tr key={index}>
                    <Table.Th scope="row">{t('products.profit.year', { year: index + 1 })}</Table.Th>
                    <Table.Td>{shown(amount, 'DXN')} DXN</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">
                    {t('products.profit.profit', { percent: (yieldBp / 100) * Number(years) })}
                  </Table.Th>
                  <Table.Td data-testid="profit-profit">{shown(profit.profit, 'DXN')} DXN</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('products.profit.total')}</Table.Th>
                  <Table.Td>{shown(profit.total, 'DXN')} DXN</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm">—</Text>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
