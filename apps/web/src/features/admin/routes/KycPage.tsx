import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  type TKycFileParams,
  type TKycQueueEntry,
  type TKycStatus,
  ZKycDecisionRequest,
  ZKycFileParams,
} from '@portal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/ErrorNote';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { formatDateTime } from '../../../lib/format';
import { useDecideUserKyc } from '../api/decide-user-kyc';
import { useKycFile } from '../api/get-kyc-file';
import { type TKycQueueStatus, useKycQueue } from '../api/list-kyc-queue';
import { ReasonModal } from '../components/ReasonModal';

/** The filter's tabs: the ones waiting for a review first. */
const FILTERS = ['pending', 'verified', 'rejected', 'none'] as const satisfies readonly TKycStatus[];

const COLORS: Record<TKycStatus, string> = {
  none: 'gray',
  pending: 'orange',
  verified: 'teal',
  rejected: 'red',
};

type TKycFileKind = TKycFileParams['kind'];
const FILE_KINDS = ZKycFileParams.shape.kind.options;

type TDecision = 'verified' | 'rejected';

/** The partner's name, or the address when no name was given. */
const nameOf = (entry: TKycQueueEntry) => `${entry.first_name} ${entry.last_name}`.trim() || entry.email;

/**
 * Support's KYC queue (issue 22): the partners by KYC status, pending ones first and the oldest
 * submission first; an entry opens on the identity document and the selfie side by side, with the
 * decision, which asks for a reason (ReasonModal) and reads the queue again.
 */
