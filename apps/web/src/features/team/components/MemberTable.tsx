import { Badge, Button, Table, Text } from '@mantine/core';
import type { TTeamMemberRow } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StackedTable } from '../../../components/StackedTable';
import { formatDate } from '../../../lib/format';
import { formatTrail } from '../lib/trail';

/**
 * Team members as a table (first line, registrations, a team level, search results): a page at a
 * time, so however large the team, no more rows than a page. Stacked rows on a phone.
 */
export function MemberTable({
  label,
  members,
  testId,
}: {
  label: string;
  members: TTeamMemberRow[];
  testId: string;
}) {
  const { t } = useTranslation();
  const columns = {
    partner: t('team.columns.partner'),
    email: t('team.columns.email'),
    joined: t('team.columns.joined'),
    tariff: t('team.columns.tariff'),
    leg: t('team.columns.leg'),
    firstLine: t('team.columns.firstLine'),
    team: t('team.columns.team'),
  };
  return (
    <StackedTable minWidth={760} label={label}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {Object.values(columns).map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <MemberRow key={member.id} member={member} columns={columns} />
          ))}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

function MemberRow({ member, columns }: { member: TTeamMemberRow; columns: Record<string, string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = `${member.first_name} ${member.last_name}`;
  return (
    <Table.Tr data-testid="team-member">
      <Table.Td data-label={columns.partner}>
        <div>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {member.username
              ? t('team.idAndLogin', { id: member.id, username: member.username })
              : t('team.id', { id: member.id })}
          </Text>
          <div>
            <Button
              variant="subtle"
              size="compact-xs"
              px={0}
              onClick={() => void navigate(`/team/binary?trail=${formatTrail([member.id])}`)}
              aria-label={t('team.showInTreeOf', { name })}
            >
              {t('team.showInTree')}
            </Button>
          </div>
        </div>
      </Table.Td>
      <Table.Td data-label={columns.email} style={{ wordBreak: 'break-all' }}>
        {member.email ?? (
          <span title={t('team.emailHidden')} aria-label={t('team.emailHidden')}>
            —
          </span>
        )}
      </Table.Td>
      <Table.Td data-label={columns.joined}>
        <time dateTime={member.date_joined}>{formatDate(member.date_joined)}</time>
      </Table.Td>
      <Table.Td data-label={columns.tariff}>
        <TariffBadge tariff={member.tariff} status={member.status} />
      </Table.Td>
      <Table.Td data-label={columns.leg}>{member.leg ? t(`team.legs.${member.leg}`) : '—'}</Table.Td>
      <Table.Td data-label={columns.firstLine}>{member.first_line_count}</Table.Td>
      <Table.Td data-label={columns.team}>{member.downline_count}</Table.Td>
    </Table.Tr>
  );
}

/** A partner's tariff and its state, or "no tariff". */
export function TariffBadge({ tariff, status }: { tariff: string | null; status: TTeamMemberRow['status'] }) {
  const { t } = useTranslation();
  if (!tariff)
    return (
      <Text size="xs" c="dimmed">
        {t('team.noTariff')}
      </Text>
    );
  return (
    <Badge variant="light" color={status === 'Active' ? 'teal' : 'gray'} tt="none">
      {t('team.tariffState', {
        tariff,
        status: status ? t(`tariffs.status.${status}`) : '',
      })}
    </Badge>
  );
}
