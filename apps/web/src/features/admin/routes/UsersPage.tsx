import { Badge, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/format';
import { useUsers } from '../api/list-users';
import { Pager } from '../../../components/Pager';

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
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.id')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('admin.users.name')}</Table.Th>
              <Table.Th>{t('admin.users.referralId')}</Table.Th>
              <Table.Th>{t('admin.users.mentor')}</Table.Th>
              <Table.Th>{t('admin.users.joined')}</Table.Th>
              <Table.Th>{t('admin.users.flags')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.results.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.id}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{`${user.first_name} ${user.last_name}`.trim()}</Table.Td>
                <Table.Td>{user.referral_id}</Table.Td>
                <Table.Td>{user.mentor_id ?? ''}</Table.Td>
                <Table.Td>{formatDate(user.date_joined)}</Table.Td>
                <Table.Td>
                  {user.is_superuser && <Badge mr={4}>{t('admin.users.superuser')}</Badge>}
                  {user.mfa_enabled && (
                    <Badge color="teal" mr={4}>
                      {t('admin.users.mfa')}
                    </Badge>
                  )}
                  {!user.is_active && <Badge color="gray">{t('admin.users.inactive')}</Badge>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager count={users.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
