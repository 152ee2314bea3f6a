import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  BONUS_TYPES,
  FINANCE_ORDERINGS,
  FINANCE_PERIODS,
  lineView,
  OPERATION_TYPES,
  type TOperationStatus,
  type TTransaction,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useExportFinances } from '../api/export-finances';
import { type TFinancesFilter, useFinances } from '../api/list-finances';
import { filtersFromSearch, isFiltered, searchFromFilters } from '../lib/filters';
import { CardPaymentNotice } from '../components/CardPaymentNotice';
import { MonthlyStatement } from '../components/MonthlyStatement';
import { PayoutExplanation } from '../components/PayoutExplanation';
import { StackedTable } from '../../../components/StackedTable';
import { DateRangeInputs } from '../../../components/signed-in/DateRangeInputs';

const STATUS_COLORS: Record<TOperationStatus, string> = {
  pending: 'yellow',
  confirming: 'blue',
  completed: 'teal',
  approved: 'cyan',
  sent: 'teal',
  rejected: 'red',
  expired: 'gray',
  failed: 'red',
};

/** Deposits, withdrawals, transfers and bonuses, with filters, sorting and pages (spec section 2). */
export function TransactionsPage() {
  const { t } = useTranslation();
  // Filters and page live in the address bar: a reload, a shared link and Back keep them.
  const [search, setSearch] = useSearchParams();
  const { filter, page } = filtersFromSearch(search);
  const finances = useFinances(filter, page);
  const exporting = useExportFinances();
  const [explained, setExplained] = useState<number | null>(null);
  const setPage = (next: number) => setSearch(searchFromFilters(filter, next));
  const set = (patch: TFinancesFilter) => setSearch(searchFromFilters({ ...filter, ...patch }, 1));
  const any = { value: '', label: t('transactions.any') };
  // The card provider's page sends the partner back here with the payment's id.
  const cardPayment = Number(search.get('card_payment'));

  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle>{t('transactions.title')}</PageTitle>
        {/* Its own left margin takes the free space: it stands on the right, beside the CSV export. */}
        <MonthlyStatement ml="auto" />
        <Button
          variant="light"
          onClick={() => exporting.mutate(filter)}
          loading={exporting.isPending}
          data-testid="transactions-export"
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      {Number.isSafeInteger(cardPayment) && cardPayment > 0 && (
        <CardPaymentNotice id={cardPayment} onClose={() => setSearch(searchFromFilters(filter, page))} />
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }} component="section" aria-label={t('transactions.filters')}>
        <NativeSelect
          label={t('transactions.operationType')}
          data={[
            any,
            ...OPERATION_TYPES.map((type) => ({ value: type, label: t(`transactions.operation.${type}`) })),
          ]}
          value={filter.operation_type ?? ''}
          onChange={(event) =>
            set({
              operation_type: (event.currentTarget.value || undefined) as TFinancesFilter['operation_type'],
            })
          }
        />
        <NativeSelect
          label={t('transactions.bonusType')}
          data={[
            any,
            ...BONUS_TYPES.map((type) => ({ value: type, label: t(`transactions.bonus.${type}`) })),
          ]}
          value={filter.bonus_type ?? ''}
          onChange={(event) =>
            set({ bonus_type: (event.currentTarget.value || undefined) as TFinancesFilter['bonus_type'] })
          }
        />
        <NativeSelect
          label={t('wallet.currency')}
          data={[any, 'USDT', 'DXN', 'DFT'].map((item) =>
            typeof item === 'string' ? { value: item, label: item } : item,
          )}
          value={filter.currency ?? ''}
          onChange={(event) =>
            set({ currency: (event.currentTarget.value || undefined) as TFinancesFilter['currency'] })
          }
        />
        <NativeSelect
          label={t('transactions.period')}
          data={[
            any,
            ...FINANCE_PERIODS.map((period) => ({
              value: period,
              label: t(`transactions.periods.${period}`),
            })),
          ]}
          value={filter.period ?? ''}
          onChange={(event) =>
            set({ period: (event.currentTarget.value || undefined) as TFinancesFilter['period'] })
          }
        />
        <DateRangeInputs idPrefix="transactions" value={filter} onChange={set} />
        {/* Two columns wide: the orderings are long phrases (Spanish ones were cut on a phone). */}
        <NativeSelect
          style={{ gridColumn: 'span 2' }}
          label={t('transactions.sort')}
          data={FINANCE_ORDERINGS.map((ordering) => ({
            value: ordering,
            label: t(`transactions.orderings.${ordering}`),
          }))}
          value={filter.ordering ?? '-date'}
          onChange={(event) => set({ ordering: event.currentTarget.value as TFinancesFilter['ordering'] })}
          description={
            filter.ordering?.includes('amount') ? t('transactions.amountWithinCurrency') : undefined
          }
        />
      </SimpleGrid>
      <StackedTable minWidth={640} label={t('transactions.title')}>
        <Table striped data-testid="transactions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.columns.type')}</Table.Th>
              <Table.Th>{t('transactions.columns.date')}</Table.Th>
              <Table.Th>{t('transactions.columns.amount')}</Table.Th>
              <Table.Th>{t('transactions.columns.status')}</Table.Th>
              <Table.Th>{t('transactions.columns.chain')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {finances.data?.results.map((row) => (
              <TransactionRow key={row.id} row={row} onExplain={setExplained} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      {finances.data?.count === 0 &&
        (isFiltered(filter) ? (
          <Stack align="center" gap="xs" data-testid="transactions-no-results">
            <Text c="dimmed" ta="center">
              {t('transactions.noResults')}
            </Text>
            <Button variant="light" size="xs" onClick={() => setSearch(new URLSearchParams())}>
              {t('transactions.clearFilters')}
            </Button>
          </Stack>
        ) : (
          <Text c="dimmed" ta="center" data-testid="transactions-empty">
            {t('transactions.empty')}
          </Text>
        ))}
      <Pager count={finances.data?.count ?? 0} page={page} onChange={setPage} />
      <PayoutExplanation payoutId={explained} onClose={() => setExplained(null)} />
    </Stack>
  );
}

function TransactionRow({ row, onExplain }: { row: TTransaction; onExplain: (payoutId: number) => void }) {
  const { t } = useTranslation();
  const view = lineView(row);
  const bonus = row.bonus_type
    ? t(`transactions.bonus.${row.bonus_type}`)
    : t('transactions.operation.bonus');
  const label = view.reversal
    ? t('transactions.reversal.label', { bonus })
    : view.repayment
      ? t('transactions.repayment')
      : t(`transactions.operation.${row.operation_type}`);
  const columns = {
    type: t('transactions.columns.type'),
    date: t('transactions.columns.date'),
    amount: t('transactions.columns.amount'),
    status: t('transactions.columns.status'),
    chain: t('transactions.columns.chain'),
  };
  return (
    <Table.Tr data-testid={`transaction-${row.operation_type}`}>
      <Table.Td data-label={columns.type}>
        <div>
          <Group gap={6} wrap="nowrap" justify="inherit">
            <span data-testid="transaction-label">{label}</span>
            {view.card && (
              <Badge variant="light" color="grape" data-testid="transaction-card">
                {t('transactions.card')}
              </Badge>
            )}
          </Group>
          {row.bonus_type && !view.reversal && (
            <Text size="xs" c="dimmed">
              {t(`transactions.bonus.${row.bonus_type}`)}
            </Text>
          )}
          {view.reversal?.debt && (
            <Text size="xs" c="red.9" fw={600} data-testid="transaction-debt">
              {t('transactions.reversal.debt', {
                amount: formatAmount(view.reversal.debt),
                currency: row.currency,
              })}
            </Text>
          )}
          {view.payoutId !== null && (
            <Button
              variant="subtle"
              size="compact-xs"
              px={0}
              onClick={() => onExplain(view.payoutId!)}
              data-testid="transaction-explain"
              aria-label={t('transactions.explain.open', {
                bonus: view.reversal ? label : bonus,
                amount: formatAmount(row.amount),
                currency: row.currency,
              })}
            >
              {t('transactions.explain.button')}
            </Button>
          )}
        </div>
      </Table.Td>
      <Table.Td data-label={columns.date} style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={row.date}>{formatDateTime(row.date)}</time>
      </Table.Td>
      <Table.Td data-label={columns.amount} style={{ whiteSpace: 'nowrap' }}>
        <div>
          <Text
            span
            c={view.tone === 'out' ? 'red.9' : view.tone === 'in' ? 'teal.9' : 'dimmed'}
            td={view.returned ? 'line-through' : undefined}
            fw={600}
          >
            {formatAmount(row.amount)} {row.currency}
          </Text>
          {view.returned && (
            <Text size="xs" c="dimmed" data-testid="transaction-returned">
              {t('transactions.returned')}
            </Text>
          )}
        </div>
      </Table.Td>
      <Table.Td data-label={columns.status}>
        <Badge color={view.returned ? 'gray' : STATUS_COLORS[row.status]}>
          {view.returned ? t('transactions.status.returned') : t(`transactions.status.${row.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td
        data-label={columns.chain}
        data-empty={row.confirmations === null && !row.hash ? true : undefined}
      >
        <Group gap={4} wrap="nowrap">
          {row.confirmations !== null && (
            <Text size="sm">{t('transactions.confirmations', { count: row.confirmations })}</Text>
          )}
          {row.hash && (
            <Tooltip label={row.hash}>
              <Text size="xs" c="dimmed" style={{ fontFamily: 'monospace' }}>
                {`${row.hash.slice(0, 10)}…${row.hash.slice(-6)}`}
              </Text>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
