import { Badge, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { type TAdminWithdrawal, type TWithdrawalStatus, WITHDRAWAL_STATUSES } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type TDecision, useDecideWithdrawal } from '../api/decide-withdrawal';
import { useWithdrawals } from '../api/list-withdrawals';
import { StackedTable } from '../../../components/StackedTable';

type TWithdrawal = TAdminWithdrawal;

/** Withdrawals waiting for a decision: approve, then mark sent with the hash; or reject. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TWithdrawalStatus>('pending');
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(status, page);
  return (
    <Stack>
      <PageTitle>{t('admin.withdrawals.title')}</PageTitle>
      <Tabs
        value={status}
        onChange={(value) => {
          setStatus((value ?? 'pending') as TWithdrawalStatus);
          setPage(1);
        }}
      >
        <Tabs.List>
          {WITHDRAWAL_STATUSES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`transactions.status.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
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
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={withdrawals.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: TWithdrawal }) {
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
      <Table.Td data-label={t('admin.users.id')}>{withdrawal.id}</Table.Td>
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
