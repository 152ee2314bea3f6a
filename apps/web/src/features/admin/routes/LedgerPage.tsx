import { Alert, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useLedgerHealth } from '../api/get-ledger-health';
import { Spinner } from '../../../components/Spinner';

/** The ledger's invariants, checked on demand: every currency sums to zero, kept balances match. */
export function LedgerPage() {
  const { t } = useTranslation();
  const health = useLedgerHealth();
  if (!health.data) return <Spinner />;
  const report = health.data;
  return (
    <Stack>
      <PageTitle>{t('admin.ledger.title')}</PageTitle>
      <Alert color={report.ok ? 'teal' : 'red'} data-testid="ledger-status">
        {report.ok ? t('admin.ledger.ok') : t('admin.ledger.broken')}
      </Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('wallet.currency')}</Table.Th>
            <Table.Th>{t('admin.ledger.sum')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.currencies.map((row) => (
            <Table.Tr key={row.currency}>
              <Table.Td>{row.currency}</Table.Td>
              <Table.Td>{row.postings_sum}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('admin.ledger.unbalanced', { count: report.unbalanced_transfers })}</Text>
      <Text size="sm">{t('admin.ledger.negative', { count: report.negative_user_accounts })}</Text>
      <Text size="sm">{t('admin.ledger.mismatched', { count: report.mismatched_accounts.length })}</Text>
    </Stack>
  );
}
