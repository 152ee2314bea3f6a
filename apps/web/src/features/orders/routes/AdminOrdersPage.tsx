import {
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  nextOrderStatus,
  ORDER_STATUSES,
  type TAdminOrder,
  type TOrderShipping,
  type TOrderStatus,
  ZAdminOrderUpdate,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../components/CountrySelect';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { formatAmount, formatDate, formatDateTime, listLocale } from '../../../lib/format';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useAdminOrders } from '../api/admin-list-orders';
import { useAdminMoveOrder } from '../api/admin-move-order';
import { useAdminUpdateOrder } from '../api/admin-update-order';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { REFUNDABLE_STATUSES, RefundOrderModal } from '../components/RefundOrderModal';

/** /admin/orders: device orders moved through their statuses, with track and serial numbers; refunds. */
export function AdminOrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TOrderStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const orders = useAdminOrders(status, page);
  // Kept here, not in the row: a refunded order may leave the filtered list while its result shows.
  const [refunding, setRefunding] = useState<TAdminOrder | null>(null);
  return (
    <Stack>
      <PageTitle>{t('orders.admin.title')}</PageTitle>
      <Select
        label={t('orders.admin.filter')}
        data={[
          { value: 'all', label: t('orders.admin.all') },
          ...ORDER_STATUSES.map((name) => ({ value: name, label: t(`orders.status.${name}`) })),
        ]}
        value={status ?? 'all'}
        onChange={(value) => {
          setStatus(!value || value === 'all' ? undefined : value);
          setPage(1);
        }}
        allowDeselect={false}
        maw={320}
        data-testid="admin-orders-filter"
      />
      <StackedTable minWidth={1080} label={t('orders.admin.title')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.admin.number')}</Table.Th>
              <Table.Th>{t('orders.admin.partner')}</Table.Th>
              <Table.Th>{t('orders.admin.items')}</Table.Th>
              <Table.Th>{t('orders.list.total')}</Table.Th>
              <Table.Th>{t('orders.admin.status')}</Table.Th>
              <Table.Th>{t('orders.admin.shipTo')}</Table.Th>
              <Table.Th>{t('orders.admin.shipping')}</Table.Th>
              <Table.Th>{t('orders.admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data?.results.map((order) => (
              <AdminOrderRow key={order.id} order={order} onRefund={setRefunding} />
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
      <Pager count={orders.data?.count ?? 0} page={page} onChange={setPage} />
      {refunding && <RefundOrderModal order={refunding} onClose={() => setRefunding(null)} />}
    </Stack>
  );
}

function AdminOrderRow({ order, onRefund }: { order: TAdminOrder; onRefund: (order: TAdminOrder) => void }) {
  const { t } = useTranslation();
  const move = useAdminMoveOrder();
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState<'Canceled' | 'Failed' | null>(null);
  const next = nextOrderStatus(order.status);
  const open = !['SHIPPED', 'Completed', 'Canceled', 'Failed'].includes(order.status);
  const moveTo = (status: TOrderStatus) =>
    move.mutate(
      { id: order.id, status },
      {
        onSuccess: () => {
          notify.success(
            t('orders.admin.moved', { number: order.number, status: t(`orders.status.${status}`) }),
          );
          setClosing(null);
        },
      },
    );
  return (
    <Table.Tr data-testid={`admin-order-${order.id}`}>
      <Table.Td data-label={t('orders.admin.number')}>
        <Text size="sm" fw={600}>
          {order.number}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(order.created_at)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('orders.admin.partner')} style={{ overflowWrap: 'anywhere' }}>
        {order.user_email}
      </Table.Td>
      <Table.Td data-label={t('orders.admin.items')}>
        {t('orders.list.items', { count: order.quantity, name: order.product_name })}
        {order.starlink ? ` + ${t('orders.list.starlink')}` : ''}
      </Table.Td>
      <Table.Td data-label={t('orders.list.total')} style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(order.total)} USDT
      </Table.Td>
      <Table.Td data-label={t('orders.admin.status')}>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td data-label={t('orders.admin.shipTo')} data-testid="admin-order-ship-to">
        <ShipTo shipping={order.shipping} />
      </Table.Td>
      <Table.Td data-label={t('orders.admin.shipping')}>
        <Text size="xs">
          {t('orders.list.track')}: {order.track_number ?? '-'}
        </Text>
        <Text size="xs">
          {t('orders.list.serial')}: {order.serial_number ?? '-'}
        </Text>
        <Text size="xs">
          {t('orders.list.estimated')}:{' '}
          {order.estimated_shipping_date ? formatDate(`${order.estimated_shipping_date}T12:00:00`) : '-'}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('orders.admin.actions')}>
        <Group gap={4}>
          {next && (
            <Button
              size="compact-xs"
              onClick={() => moveTo(next)}
              loading={move.isPending}
              data-testid="admin-order-next"
            >
              {t('orders.admin.moveTo', { status: t(`orders.status.${next}`) })}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => setEditing(true)}
            data-testid="admin-order-edit"
          >
            {t('orders.admin.edit')}
          </Button>
          {REFUNDABLE_STATUSES.includes(order.status) && (
            <Button
              size="compact-xs"
              color="red"
              variant="outline"
              onClick={() => onRefund(order)}
              data-testid="admin-order-refund"
            >
              {t('orders.admin.refund.open')}
            </Button>
          )}
          {open && (
            <>
              <Button size="compact-xs" color="red" variant="light" onClick={() => setClosing('Canceled')}>
                {t('orders.admin.cancel')}
              </Button>
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => setClosing('Failed')}>
                {t('orders.admin.fail')}
              </Button>
            </>
          )}
        </Group>
        {editing && <EditShippingInfo order={order} onClose={() => setEditing(false)} />}
        <Modal
          opened={closing !== null}
          onClose={() => setClosing(null)}
          title={closing === 'Failed' ? t('orders.admin.failTitle') : t('orders.admin.cancelTitle')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Stack>
            <Text size="sm">{t('orders.admin.closeWarning', { number: order.number })}</Text>
            <Button color="red" loading={move.isPending} onClick={() => closing && moveTo(closing)}>
              {closing === 'Failed' ? t('orders.admin.fail') : t('orders.admin.cancel')}
            </Button>
          </Stack>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

/** The recipient and the address as lines: name, phone, street, postcode and city, country. */
function addressLines(shipping: TOrderShipping): string[] {
  return [
    shipping.full_name,
    shipping.phone,
    shipping.address,
    `${shipping.postcode} ${shipping.city}`.trim(),
    shipping.country && countryName(shipping.country, listLocale()),
  ].filter((line) => line !== '');
}

/** Where the devices go, as the partner typed it; a dash and a hint while the partner has not. */
function ShipTo({ shipping }: { shipping: TOrderShipping | null }) {
  const { t } = useTranslation();
  if (!shipping) {
    return (
      <>
        <Text size="sm">-</Text>
        <Text size="xs" c="dimmed" data-testid="admin-order-no-address">
          {t('orders.admin.noAddress')}
        </Text>
      </>
    );
  }
  return addressLines(shipping).map((line, index) => (
    <Text key={index} size="xs" fw={index === 0 ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
      {line}
    </Text>
  ));
}

type TInfo = { track_number: string; serial_number: string; estimated_shipping_date: string };

/** Track number, serial number and estimated shipping date (YYYY-MM-DD); empty clears one. */
function EditShippingInfo({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useAdminUpdateOrder();
  const toPatch = (values: TInfo) => ({
    track_number: values.track_number.trim() || null,
    serial_number: values.serial_number.trim() || null,
    estimated_shipping_date: values.estimated_shipping_date.trim() || null,
  });
  const form = useForm<TInfo>({
    initialValues: {
      track_number: order.track_number ?? '',
      serial_number: order.serial_number ?? '',
      estimated_shipping_date: order.estimated_shipping_date ?? '',
    },
    validate: (values) => zodValidate(ZAdminOrderUpdate, t)(toPatch(values)),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: order.id, patch: toPatch(values) },
      {
        onSuccess: () => {
          notify.success(t('common.saved'));
          onClose();
        },
      },
    ),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orders.admin.editTitle', { number: order.number })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Paper withBorder p="sm" data-testid="admin-edit-address">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {t('orders.admin.shipTo')}
                </Text>
                <ShipTo shipping={order.shipping} />
              </Stack>
              {order.shipping && (
                <CopyButton value={addressLines(order.shipping).join('\n')}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={copy}
                      style={{ flexShrink: 0 }}
                      data-testid="admin-copy-address"
                    >
                      {copied ? t('orders.admin.addressCopied') : t('orders.admin.copyAddress')}
                    </Button>
                  )}
                </CopyButton>
              )}
            </Group>
          </Paper>
          <TextInput
            label={t('orders.list.track')}
            {...form.getInputProps('track_number')}
            data-testid="admin-track"
          />
          <TextInput
            label={t('orders.list.serial')}
            {...form.getInputProps('serial_number')}
            data-testid="admin-serial"
          />
          <TextInput
            label={t('orders.list.estimated')}
            description={t('orders.admin.dateFormat')}
            {...form.getInputProps('estimated_shipping_date')}
            data-testid="admin-estimated"
          />
          <Button type="submit" loading={update.isPending} data-testid="admin-order-save">
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
