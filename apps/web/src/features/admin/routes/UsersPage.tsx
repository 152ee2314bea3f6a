import { Badge, Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TAdminUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useSetUserBlocked } from '../api/block-user';
import { useUsers } from '../api/list-users';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';

export function UsersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(page, query);
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
      <StackedTable minWidth={720} label={t('admin.users.title')}>
        <Table striped data-testid="users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.id')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('admin.users.name')}</Table.Th>
              <Table.Th>{t('admin.users.referralId')}</Table.Th>
              <Table.Th>{t('admin.users.mentor')}</Table.Th>
              <Table.Th>{t('admin.users.joined')}</Table.Th>
              <Table.Th>{t('admin.users.flags')}</Table.Th>
              <Table.Th>{t('admin.users.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.results.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={users.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function UserRow({ user }: { user: TAdminUser }) {
  const { t } = useTranslation();
  const setBlocked = useSetUserBlocked();
  const toggle = () =>
    setBlocked.mutate(
      { id: user.id, blocked: user.is_active },
      {
        onSuccess: () =>
          notify.success(
            t(user.is_active ? 'admin.users.blockedDone' : 'admin.users.unblockedDone', {
              email: user.email,
            }),
          ),
      },
    );
  return (
    <Table.Tr data-testid={`user-${user.id}`}>
      <Table.Td data-label={t('admin.users.id')}>{user.id}</Table.Td>
      <Table.Td data-label={t('fields.email')} style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Table.Td>
      <Table.Td data-label={t('admin.users.name')}>{`${user.first_name} ${user.last_name}`.trim()}</Table.Td>
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
      <Table.Td data-label={t('admin.users.flags')}>
        {user.is_superuser && <Badge mr={4}>{t('admin.users.superuser')}</Badge>}
        {user.mfa_enabled && (
          <Badge color="teal" mr={4}>
            {t('admin.users.mfa')}
          </Badge>
        )}
        {!user.is_active && (
          <Badge color="red" data-testid="user-blocked">
            {t('admin.users.blocked')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td data-label={t('admin.users.actions')}>
        {!user.is_superuser && (
          <Button
            size="compact-xs"
            variant="light"
            color={user.is_active ? 'red' : 'teal'}
            loading={setBlocked.isPending}
            onClick={toggle}
            data-testid={user.is_active ? 'block-user' : 'unblock-user'}
          >
            {user.is_active ? t('admin.users.block') : t('admin.users.unblock')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
