import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TInvoice, TOrder } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '../../../components/CountrySelect';
import { Pager } from '../../../components/Pager';
import { formatAmount, formatDate, formatDateTime, listLocale } from '../../../lib/format';
import { errorLines } from '../../../lib/errors';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateOrderInvoice } from '../api/create-invoice';
import { OrderInvoice } from '../components/OrderInvoice';
import { useOrders } from '../api/list-orders';
import { usePayOrder } from '../api/pay-order';
import { EditAddressModal } from '../components/EditAddressModal';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { ErrorNote } from '../../../components/ErrorNote';

/** /shop/orders: my device orders with their status, tracking, serial number and shipping date. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const results = orders.data?.results ?? [];
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('orders.list.title')}
      </Title>
      {orders.isSuccess && results.length === 0 && (
        <Alert color="blue">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('orders.list.empty')}</Text>
            <Button component={Link} to="/shop/devices" size="xs">
              {t('orders.list.toDevices')}
            </Button>
          </Stack>
        </Alert>
      )}
      {results.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {(orders.data?.count ?? 0) > 0 && (
        <Pager count={orders.data?.count ?? 0} page={page} onChange={setPage} />
      )}
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value ?? t('orders.list.notYet')}
      </Text>
    </div>
  );
}

function OrderCard({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const pay = usePayOrder();
  const invoiceCall = useCreateOrderInvoice();
  const [payKey] = useState(() => crypto.randomUUID());
  const [editing, setEditing] = useState(false);
  const [invoice, setInvoice] = useState<TInvoice | null>(null);
  const waiting = order.status === 'WAIT_PAYMENT';
  const shipping = order.shipping;
  const address = shipping
    ? [
        shipping.full_name,
        shipping.phone,
        shipping.address,
        `${shipping.postcode} ${shipping.city}`,
        countryName(shipping.country, listLocale(currentLanguage())),
      ].join(', ')
    : null;
  return (
    <Paper withBorder p="md" component="article" aria-label={order.number} data-testid={`order-${order.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700} data-testid="order-number">
            {order.number}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Text size="sm">
          {t('orders.list.items', { count: order.quantity, name: order.product_name })}
          {order.starlink ? ` + ${t('orders.list.starlink')}` : ''}
          {order.included ? ` · ${t('orders.list.included')}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label={t('orders.list.total')} value={`${formatAmount(order.total)} USDT`} />
          <Field label={t('orders.list.created')} value={formatDate(order.created_at)} />
          <Field
            label={t('orders.list.estimated')}
            value={
              order.estimated_shipping_date ? formatDate(`${order.estimated_shipping_date}T12:00:00`) : null
            }
            testId="order-estimated"
          />
          <Field label={t('orders.list.track')} value={order.track_number} testId="order-track" />
          <Field label={t('orders.list.serial')} value={order.serial_number} testId="order-serial" />
        </SimpleGrid>
        <Field label={t('orders.list.address')} value={address} testId="order-address" />
        {waiting && order.expires_at && (
          <Text size="xs" c="orange.9">
            {order.payment_confirming
              ? t('orders.list.confirming')
              : t('orders.list.payUntil', { date: formatDateTime(order.expires_at) })}
          </Text>
        )}
        {!shipping && order.address_editable && <Alert color="orange">{t('orders.list.fillAddress')}</Alert>}
        {waiting && (
          <>
            <ErrorNote error={pay.error} prefix={t('messages.orderPaymentError')} testId="order-pay-error" />
            <ErrorNote error={invoiceCall.error} testId="order-invoice-error" />
          </>
        )}
        <Group gap="xs">
          {waiting && (
            <>
              <Button
                size="xs"
                loading={pay.isPending}
                onClick={() =>
                  pay.mutate(
                    { orderId: order.id, idempotencyKey: payKey },
                    {
                      onSuccess: () => notify.success(t('orders.created.paid', { number: order.number })),
                      onError: (error) =>
                        notify.error([t('messages.orderPaymentError'), ...errorLines(error, t)]),
                    },
                  )
                }
                data-testid="order-pay-balance"
              >
                {t('orders.list.payBalance')}
              </Button>
              <Button
                size="xs"
                variant="light"
                loading={invoiceCall.isPending}
                onClick={() => invoiceCall.mutate(order.id, { onSuccess: setInvoice })}
                data-testid="order-pay-chain"
              >
                {t('orders.list.payChain')}
              </Button>
            </>
          )}
          {order.address_editable && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(true)}
              data-testid="order-edit-address"
            >
              {shipping ? t('orders.list.editAddress') : t('orders.list.addAddress')}
            </Button>
          )}
        </Group>
      </Stack>
      {editing && <EditAddressModal order={order} onClose={() => setEditing(false)} />}
      <Modal
        opened={invoice !== null}
        onClose={() => setInvoice(null)}
        title={t('orders.invoice.title', { number: order.number })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {invoice && <OrderInvoice invoice={invoice} />}
      </Modal>
    </Paper>
  );
}
