import { Badge, Modal, Table, Text } from '@mantine/core';
import type { TProduct, TProductPriceChange } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/StackedTable';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useAdminProductHistory } from '../api/admin-product-history';
import { Spinner } from '../../../components/Spinner';

/** A product's price records, newest first: when, old -> new price, availability, which admin. */
export function PriceHistoryModal({ product, onClose }: { product: TProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useAdminProductHistory(product.id);
  const title = t('catalog.historyTitle', { name: product.name });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {history.data ? (
        <StackedTable minWidth={560} label={title}>
          <Table striped data-testid="catalog-history-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('catalog.time')}</Table.Th>
                <Table.Th>{t('catalog.price')}</Table.Th>
                <Table.Th>{t('catalog.availability')}</Table.Th>
                <Table.Th>{t('catalog.admin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((change) => (
                <HistoryRow key={change.id} change={change} />
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function HistoryRow({ change }: { change: TProductPriceChange }) {
  const { t } = useTranslation();
  const price =
    change.previous_price === null
      ? t('catalog.usdt', { amount: formatAmount(change.price) })
      : t('catalog.priceChange', {
          from: formatAmount(change.previous_price),
          to: formatAmount(change.price),
        });
  return (
    <Table.Tr data-testid="catalog-history-row">
      <Table.Td data-label={t('catalog.time')} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(change.created_at)}
      </Table.Td>
      <Table.Td data-label={t('catalog.price')} data-testid="catalog-history-price">
        {price}
      </Table.Td>
      <Table.Td data-label={t('catalog.availability')}>
        <Badge color={change.available ? 'teal' : 'gray'} variant="light">
          {change.available ? t('catalog.onSale') : t('catalog.offSale')}
        </Badge>
      </Table.Td>
      <Table.Td data-label={t('catalog.admin')} style={{ overflowWrap: 'anywhere' }}>
        {change.changed_by_email ?? (
          <Text span size="sm" c="dimmed">
            {t('catalog.seed')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
