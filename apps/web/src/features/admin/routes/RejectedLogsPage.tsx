import { Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { formatDate } from '../../../lib/format';
import { useRejectedLogs } from '../api/list-rejected-logs';

/** Chain logs the watcher could not take: kept with their reason for an admin to look into. */
export function RejectedLogsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const logs = useRejectedLogs(page);
  const results = logs.data?.results ?? [];
  return (
    <Stack>
      <PageTitle>{t('admin.rejectedLogs.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('admin.rejectedLogs.intro')}
      </Text>
      {logs.data && results.length === 0 && <Text size="sm">{t('admin.rejectedLogs.empty')}</Text>}
      {results.map((log) => (
        <Paper key={log.id} withBorder p="sm" data-testid="rejected-log">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {log.reason}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(log.created_at)}
              </Text>
            </Group>
            <Field label={t('admin.rejectedLogs.transaction')}>
              {`${log.chain} · ${log.tx_hash} · ${log.log_index} · ${t('admin.rejectedLogs.block', { block: log.block_number })}`}
            </Field>
            <Field label={t('admin.rejectedLogs.contract')}>{log.contract}</Field>
            <Field label={t('admin.rejectedLogs.to')}>{log.to_address ?? '–'}</Field>
            <Field label={t('admin.rejectedLogs.partner')}>{log.user_email ?? '–'}</Field>
            <Field label={t('admin.rejectedLogs.rawAmount')}>{log.raw_amount ?? '–'}</Field>
          </Stack>
        </Paper>
      ))}
      <Pager count={logs.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: string }) {
  return (
    <Text size="xs">
      {label}: <Code style={{ overflowWrap: 'anywhere' }}>{children}</Code>
    </Text>
  );
}
