import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { PRODUCT_KINDS, type TProduct, type TProductKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { StackedTable } from '../../../components/StackedTable';
import { formatAmount } from '../../../lib/format';
import { useAdminProducts } from '../api/admin-list-products';
import { EditProductModal } from '../components/EditProductModal';
import { PriceHistoryModal } from '../components/PriceHistoryModal';
import { Spinner } from '../../../components/Spinner';

/** /admin/catalog: every product with its price and availability; edit one, read its price history. */
export function AdminCatalogPage() {
  const { t } = useTranslation();
  const products = useAdminProducts();
  const [kind, setKind] = useState<TProductKind | undefined>(undefined);
  const [editing, setEditing] = useState<TProduct | null>(null);
  const [reading, setReading] = useState<TProduct | null>(null);
  const shown = (products.data ?? []).filter((product) => !kind || product.kind === kind);
  return (
    <Stack>
      <PageTitle>{t('catalog.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('catalog.intro')}
      </Text>
      <Select
        label={t('catalog.filter')}
        data={[
          { value: 'all', label: t('catalog.all') },
          ...PRODUCT_KINDS.map((name) => ({ value: name, label: t(`catalog.kinds.${name}`) })),
        ]}
        value={kind ?? 'all'}
        onChange={(value) => setKind(!value || value === 'all' ? undefined : value)}
        allowDeselect={false}
        maw={320}
        data-testid="catalog-filter"
      />
      {products.isPending ? (
        <Spinner />
      ) : (
        <StackedTable minWidth={760} label={t('catalog.title')}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalog.kind')}</Table.Th>
                <Table.Th>{t('catalog.name')}</Table.Th>
                <Table.Th>{t('catalog.price')}</Table.Th>
                <Table.Th>{t('catalog.availability')}</Table.Th>
                <Table.Th>{t('catalog.seats')}</Table.Th>
                <Table.Th>{t('catalog.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((product) => (
                <Table.Tr key={product.id} data-testid={`catalog-${product.code}`}>
                  <Table.Td data-label={t('catalog.kind')}>{t(`catalog.kinds.${product.kind}`)}</Table.Td>
                  <Table.Td data-label={t('catalog.name')}>
                    <Text size="sm" fw={600}>
                      {product.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {product.code}
                    </Text>
                  </Table.Td>
                  <Table.Td
                    data-label={t('catalog.price')}
                    style={{ whiteSpace: 'nowrap' }}
                    data-testid="catalog-price"
                  >
                    {t('catalog.usdt', { amount: formatAmount(product.price) })}
                    {Array.isArray(product.attributes.price_schedule) && (
                      <Text size="xs" c="dimmed">
                        {t('catalog.bySchedule')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('catalog.availability')}>
                    <Badge
                      color={product.available ? 'teal' : 'gray'}
                      variant="light"
                      data-testid="catalog-availability"
                    >
                      {product.available ? t('catalog.onSale') : t('catalog.offSale')}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t('catalog.seats')}>
                    {product.seats === null
                      ? t('catalog.notCounted')
                      : t('catalog.seatsSold', { sold: product.sold, seats: product.seats })}
                  </Table.Td>
                  <Table.Td data-label={t('catalog.actions')}>
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        onClick={() => setEditing(product)}
                        aria-label={t('catalog.editNamed', { name: product.name })}
                        data-testid="catalog-edit"
                      >
                        {t('catalog.edit')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setReading(product)}
                        aria-label={t('catalog.historyNamed', { name: product.name })}
                        data-testid="catalog-history"
                      >
                        {t('catalog.history')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      )}
      {editing && <EditProductModal product={editing} onClose={() => setEditing(null)} />}
      {reading && <PriceHistoryModal product={reading} onClose={() => setReading(null)} />}
    </Stack>
  );
}
