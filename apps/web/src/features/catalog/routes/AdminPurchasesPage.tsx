import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PRODUCT_KINDS, type TAdminPurchase, type TProductKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useAdminPurchases } from '../api/admin-list-purchases';

/** /admin/purchases: everyone's purchases, newest first, by kind and buyer's email. */
export function AdminPurchasesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TProductKind | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [email] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const purchases = useAdminPurchases({ kind, email, page });
  return (
    <Stack>
      <PageTitle>{t('purchases.title')}</PageTitle>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('catalog.filter')}
          data={[
            { value: 'all', label: t('catalog.all') },
            ...PRODUCT_KINDS.map((name) => ({ value: name, label: t(`catalog.kinds.${name}`) })),
          ]}
          value={kind ?? 'all'}
          onChange={(value) => {
            setKind(!value || value === 'all' ? undefined : value);
            setPage(1);
          }}
          allowDeselect={false}
          w={240}
        />
        <TextInput
          label={t('purchases.email')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={280}
          data-testid="purchases-email"
        />
      </Group>
      <StackedTable minWidth={900} label={t('purchases.title')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('purchases.date')}</Table.Th>
              <Table.Th>{t('purchases.partner')}</Table.Th>
              <Table.Th>{t('purchases.product')}</Table.Th>
              <Table.Th>{t('purchases.price')}</Table.Th>
              <Table.Th>{t('purchases.paid')}</Table.Th>
              <Table.Th>{t('purchases.bv')}</Table.Th>
              <Table.Th>{t('purchases.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchases.data?.results.map((purchase) => (
              <PurchaseRow key={purchase.id} purchase={purchase} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      {purchases.data?.count === 0 && <Text c="dimmed">{t('common.noResults')}</Text>}
      <Pager count={purchases.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function PurchaseRow({ purchase }: { purchase: TAdminPurchase }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid={`purchase-${purchase.id}`}>
      <Table.Td data-label={t('purchases.date')} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(purchase.created_at)}
      </Table.Td>
      <Table.Td data-label={t('purchases.partner')} style={{ overflowWrap: 'anywhere' }}>
        {purchase.user_email}
      </Table.Td>
      <Table.Td data-label={t('purchases.product')}>
        {t('purchases.units', { count: purchase.units, name: purchase.product_name })}
        <Text size="xs" c="dimmed">
          {t(`catalog.kinds.${purchase.kind}`)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('purchases.price')}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('catalog.usdt', { amount: formatAmount(purchase.net_price) })}
        </Text>
        {purchase.discount !== '0.000000' && (
          <Text size="xs" c="dimmed">
            {t('purchases.discounted', {
              list: formatAmount(purchase.list_price),
              discount: formatAmount(purchase.discount),
            })}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t('purchases.paid')} style={{ whiteSpace: 'nowrap' }}>
        {`${formatAmount(purchase.paid)} ${purchase.currency}`}
      </Table.Td>
      <Table.Td data-label={t('purchases.bv')} style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(purchase.bv)}
      </Table.Td>
      <Table.Td data-label={t('purchases.status')}>
        <Badge color={purchase.status === 'completed' ? 'teal' : 'orange'} variant="light">
          {t(`purchases.statuses.${purchase.status}`)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
