import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CHAIN_CURRENCIES,
  NETWORKS,
  type TAdminWithdrawal,
  type TAdminWithdrawalsFilter,
  type TChainCurrency,
  type TNetwork,
  type TWithdrawalStatus,
  WITHDRAWAL_STATUSES,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type TDecision, useDecideWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawals } from '../api/list-withdrawals';
import { useApproveWithdrawals, useExportWithdrawals } from '../api/withdrawal-queue';
import { StackedTable } from '../../../components/StackedTable';

type TWithdrawal = TAdminWithdrawal;

/**
 * The withdrawal queue (finance): by status, currency and network; pending ones approved one by
 * one or several at once; approved ones marked sent with the hash, or rejected; the queue as CSV
 * for the wallet team.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TAdminWithdrawalsFilter>({ status: 'pending' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const withdrawals = useWithdrawals(filter, page);
  const approveMany = useApproveWithdrawals();
  const exporting = useExportWithdrawals();
  const change = (patch: Partial<TAdminWithdrawalsFilter>) => {
    setFilter({ ...filter, ...patch });
    setPage(1);
    setSelected(new Set());
  };
  const pendingHere = (withdrawals.data?.results ?? []).filter((row) => row.status === 'pending');
  const allSelected = pendingHere.length > 0 && pendingHere.every((row) => selected.has(row.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    setSelected(next);
  };
  const approveSelected = () =>
    approveMany.mutate([...selected], {
      onSuccess: (result) => {
        notify.success(t('admin.withdrawals.approvedMany', { count: result.approved.length }));
        if (result.refused.length > 0)
          notify.error(
            result.refused.map(({ id, detail }) =>
              t('admin.withdrawals.refusedOne', { id, detail: translateMessage(t, detail) }),
            ),
          );
        setSelected(new Set());
        setConfirming(false);
      },
    });
  const any = { value: '', label: t('transactions.any') };
  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle>{t('admin.withdrawals.title')}</PageTitle>
        <Button
          variant="light"
          onClick={() => exporting.mutate(filter)}
          loading={exporting.isPending}
          data-testid="withdrawals-export"
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      <Tabs
        value={filter.status ?? 'pending'}
        onChange={(value) => change({ status: (value ?? 'pending') as TWithdrawalStatus })}
      >
        <Tabs.List>
          {WITHDRAWAL_STATUSES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`transactions.status.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NativeSelect
          label={t('wallet.currency')}
          data={[any, ...CHAIN_CURRENCIES.map((currency) => ({ value: currency, label: currency }))]}
          value={filter.currency ?? ''}
          onChange={(event) =>
            change({ currency: (event.currentTarget.value || undefined) as TChainCurrency })
          }
        />
        <NativeSelect
          label={t('wallet.network')}
          data={[any, ...NETWORKS.map((network) => ({ value: network, label: network }))]}
          value={filter.network ?? ''}
          onChange={(event) => change({ network: (event.currentTarget.value || undefined) as TNetwork })}
        />
      </SimpleGrid>
      {filter.status === 'pending' && pendingHere.length > 0 && (
        <Group>
          <Checkbox
            label={t('admin.withdrawals.selectAll')}
            checked={allSelected}
            indeterminate={!allSelected && pendingHere.some((row) => selected.has(row.id))}
            onChange={() => setSelected(allSelected ? new Set() : new Set(pendingHere.map((row) => row.id)))}
          />
          <Button
            size="xs"
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
            data-testid="withdrawals-approve-selected"
          >
            {t('admin.withdrawals.approveSelected', { count: selected.size })}
          </Button>
        </Group>
      )}
      <StackedTable minWidth={800} label={t('admin.withdrawals.title')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.id')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('wallet.amount')}</Table.Th>
              <Table.Th>{t('wallet.withdraw.address')}</Table.Th>
              <Table.Th>{t('transactions.columns.date')}</Table.Th>
              <Table.Th>{t('transactions.columns.status')}</Table.Th>
              <Table.Th>{t('admin.withdrawals.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withdrawals.data?.results.map((withdrawal) => (
              <WithdrawalRow
                key={withdrawal.id}
                withdrawal={withdrawal}
                selected={selected.has(withdrawal.id)}
                onToggle={() => toggle(withdrawal.id)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={withdrawals.data?.count ?? 0} page={page} onChange={setPage} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.withdrawals.confirmTitle', { count: selected.size })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text size="sm">{t('admin.withdrawals.confirmText')}</Text>
          <Button onClick={approveSelected} loading={approveMany.isPending} data-autofocus>
            {t('admin.withdrawals.approveSelected', { count: selected.size })}
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

function WithdrawalRow({
  withdrawal,
  selected,
  onToggle,
}: {
  withdrawal: TWithdrawal;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideWithdrawal();
  const [asking, setAsking] = useState<'reject' | 'send' | null>(null);
  const [text, setText] = useState('');
  const act = (decision: TDecision) =>
    decide.mutate(
      { id: withdrawal.id, decision },
      {
        onSuccess: () => {
          notify.success(t(`admin.withdrawals.done.${decision.action}`));
          setAsking(null);
          setText('');
        },
      },
    );
  return (
    <Table.Tr data-testid={`withdrawal-${withdrawal.id}`}>
      <Table.Td data-label={t('admin.users.id')}>
        <Group gap={6} wrap="nowrap">
          {withdrawal.status === 'pending' && (
            <Checkbox
              checked={selected}
              onChange={onToggle}
              aria-label={t('admin.withdrawals.select', { id: withdrawal.id })}
            />
          )}
          {withdrawal.id}
        </Group>
      </Table.Td>
      <Table.Td data-label={t('fields.email')}>{withdrawal.email}</Table.Td>
      <Table.Td data-label={t('wallet.amount')} style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(withdrawal.amount)} {withdrawal.currency}
        <Text size="xs" c="dimmed">
          {t('admin.withdrawals.fee', { fee: formatAmount(withdrawal.fee) })}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('wallet.withdraw.address')} style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{withdrawal.address}</Text>
        <Text size="xs" c="dimmed">
          {withdrawal.network}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('transactions.columns.date')}>{formatDateTime(withdrawal.created_at)}</Table.Td>
      <Table.Td data-label={t('transactions.columns.status')}>
        <Badge>{t(`transactions.status.${withdrawal.status}`)}</Badge>
        {withdrawal.tx_hash && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {withdrawal.tx_hash}
          </Text>
        )}
        {withdrawal.reason && (
          <Text size="xs" c="dimmed">
            {withdrawal.reason}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t('admin.withdrawals.actions')}>
        <Group gap={4} wrap="nowrap">
          {withdrawal.status === 'pending' && (
            <Button size="compact-xs" onClick={() => act({ action: 'approve' })} loading={decide.isPending}>
              {t('admin.withdrawals.approve')}
            </Button>
          )}
          {withdrawal.status === 'approved' && (
            <Button size="compact-xs" onClick={() => setAsking('send')}>
              {t('admin.withdrawals.send')}
            </Button>
          )}
          {(withdrawal.status === 'pending' || withdrawal.status === 'approved') && (
            <Button size="compact-xs" color="red" variant="light" onClick={() => setAsking('reject')}>
              {t('admin.withdrawals.reject')}
            </Button>
          )}
        </Group>
        <Modal
          opened={asking !== null}
          onClose={() => setAsking(null)}
          title={asking === 'send' ? t('admin.withdrawals.sendTitle') : t('admin.withdrawals.rejectTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              act(
                asking === 'send'
                  ? { action: 'send', tx_hash: text.trim() }
                  : { action: 'reject', reason: text.trim() },
              );
            }}
          >
            <Stack>
              <TextInput
                label={asking === 'send' ? t('admin.withdrawals.txHash') : t('admin.withdrawals.reason')}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                required
                data-autofocus
              />
              <Button type="submit" loading={decide.isPending} disabled={!text.trim()}>
                {asking === 'send' ? t('admin.withdrawals.send') : t('admin.withdrawals.reject')}
              </Button>
            </Stack>
          </form>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}
