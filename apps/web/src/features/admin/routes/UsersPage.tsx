import { Anchor, Badge, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { effectiveRoles, mayActAs, type TAdminUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/format';
import { useUsers } from '../api/list-users';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { UserActions } from '../components/UserActions';

export function UsersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(page, query);
  const mayEditRoles = mayActAs(useProfile().data?.roles ?? [], 'admin');
  return (
    <Stack>
      <PageTitle>{t('admin.users.title')}</PageTitle>
      <TextInput
        label={t('common.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <StackedTable minWidth={1100} label={t('admin.users.title')}>
        <Table striped data-testid="users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.id')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('admin.users.name')}</Table.Th>
              <Table.Th>{t('admin.users.referralId')}</Table.Th>
              <Table.Th>{t('admin.users.mentor')}</Table.Th>
              <Table.Th>{t('admin.users.joined')}</Table.Th>
              <Table.Th>{t('admin.users.roles')}</Table.Th>
              <Table.Th>{t('admin.users.kyc')}</Table.Th>
              <Table.Th>{t('admin.users.mfa')}</Table.Th>
              <Table.Th>{t('admin.users.flags')}</Table.Th>
              <Table.Th>{t('admin.users.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.results.map((user) => (
              <UserRow key={user.id} user={user} mayEditRoles={mayEditRoles} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={users.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function UserRow({ user, mayEditRoles }: { user: TAdminUser; mayEditRoles: boolean }) {
  const { t } = useTranslation();
  const roles = effectiveRoles(user.is_superuser, user.roles);
  return (
    <Table.Tr data-testid={`user-${user.id}`}>
      <Table.Td data-label={t('admin.users.id')}>{user.id}</Table.Td>
      <Table.Td data-label={t('fields.email')} style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Table.Td>
      <Table.Td data-label={t('admin.users.name')}>
        <Anchor component={Link} to={`/admin/users/${user.id}`} size="sm" data-testid="user-detail">
          {`${user.first_name} ${user.last_name}`.trim() || user.email}
        </Anchor>
      </Table.Td>
      <Table.Td data-label={t('admin.users.referralId')}>{user.referral_id}</Table.Td>
      <Table.Td data-label={t('admin.users.mentor')}>
        {user.mentor_id !== null && (
          <span>
            {user.mentor_name ?? ''}
            <Text span size="xs" c="dimmed">{` #${user.mentor_id}`}</Text>
          </span>
        )}
      </Table.Td>
      <Table.Td data-label={t('admin.users.joined')}>{formatDate(user.date_joined)}</Table.Td>
      <Table.Td data-label={t('admin.users.roles')} data-testid="user-roles">
        {roles.length === 0 ? (
          <Text span size="sm" c="dimmed">
            {t('admin.users.noRoles')}
          </Text>
        ) : (
          <Group gap={4}>
            {roles.map((role) => (
              <Badge key={role} variant="light">
                {t(`admin.roles.${role}`)}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td data-label={t('admin.users.kyc')} data-testid="user-kyc">
        {t(`admin.users.kycStatus.${user.kyc_status}`)}
      </Table.Td>
      <Table.Td data-label={t('admin.users.mfa')} data-testid="user-mfa">
        {user.mfa_enabled ? t('profile.mfa.on') : t('profile.mfa.off')}
      </Table.Td>
      <Table.Td data-label={t('admin.users.flags')}>
        {user.is_superuser && <Badge mr={4}>{t('admin.users.superuser')}</Badge>}
        {!user.is_active && (
          <Badge color="red" data-testid="user-blocked">
            {t('admin.users.blocked')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-label={t('admin.users.actions')}>
        <UserActions user={user} mayEditRoles={mayEditRoles} />
      </Table.Td>
    </Table.Tr>
  );
}
