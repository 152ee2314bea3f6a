import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { TBonusAudit, TBonusAuditDifference, TBonusAuditRun } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/ErrorNote';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { StackedTable } from '../../../components/StackedTable';
import { generalErrorLines } from '../../../lib/errors';
import { decimalSeparator, formatDateTime } from '../../../lib/format';
import { useBonusAudit } from '../api/get-bonus-audit';
import { useStartBonusAudit } from '../api/start-bonus-audit';

type TStatus = 'none' | 'running' | 'ok' | 'differences' | 'failed' | 'unfinished';

const STATUS_COLORS: Record<TStatus, string> = {
  none: 'gray',
  running: 'blue',
  ok: 'teal',
  differences: 'red',
  failed: 'red',
  unfinished: 'orange',
};

/** Where the audit stands: a run under way first, then the last run's outcome. */
function statusOf(audit: TBonusAudit): TStatus {
  if (audit.running) return 'running';
  const run = audit.last;
  if (!run) return 'none';
  if (run.error !== null) return 'failed';
  if (run.ok === true) return 'ok';
  if (run.ok === false) return 'differences';
  return 'unfinished';
}

/**
 * /admin/bonus-audit: the replay audit (every event replayed through the engine from an empty state,
 * each posting compared with the ledger to the minor unit): its last run, its differences, and a
 * run started by hand, followed until it finishes.
 */
export function BonusAuditPage() {
  const { t } = useTranslation();
  const audit = useBonusAudit();
  const start = useStartBonusAudit();
  const refusal = generalErrorLines(start.error, t);
  if (!audit.data) return <Spinner />;
  const status = statusOf(audit.data);
  const run = audit.data.last;
  return (
    <Stack>
      <PageTitle>{t('admin.bonusAudit.title')}</PageTitle>
      <Text size="sm">{t('admin.bonusAudit.intro')}</Text>
      <Group>
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={audit.data.running}
          data-testid="bonus-audit-run"
        >
          {t('admin.bonusAudit.run')}
        </Button>
      </Group>
      <ErrorNote lines={refusal} testId="bonus-audit-error" />
      <Alert
        color={STATUS_COLORS[status]}
        role="status"
        title={t(`admin.bonusAudit.status.${status}`, { count: run?.differences ?? 0 })}
        icon={status === 'running' ? <Loader size="xs" aria-hidden /> : undefined}
        data-testid="bonus-audit-status"
      >
        {status === 'failed' && run?.error && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="bonus-audit-failure">
            {run.error}
          </Text>
        )}
      </Alert>
      {run && <RunFacts run={run} />}
      {run && run.sample.length > 0 && <Differences run={run} />}
    </Stack>
  );
}

/** A duration in milliseconds for reading: "850 ms", "12,4 s" (the language's separator). */
function useDuration() {
  const { t } = useTranslation();
  return (ms: number) =>
    ms < 1000
      ? t('admin.bonusAudit.milliseconds', { value: ms })
      : t('admin.bonusAudit.seconds', { value: (ms / 1000).toFixed(1).replace('.', decimalSeparator()) });
}

function RunFacts({ run }: { run: TBonusAuditRun }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const facts: [string, string, string][] = [
    [t('admin.bonusAudit.trigger'), t(`admin.bonusAudit.triggers.${run.trigger}`), 'trigger'],
    [t('admin.bonusAudit.started'), formatDateTime(run.started_at), 'started'],
    [
      t('admin.bonusAudit.finished'),
      run.finished_at ? formatDateTime(run.finished_at) : t('admin.bonusAudit.notFinished'),
      'finished',
    ],
    [t('admin.bonusAudit.events'), String(run.events), 'events'],
    [t('admin.bonusAudit.postings'), String(run.postings), 'postings'],
    [t('admin.bonusAudit.partners'), String(run.partners), 'partners'],
    [t('admin.bonusAudit.duration'), run.ms === null ? '-' : duration(run.ms), 'duration'],
  ];
  return (
    <section aria-labelledby="bonus-audit-run-title">
      <Title order={2} size="h4" mb="xs" id="bonus-audit-run-title">
        {t('admin.bonusAudit.lastRun')}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder maw={560}>
        <Table.Tbody>
          {facts.map(([label, value, key]) => (
            <Table.Tr key={key}>
              <Table.Th w="45%" style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Table.Th>
              <Table.Td data-testid={`bonus-audit-${key}`} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

const cell = (value: number | null) => (value === null ? '-' : String(value));

function Differences({ run }: { run: TBonusAuditRun }) {
  const { t } = useTranslation();
  const columns = {
    event: t('admin.bonusAudit.columns.event'),
    posting: t('admin.bonusAudit.columns.posting'),
    partner: t('admin.bonusAudit.columns.partner'),
    what: t('admin.bonusAudit.columns.what'),
    expected: t('admin.bonusAudit.columns.expected'),
    found: t('admin.bonusAudit.columns.found'),
  };
  const row = (difference: TBonusAuditDifference, index: number) => (
    <Table.Tr key={index} data-testid="bonus-audit-difference">
      <Table.Td data-label={columns.event}>{cell(difference.event_id)}</Table.Td>
      <Table.Td data-label={columns.posting}>{cell(difference.ordinal)}</Table.Td>
      <Table.Td data-label={columns.partner}>{cell(difference.payee_id)}</Table.Td>
      <Table.Td data-label={columns.what} style={{ overflowWrap: 'anywhere' }}>
        {difference.what}
      </Table.Td>
      <Table.Td data-label={columns.expected} style={{ overflowWrap: 'anywhere' }}>
        {difference.expected}
      </Table.Td>
      <Table.Td data-label={columns.found} style={{ overflowWrap: 'anywhere' }}>
        {difference.found}
      </Table.Td>
    </Table.Tr>
  );
  return (
    // Not a named section: the table's own scroll region carries the name, once.
    <div>
      <Title order={2} size="h4" mb="xs">
        {t('admin.bonusAudit.differences')}
      </Title>
      {run.differences > run.sample.length && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="bonus-audit-sample-note">
          {t('admin.bonusAudit.sampleNote', { shown: run.sample.length, count: run.differences })}
        </Text>
      )}
      <StackedTable minWidth={760} label={t('admin.bonusAudit.differences')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{columns.event}</Table.Th>
              <Table.Th>{columns.posting}</Table.Th>
              <Table.Th>{columns.partner}</Table.Th>
              <Table.Th>{columns.what}</Table.Th>
              <Table.Th>{columns.expected}</Table.Th>
              <Table.Th>{columns.found}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{run.sample.map(row)}</Table.Tbody>
        </Table>
      </StackedTable>
    </div>
  );
}
