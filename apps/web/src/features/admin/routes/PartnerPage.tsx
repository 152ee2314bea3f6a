import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { mayActAs, type TPartnerDetail, type TPartnerPerson, ZPartnerNoteRequest } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { PageTitle } from '../../../components/PageTitle';
import { StackedTable } from '../../../components/StackedTable';
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { useAddPartnerNote } from '../api/add-partner-note';
import { usePartner } from '../api/get-partner';
import { PartnerActions } from '../components/PartnerActions';
import { UserActions } from '../components/UserActions';

const nameOf = (person: Pick<TPartnerPerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim();

/** A partner, linked to their own detail. */
function PersonLink({ person }: { person: TPartnerPerson }) {
  return (
    <Anchor component={Link} to={`/admin/users/${person.id}`} size="sm">
      {nameOf(person) || person.email}
      <Text span size="xs" c="dimmed">{` #${person.id}`}</Text>
    </Anchor>
  );
}

/** A card of label and value lines. */
function Facts({ title, rows, testId }: { title: string; rows: [string, ReactNode][]; testId: string }) {
  return (
    <Card withBorder data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }} component="div">
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * One partner as support needs to see them (issue 22): who they are, where they sit in both trees,
 * their tariff, money, recent lines, sessions, KYC and two-factor, support's notes, and the
 * actions on them.
 */
export function PartnerPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const partner = usePartner(id);
  const operatorRoles = useProfile().data?.roles ?? [];
  const mayEditRoles = mayActAs(operatorRoles, 'admin');
  if (!partner.data) return <PageTitle>{t('admin.partner.title')}</PageTitle>;
  const detail = partner.data;
  const { profile } = detail;
  return (
    <Stack>
      <Anchor component={Link} to="/admin/users" size="sm">
        {t('admin.partner.back')}
      </Anchor>
      <PageTitle>{nameOf(profile) || profile.email}</PageTitle>
      <Group gap="xs" data-testid="partner-flags">
        {!profile.is_active && <Badge color="red">{t('admin.users.blocked')}</Badge>}
        {profile.roles.map((role) => (
          <Badge key={role} variant="light">
            {t(`admin.roles.${role}`)}
          </Badge>
        ))}
        <Badge variant="outline">{t(`admin.users.kycStatus.${profile.kyc_status}`)}</Badge>
        <Badge variant="outline">
          {t('admin.users.mfa')}: {profile.mfa_enabled ? t('profile.mfa.on') : t('profile.mfa.off')}
        </Badge>
      </Group>
      <Group gap={4}>
        <UserActions user={profile} mayEditRoles={mayEditRoles} />
        <PartnerActions partner={profile} roles={operatorRoles} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Facts
          testId="partner-identity"
          title={t('admin.partner.identity')}
          rows={[
            [t('admin.users.id'), profile.id],
            [t('fields.email'), profile.email],
            [t('fields.username'), profile.username ?? '—'],
            [t('fields.phone'), profile.phone || '—'],
            [t('fields.country'), profile.country || '—'],
            [t('admin.users.referralId'), profile.referral_id],
            [t('admin.users.joined'), formatDate(detail.date_joined)],
            ...(profile.kyc_reason
              ? [[t('admin.partner.kycReason'), profile.kyc_reason] as [string, ReactNode]]
              : []),
          ]}
        />
        <Facts
          testId="partner-money"
          title={t('admin.partner.money')}
          rows={[
            ['USDT', formatAmount(profile.balances.usdt)],
            ['DXN', formatAmount(profile.balances.dexnet)],
            ['DFT', formatAmount(profile.balances.dft_available)],
            [
              t('admin.partner.debt'),
              <Text
                key="debt"
                span
                size="sm"
                c={profile.balances.debt === '0.000000' ? undefined : 'red.9'}
                fw={600}
              >
                {formatAmount(profile.balances.debt)} USDT
              </Text>,
            ],
          ]}
        />
        <Facts
          testId="partner-tariff"
          title={t('admin.partner.tariff')}
          rows={[
            [t('admin.partner.package'), detail.tariff.package?.name ?? '—'],
            [t('admin.partner.status'), t(`tariffs.status.${detail.tariff.status}`)],
            [
              t('admin.partner.cap'),
              `${formatAmount(detail.tariff.earned)} / ${formatAmount(detail.tariff.cap)} USDT`,
            ],
            [t('admin.partner.capLeft'), `${formatAmount(detail.tariff.cap_left)} USDT`],
          ]}
        />
        <Facts
          testId="partner-binary"
          title={t('admin.partner.binary')}
          rows={[
            [
              t('admin.partner.parent'),
              detail.binary.parent ? <PersonLink person={detail.binary.parent} /> : '—',
            ],
            [
              t('admin.partner.position'),
              detail.binary.position ? t(`admin.partner.sides.${detail.binary.position}`) : '—',
            ],
            [t('admin.partner.depth'), detail.binary.depth ?? '—'],
            [t('admin.partner.invitesTo'), t(`admin.partner.sides.${detail.binary.side}`)],
          ]}
        />
        <SponsorLine line={detail.sponsor_line} />
      </SimpleGrid>
      <RecentLines detail={detail} />
      <Sessions detail={detail} />
      <Notes id={id} detail={detail} />
    </Stack>
  );
}

