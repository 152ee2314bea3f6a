import { Badge, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  BONUS_TYPES,
  FINANCE_ORDERINGS,
  FINANCE_PERIODS,
  OPERATION_TYPES,
  type TOperationStatus,
  type TTransaction,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { formatAmount, formatDate } from '../../../lib/format';
import { type TFinancesFilter, useFinances } from '../api/list-finances';

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
  const [filter, setFilter] = useState<TFinancesFilter>({ ordering: '-date' });
  const [page, setPage] = useState(1);
  const finances = useFinances(filter, page);
  const set = (patch: TFinancesFilter) => {
    setFilter((current) =>
      Object.fromEntries(
        Object.entries({ ...current, ...patch }).filter(([, value]) => value !== '' && value !== undefined),
      ),
    );
    setPage(1);
  };
  const any = { value: '', label: t('transactions.any') };

  return (
    <Stack>
      <PageTitle>{t('transactions.title')}</PageTitle>
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
        <DatePickerInput
          label={t('transactions.from')}
          valueFormat="DD.MM.YYYY"
          clearable
          value={filter.date_from ?? null}
          onChange={(value) => set({ date_from: value ?? undefined })}
        />
        <DatePickerInput
          label={t('transactions.to')}
          valueFormat="DD.MM.YYYY"
          clearable
          value={filter.date_to ?? null}
          onChange={(value) => set({ date_to: value ?? undefined })}
        />
        <NativeSelect
          label={t('transactions.sort')}
          data={FINANCE_ORDERINGS.map((ordering) => ({
            value: ordering,
            label: t(`transactions.orderings.${ordering}`),
          }))}
          value={filter.ordering ?? '-date'}
          onChange={(event) => set({ ordering: event.currentTarget.value as TFinancesFilter['ordering'] })}
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={640}>
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
              <TransactionRow key={row.id} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {finances.data?.count === 0 && (
        <Text c="dimmed" ta="center">
          {t('transactions.empty')}
        </Text>
      )}
      <Pager count={finances.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function TransactionRow({ row }: { row: TTransaction }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`transaction-${row.operation_type}`}>
      <Table.Td>
        {t(`transactions.operation.${row.operation_type}`)}
        {row.bonus_type && (
          <Text size="xs" c="dimmed">
            {t(`transactions.bonus.${row.bonus_type}`)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatDate(row.date)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text span c={row.amount.startsWith('-') ? 'red.9' : 'teal.9'} fw={600}>
          {formatAmount(row.amount)} {row.currency}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[row.status]}>{t(`transactions.status.${row.status}`)}</Badge>
      </Table.Td>
      <Table.Td>
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
