import { Code, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TAuditEntry } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { formatDateTime } from '../../../lib/format';
import { useAudit } from '../api/list-audit';

/** A state before or after an action, on one line: `{"is_active":true}`; a dash for none. */
const compactJson = (state: TAuditEntry['before']) => (state === null ? '–' : JSON.stringify(state));

/** Who did what to what, and why: the operators' actions, newest first, filtered by actor and action. */
export function AuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [actor, setActor] = useState<string | number>('');
  const [action, setAction] = useState('');
  const [actorId] = useDebouncedValue(typeof actor === 'number' ? actor : undefined, 300);
  const [actionName] = useDebouncedValue(action.trim() || undefined, 300);
  const audit = useAudit(page, { actor_id: actorId, action: actionName });
  const entries = audit.data?.results ?? [];
  return (
    <Stack>
      <PageTitle>{t('admin.audit.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('admin.audit.intro')}
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t('admin.audit.actor')}
          value={actor}
          onChange={(value) => {
            setActor(value);
            setPage(1);
          }}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          miw={160}
          data-testid="audit-actor"
        />
        <TextInput
          label={t('admin.audit.action')}
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value);
            setPage(1);
          }}
          miw={160}
          data-testid="audit-action"
        />
      </Group>
      {audit.data && entries.length === 0 && <Text size="sm">{t('admin.audit.empty')}</Text>}
      <StackedTable minWidth={900} label={t('admin.audit.title')}>
        <Table striped data-testid="audit">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.columns.date')}</Table.Th>
              <Table.Th>{t('admin.audit.actor')}</Table.Th>
              <Table.Th>{t('admin.audit.action')}</Table.Th>
              <Table.Th>{t('admin.audit.target')}</Table.Th>
              <Table.Th>{t('admin.audit.reason')}</Table.Th>
              <Table.Th>{t('admin.audit.change')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="audit-entry">
                <Table.Td data-label={t('transactions.columns.date')} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.created_at)}
                </Table.Td>
                <Table.Td data-label={t('admin.audit.actor')}>
                  {entry.actor_id ?? t('admin.audit.system')}
                </Table.Td>
                <Table.Td data-label={t('admin.audit.action')} style={{ overflowWrap: 'anywhere' }}>
                  {entry.action}
                </Table.Td>
                <Table.Td data-label={t('admin.audit.target')} style={{ overflowWrap: 'anywhere' }}>
                  {entry.target}
                </Table.Td>
                <Table.Td data-label={t('admin.audit.reason')} style={{ overflowWrap: 'anywhere' }}>
                  {entry.reason ?? '–'}
                </Table.Td>
                <Table.Td data-label={t('admin.audit.change')}>
                  <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {`${compactJson(entry.before)} → ${compactJson(entry.after)}`}
                  </Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={audit.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