function SponsorLine({ line }: { line: TPartnerDetail['sponsor_line'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="partner-sponsors">
      <Title order={2} size="h4" mb="xs">
        {t('admin.partner.sponsors')}
      </Title>
      {line.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.partner.noSponsor')}
        </Text>
      ) : (
        <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {line.map((sponsor) => (
            <Group key={sponsor.id} gap="xs" component="li" wrap="nowrap">
              <Badge size="sm" variant="light" miw={32}>
                {sponsor.level}
              </Badge>
              <PersonLink person={sponsor} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function RecentLines({ detail }: { detail: TPartnerDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="partner-transactions">
      <Title order={2} size="h4" mb="xs">
        {t('admin.partner.recent')}
      </Title>
      {detail.transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transactions.empty')}
        </Text>
      ) : (
        <StackedTable minWidth={560} label={t('admin.partner.recent')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transactions.columns.type')}</Table.Th>
                <Table.Th>{t('transactions.columns.date')}</Table.Th>
                <Table.Th>{t('transactions.columns.amount')}</Table.Th>
                <Table.Th>{t('transactions.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.transactions.map((line) => (
                <Table.Tr key={`${line.operation_type}-${line.id}`}>
                  <Table.Td data-label={t('transactions.columns.type')}>
                    {line.bonus_type
                      ? t(`transactions.bonus.${line.bonus_type}`)
                      : t(`transactions.operation.${line.operation_type}`)}
                  </Table.Td>
                  <Table.Td data-label={t('transactions.columns.date')}>{formatDateTime(line.date)}</Table.Td>
                  <Table.Td data-label={t('transactions.columns.amount')} style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(line.amount)} {line.currency}
                  </Table.Td>
                  <Table.Td data-label={t('transactions.columns.status')}>
                    {t(`transactions.status.${line.status}`)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      )}
    </Card>
  );
}

function Sessions({ detail }: { detail: TPartnerDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="partner-sessions">
      <Title order={2} size="h4" mb="xs">
        {t('admin.partner.sessions')}
      </Title>
      {detail.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.partner.noSessions')}
        </Text>
      ) : (
        <Stack gap="xs">
          {detail.sessions.map((session) => (
            <div key={session.created_at}>
              <Text size="sm">
                {t('admin.partner.signedIn', {
                  date: formatDateTime(session.created_at),
                  ip: session.ip ?? '—',
                })}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {session.user_agent ?? '—'}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Notes({ id, detail }: { id: number; detail: TPartnerDetail }) {
  const { t } = useTranslation();
  const add = useAddPartnerNote(id);
  const form = useForm({ initialValues: { text: '' }, validate: zodValidate(ZPartnerNoteRequest, t) });
  const submit = form.onSubmit((values) =>
    add.mutate(values.text, {
      onSuccess: () => form.reset(),
      onError: (error) => showServerErrors(form, error, t),
    }),
  );
  return (
    <Card withBorder data-testid="partner-notes">
      <Title order={2} size="h4" mb="xs">
        {t('admin.partner.notes')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea label={t('admin.partner.newNote')} rows={3} {...form.getInputProps('text')} />
          <Group>
            <Button type="submit" size="xs" loading={add.isPending}>
              {t('admin.partner.addNote')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="sm" mt="md">
        {detail.notes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.partner.noNotes')}
          </Text>
        )}
        {detail.notes.map((note) => (
          <div key={note.id} data-testid="partner-note">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {note.text}
            </Text>
            <Text size="xs" c="dimmed">
              {t('admin.partner.noteBy', {
                author: note.author ? nameOf(note.author) || note.author.email : '—',
                date: formatDateTime(note.created_at),
              })}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