export function KycPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TKycQueueStatus>('pending');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TKycQueueEntry | null>(null);
  // Read while an entry is open too, so that a decision refreshes the list it goes back to.
  const queue = useKycQueue(status, page);
  const entries = queue.data?.results ?? [];
  return (
    <Stack>
      <PageTitle>{t('admin.kyc.title')}</PageTitle>
      {opened ? (
        <KycReview entry={opened} onBack={() => setOpened(null)} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('admin.kyc.intro')}
          </Text>
          <Tabs
            value={status}
            onChange={(value) => {
              setStatus(FILTERS.find((name) => name === value) ?? 'pending');
              setPage(1);
            }}
          >
            <Tabs.List aria-label={t('admin.kyc.filter')}>
              {FILTERS.map((name) => (
                <Tabs.Tab key={name} value={name} data-testid={`kyc-filter-${name}`}>
                  {t(`admin.users.kycStatus.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {queue.data && entries.length === 0 && <Text size="sm">{t('admin.kyc.empty')}</Text>}
          <StackedTable minWidth={700} label={t('admin.kyc.title')}>
            <Table striped data-testid="kyc-queue">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.users.name')}</Table.Th>
                  <Table.Th>{t('fields.email')}</Table.Th>
                  <Table.Th>{t('admin.kyc.submitted')}</Table.Th>
                  <Table.Th>{t('admin.users.kyc')}</Table.Th>
                  <Table.Th>{t('admin.users.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.user_id} data-testid={`kyc-entry-${entry.user_id}`}>
                    <Table.Td data-label={t('admin.users.name')}>{nameOf(entry)}</Table.Td>
                    <Table.Td data-label={t('fields.email')} style={{ overflowWrap: 'anywhere' }}>
                      {entry.email}
                    </Table.Td>
                    <Table.Td data-label={t('admin.kyc.submitted')} style={{ whiteSpace: 'nowrap' }}>
                      {entry.submitted_at ? formatDateTime(entry.submitted_at) : '–'}
                    </Table.Td>
                    <Table.Td data-label={t('admin.users.kyc')}>
                      <StatusBadge status={entry.kyc_status} />
                    </Table.Td>
                    <Table.Td data-label={t('admin.users.actions')}>
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setOpened(entry)}
                        aria-label={t('admin.kyc.openFor', { name: nameOf(entry) })}
                        data-testid="kyc-open"
                      >
                        {t('admin.kyc.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
          <Pager count={queue.data?.count ?? 0} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function StatusBadge({ status }: { status: TKycStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`admin.users.kycStatus.${status}`)}
    </Badge>
  );
}

/** One partner's files side by side (stacked on a phone), and the decision. */
function KycReview({ entry, onBack }: { entry: TKycQueueEntry; onBack: () => void }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<TDecision | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The list gave way to the review: a screen reader's focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack data-testid="kyc-review">
      <Group>
        <Button variant="subtle" onClick={onBack} data-testid="kyc-back">
          {t('admin.kyc.back')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {nameOf(entry)}
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {entry.email}
          </Text>
          <Text size="sm" c="dimmed">
            {entry.submitted_at
              ? t('admin.kyc.submittedAt', { date: formatDateTime(entry.submitted_at) })
              : t('admin.kyc.notSubmitted')}
          </Text>
        </Stack>
        <StatusBadge status={entry.kyc_status} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FILE_KINDS.map((kind) => (
          <Paper key={kind} withBorder p="sm" data-testid={`kyc-file-${kind}`}>
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t(`admin.kyc.files.${kind}`)}
              </Title>
              {entry.files.includes(kind) ? (
                <KycFile entry={entry} kind={kind} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('admin.kyc.fileMissing')}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group>
        {entry.kyc_status !== 'verified' && (
          <Button color="teal" onClick={() => setDeciding('verified')} data-testid="kyc-verify">
            {t('admin.kyc.verify')}
          </Button>
        )}
        {entry.kyc_status !== 'rejected' && (
          <Button
            color="red"
            variant="light"
            onClick={() => setDeciding('rejected')}
            data-testid="kyc-reject"
          >
            {t('admin.kyc.reject')}
          </Button>
        )}
      </Group>
      {deciding && (
        <KycDecisionModal
          entry={entry}
          status={deciding}
          onClose={() => setDeciding(null)}
          onDecided={onBack}
        />
      )}
    </Stack>
  );
}

/** A file as it is: an image shown, a PDF behind a link (a browser shows a PDF in a tab of its own). */
function KycFile({ entry, kind }: { entry: TKycQueueEntry; kind: TKycFileKind }) {
  const { t } = useTranslation();
  const file = useKycFile({ id: entry.user_id, kind }, entry.submitted_at);
  if (file.isPending) return <Loader size="sm" aria-label={t('admin.kyc.fileLoading')} />;
  if (file.isError) return <ErrorNote error={file.error} prefix={t('admin.kyc.fileFailed')} />;
  if (file.data.type === 'application/pdf') return <PdfLink blob={file.data} />;
  return <BlobImage blob={file.data} alt={t(`admin.kyc.alt.${kind}`, { name: nameOf(entry) })} />;
}

/**
 * A ref that points the element at an object URL of `blob` while it is mounted, and revokes the
 * URL once it is not (a ref's cleanup, React 19): the file is readable only with the token, so
 * neither `src` nor `href` can be the server's address. StrictMode's second attach gets a URL of
 * its own.
 */
function useBlobUrl<T extends HTMLImageElement | HTMLAnchorElement>(blob: Blob) {
  return useCallback(
    (element: T | null) => {
      if (!element) return undefined;
      const url = URL.createObjectURL(blob);
      if (element instanceof HTMLImageElement) element.src = url;
      else element.href = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useBlobUrl<HTMLImageElement>(blob);
  return (
    <img
      ref={ref}
      alt={alt}
      style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }}
    />
  );
}

function PdfLink({ blob }: { blob: Blob }) {
  const { t } = useTranslation();
  const ref = useBlobUrl<HTMLAnchorElement>(blob);
  return (
    <Anchor ref={ref} target="_blank" rel="noopener noreferrer" size="sm">
      {t('admin.kyc.openPdf')}
    </Anchor>
  );
}

/** The decision, with its reason; a rejection's reason is shown to the partner. */
function KycDecisionModal({
  entry,
  status,
  onClose,
  onDecided,
}: {
  entry: TKycQueueEntry;
  status: TDecision;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideUserKyc();
  const rejected = status === 'rejected';
  return (
    <ReasonModal
      testId="kyc"
      title={t(`admin.users.kycDecision.title.${status}`, { email: entry.email })}
      what={[t(`admin.users.kycDecision.what.${status}`), ...(rejected ? [t('admin.kyc.reasonShown')] : [])]}
      submit={t(rejected ? 'admin.kyc.reject' : 'admin.kyc.verify')}
      done={t(`admin.users.kycDecision.done.${status}`, { email: entry.email })}
      color={rejected ? 'red' : 'teal'}
      schema={ZKycDecisionRequest}
      initialValues={{ status, reason: '' }}
      send={(body, { onSuccess, onError }) =>
        decide.mutate(
          { id: entry.user_id, ...body },
          {
            onSuccess: () => {
              onSuccess();
              onDecided();
            },
            onError,
          },
        )
      }
      pending={decide.isPending}
      error={decide.error}
      onClose={onClose}
    />
  );
}
