import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Tabs, Text } from '@mantine/core';
import {
  FRAUD_SIGNAL_KINDS,
  FRAUD_SIGNAL_STATUSES,
  type TFraudSignal,
  type TFraudSignalStatus,
  ZFraudReviewRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCheckFraudSignals } from '../api/check-fraud-signals';
import { type TFraudFilter, useFraudSignals } from '../api/list-fraud-signals';
import { useReviewFraudSignal } from '../api/review-fraud-signal';
import { ReasonModal } from '../components/ReasonModal';

type TDecision = Exclude<TFraudSignalStatus, 'open'>;

/** The decisions support may take, in the buttons' order. */
const DECISIONS = ['confirmed', 'dismissed'] as const satisfies readonly TDecision[];

const COLORS: Record<TFraudSignalStatus, string> = { open: 'orange', confirmed: 'red', dismissed: 'gray' };

/**
 * Support's fraud review queue (issue 22): the signals the check found, by status and kind, each
 * with what the accounts share and links to them; a signal is confirmed or dismissed with a reason
 * (ReasonModal), and "Check now" runs the check without waiting for its schedule.
 */
export function FraudPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TFraudFilter>({ status: 'open' });
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ signal: TFraudSignal; decision: TDecision } | null>(null);
  const signals = useFraudSignals(filter, page);
  const check = useCheckFraudSignals();
  const change = (patch: Partial<TFraudFilter>) => {
    setFilter({ ...filter, ...patch });
    setPage(1);
  };
  const results = signals.data?.results ?? [];
  const columns = {
    kind: t('admin.fraud.columns.kind'),
    shared: t('admin.fraud.columns.shared'),
    accounts: t('admin.fraud.columns.accounts'),
    seen: t('admin.fraud.columns.seen'),
    decision: t('admin.fraud.columns.decision'),
    actions: t('admin.fraud.columns.actions'),
  };
  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle>{t('admin.fraud.title')}</PageTitle>
        <Button
          variant="light"
          loading={check.isPending}
          onClick={() =>
            check.mutate(undefined, {
              onSuccess: (found) => notify.success(t('admin.fraud.checked', found)),
            })
          }
          data-testid="fraud-check"
        >
          {t('admin.fraud.check')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.fraud.intro')}
      </Text>
      <Tabs
        value={filter.status}
        onChange={(value) =>
          change({ status: FRAUD_SIGNAL_STATUSES.find((name) => name === value) ?? 'open' })
        }
      >
        <Tabs.List aria-label={t('admin.fraud.statusFilter')}>
          {FRAUD_SIGNAL_STATUSES.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`fraud-status-${name}`}>
              {t(`admin.fraud.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <NativeSelect
        label={t('admin.fraud.kind')}
        maw={320}
        data={[
          { value: '', label: t('admin.fraud.anyKind') },
          ...FRAUD_SIGNAL_KINDS.map((kind) => ({ value: kind, label: t(`admin.fraud.kinds.${kind}`) })),
        ]}
        value={filter.kind ?? ''}
        onChange={(event) =>
          change({ kind: FRAUD_SIGNAL_KINDS.find((kind) => kind === event.currentTarget.value) })
        }
        data-testid="fraud-kind"
      />
      {signals.data && results.length === 0 && <Text size="sm">{t('admin.fraud.empty')}</Text>}
      <StackedTable minWidth={900} label={t('admin.fraud.title')}>
        <Table striped data-testid="fraud-signals">
          <Table.Thead>
            <Table.Tr>
              {Object.values(columns).map((name) => (
                <Table.Th key={name}>{name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((signal) => (
              <Table.Tr key={signal.id} data-testid={`fraud-signal-${signal.id}`}>
                <Table.Td data-label={columns.kind}>
                  <Text size="sm" fw={500}>
                    {t(`admin.fraud.kinds.${signal.kind}`)}
                  </Text>
                </Table.Td>
                <Table.Td data-label={columns.shared} style={{ overflowWrap: 'anywhere' }}>
                  <Shared signal={signal} />
                </Table.Td>
                <Table.Td data-label={columns.accounts}>
                  <Accounts signal={signal} />
                </Table.Td>
                <Table.Td data-label={columns.seen}>
                  <Text size="xs">
                    {t('admin.fraud.firstSeen', { date: formatDateTime(signal.first_seen) })}
                  </Text>
                  <Text size="xs">
                    {t('admin.fraud.lastSeen', { date: formatDateTime(signal.last_seen) })}
                  </Text>
                </Table.Td>
                <Table.Td data-label={columns.decision}>
                  <Decision signal={signal} />
                </Table.Td>
                <Table.Td data-label={columns.actions}>
                  <Group gap={4} wrap="nowrap">
                    {DECISIONS.filter((decision) => decision !== signal.status).map((decision) => (
                      <Button
                        key={decision}
                        size="compact-xs"
                        color={decision === 'confirmed' ? 'red' : 'gray'}
                        variant="light"
                        onClick={() => setDeciding({ signal, decision })}
                        data-testid={`fraud-${decision}`}
                      >
                        {t(`admin.fraud.decide.${decision}`)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={signals.data?.count ?? 0} page={page} onChange={setPage} />
      {deciding && <ReviewModal {...deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}

/** What the accounts share, in words: the address, the browser, the wallet, the domain, the links. */
function Shared({ signal }: { signal: TFraudSignal }) {
  const { t } = useTranslation();
  const { details } = signal;
  const lines = ((): string[] => {
    switch (details.kind) {
      case 'device':
        return [
          t('admin.fraud.share.ip', { ip: details.ip }),
          t('admin.fraud.share.browser', { browser: details.user_agent }),
        ];
      case 'ip':
        return [t('admin.fraud.share.ip', { ip: details.ip })];
      case 'wallet':
        return [
          t('admin.fraud.share.wallet', { address: details.address }),
          t('admin.fraud.share.networks', { networks: details.networks.join(', ') }),
        ];
      case 'signup_burst':
        return [
          t('admin.fraud.share.ip', { ip: details.ip }),
          t('admin.fraud.share.burst', { minutes: details.window_minutes, count: details.most_in_window }),
        ];
      case 'disposable_email':
        return [t('admin.fraud.share.domain', { domain: details.domain })];
      case 'sponsor_loop':
        return [
          ...details.links.map((link) => t(`admin.fraud.share.links.${link}`)),
          ...details.shares.map((share) => t(`admin.fraud.share.loop.${share.kind}`, { value: share.value })),
        ];
    }
  })();
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="xs">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The accounts, each a link to its partner detail. */
function Accounts({ signal }: { signal: TFraudSignal }) {
  return (
    <Stack gap={4}>
      {signal.accounts.map((account) => (
        <div key={account.id} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/admin/users/${account.id}`} size="sm">
            {account.name || account.email}
          </Anchor>
          {account.name && (
            <Text size="xs" c="dimmed">
              {account.email}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

/** The status, the last decision (kept when new accounts open the signal again), and why. */
function Decision({ signal }: { signal: TFraudSignal }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={COLORS[signal.status]} variant="light">
        {t(`admin.fraud.status.${signal.status}`)}
      </Badge>
      {signal.status === 'open' && signal.reopened_at && (
        <Text size="xs">{t('admin.fraud.reopened', { date: formatDateTime(signal.reopened_at) })}</Text>
      )}
      {signal.decided_at && signal.decided_by && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.fraud.decidedBy', {
            who: signal.decided_by.email,
            date: formatDateTime(signal.decided_at),
          })}
        </Text>
      )}
      {signal.reason && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('admin.fraud.reason', { reason: signal.reason })}
        </Text>
      )}
    </Stack>
  );
}

/** The decision, asked with its reason (kept in the audit log). */
function ReviewModal({
  signal,
  decision,
  onClose,
}: {
  signal: TFraudSignal;
  decision: TDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const review = useReviewFraudSignal();
  const kind = t(`admin.fraud.kinds.${signal.kind}`);
  return (
    <ReasonModal
      testId="fraud-review"
      title={t(`admin.fraud.review.title.${decision}`, { kind })}
      what={[t(`admin.fraud.review.what.${decision}`), t('admin.fraud.review.reopens')]}
      submit={t(`admin.fraud.decide.${decision}`)}
      done={t(`admin.fraud.review.done.${decision}`)}
      color={decision === 'confirmed' ? 'red' : 'indigo'}
      schema={ZFraudReviewRequest}
      initialValues={{ decision, reason: '' }}
      send={(body, callbacks) => review.mutate({ id: signal.id, ...body }, callbacks)}
      pending={review.isPending}
      error={review.error}
      onClose={onClose}
    />
  );
}
