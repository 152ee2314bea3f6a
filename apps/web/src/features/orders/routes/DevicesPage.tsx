import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatMinor,
  ORDER_MAX_QUANTITY,
  parseMinor,
  type TInvoice,
  type TOrder,
  ZCreateOrderRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useProfile } from '../../../api/get-profile';
import { formatAmount } from '../../../lib/format';
import { fieldErrorsOf, generalErrorLines } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateOrderInvoice } from '../api/create-invoice';
import { OrderInvoice } from '../components/OrderInvoice';
import { OrderReview, type TOrderReview } from '../components/OrderReview';
import { useCreateOrder } from '../api/create-order';
import { useProducts } from '../api/list-products';
import { EMPTY_SHIPPING, ShippingFields, type TShippingValues } from '../components/ShippingFields';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';

type TValues = {
  quantity: number | string;
  starlink: boolean;
  shipping: TShippingValues;
  payment: 'balance' | 'chain';
};

/**
 * /shop/devices: the device, its description, and the order form. Paid from the balance, the order
 * is placed only after a review of what it charges; by chain invoice, at once (the invoice is paid later).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useProducts();
  const profile = useProfile();
  const create = useCreateOrder();
  const invoiceCall = useCreateOrderInvoice();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [paying, setPaying] = useState<{ order: TOrder; invoice: TInvoice | null } | null>(null);
  const [review, setReview] = useState<TOrderReview | null>(null);
  const device = products.data?.find((product) => product.kind === 'device');
  const starlink = products.data?.find((product) => product.kind === 'starlink');

  const toRequest = (values: TValues) => ({
    product_id: device?.id ?? 0,
    quantity: values.quantity === '' ? undefined : values.quantity,
    starlink: values.starlink,
    shipping: values.shipping,
    pay_from_balance: values.payment === 'balance',
  });
  const form = useForm<TValues>({
    initialValues: { quantity: 1, starlink: false, shipping: EMPTY_SHIPPING, payment: 'balance' },
    validate: (values) => zodValidate(ZCreateOrderRequest, t)(toRequest(values)),
  });

  const quantity = typeof form.values.quantity === 'number' ? form.values.quantity : 0;
  const total =
    device && starlink
      ? formatMinor(
          parseMinor(device.price, 'USDT')! * BigInt(Math.max(0, Math.floor(quantity))) +
            (form.values.starlink ? parseMinor(starlink.price, 'USDT')! : 0n),
          'USDT',
        )
      : null;

  const openInvoice = (order: TOrder) => {
    setPaying({ order, invoice: null });
    invoiceCall.mutate(order.id, {
      onSuccess: (invoice) => setPaying({ order, invoice }),
    });
  };

  const place = (values: TValues) =>
    create.mutate(
      { ...ZCreateOrderRequest.parse(toRequest(values)), idempotencyKey },
      {
        onSuccess: (order) => {
          setIdempotencyKey(crypto.randomUUID());
          setReview(null);
          form.reset();
          if (order.status === 'PAID') {
            notify.success(t('orders.created.paid', { number: order.number }));
            void navigate('/shop/orders');
          } else {
            openInvoice(order);
          }
        },
        onError: (error) => {
          showServerErrors(form, error, t);
          // A field the form holds is wrong: back to the form, where its message is.
          if (generalErrorLines(error, t).length === 0 && Object.keys(fieldErrorsOf(error, t)).length > 0)
            setReview(null);
        },
      },
    );

  const submit = form.onSubmit((values) => {
    if (values.payment === 'chain' || !device || total === null) {
      place(values);
      return;
    }
    create.reset();
    setReview({
      device: { name: device.name, price: device.price },
      quantity: Math.floor(quantity),
      addon: values.starlink && starlink ? { name: t('orders.list.starlink'), price: starlink.price } : null,
      total,
    });
  });

  // A refusal of the order as a whole (a short balance) stays where the partner acted, once: the
  // call does not toast.
  const refusal = generalErrorLines(create.error, t);
  const attributes = (device?.attributes ?? {}) as { radio_range_km?: number; frequencies_mhz?: number[] };

  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h3">
              {device?.name ?? t('orders.device.title')}
            </Title>
            {device && (
              <Badge size="lg" variant="light">
                {formatAmount(device.price)} USDT
              </Badge>
            )}
          </Group>
          <Text size="sm">{t('orders.device.description')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('orders.device.range', { km: attributes.radio_range_km ?? 10 })}</List.Item>
            <List.Item>
              {t('orders.device.frequencies', {
                frequencies: (attributes.frequencies_mhz ?? [433, 915]).join('/'),
              })}
            </List.Item>
            <List.Item>{t('orders.device.node')}</List.Item>
          </List>
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="order-form-title">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} size="h4" id="order-form-title">
              {t('orders.form.title')}
            </Title>
            <NumberInput
              label={t('orders.form.quantity')}
              min={1}
              max={ORDER_MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              required
              {...form.getInputProps('quantity')}
              data-testid="order-quantity"
            />
            <Checkbox
              label={t('orders.form.starlink', { price: formatAmount(starlink?.price ?? '600') })}
              description={t('orders.form.starlinkHint')}
              {...form.getInputProps('starlink', { type: 'checkbox' })}
              data-testid="order-starlink"
            />
            <Title order={3} size="h5">
              {t('orders.shipping.title')}
            </Title>
            <ShippingFields
              inputProps={(field) => form.getInputProps(`shipping.${field}`)}
              country={form.values.shipping.country}
              countryError={form.errors['shipping.country']}
              onCountry={(code) => form.setFieldValue('shipping.country', code)}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="order-payment-label">
                {t('orders.form.payment')}
              </Text>
              <SegmentedControl
                aria-labelledby="order-payment-label"
                fullWidth
                data={[
                  { value: 'balance', label: t('orders.form.payBalance') },
                  { value: 'chain', label: t('orders.form.payChain') },
                ]}
                {...form.getInputProps('payment')}
                data-testid="order-payment"
              />
              {form.values.payment === 'balance' && profile.data && (
                <Text size="xs" c="dimmed">
                  {t('orders.form.balance', { amount: formatAmount(profile.data.balances.usdt) })}
                </Text>
              )}
              {form.values.payment === 'chain' && (
                <Text size="xs" c="dimmed">
                  {t('orders.form.chainHint')}
                </Text>
              )}
            </Stack>
            {total && (
              <Group justify="space-between">
                <Text fw={600}>{t('orders.form.total')}</Text>
                <Text fw={700} data-testid="order-total">
                  {formatAmount(total)} USDT
                </Text>
              </Group>
            )}
            {review === null && <ErrorNote lines={refusal} testId="order-error" />}
            {form.values.payment === 'chain' && <OfferNote />}
            <Button type="submit" loading={create.isPending} disabled={!device} data-testid="order-submit">
              {form.values.payment === 'balance' ? t('orders.form.review') : t('orders.form.submitChain')}
            </Button>
          </Stack>
        </form>
      </Paper>

      <OrderReview
        review={review}
        refusal={refusal}
        placing={create.isPending}
        onConfirm={() => place(form.values)}
        onClose={() => setReview(null)}
      />

      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        title={paying ? t('orders.invoice.title', { number: paying.order.number }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {paying?.invoice ? (
          <Stack>
            <OrderInvoice invoice={paying.invoice} />
            <Button component={Link} to="/shop/orders" variant="light">
              {t('orders.invoice.toOrders')}
            </Button>
          </Stack>
        ) : invoiceCall.isError ? (
          // The order is made: it can be paid from the orders list.
          <Stack>
            <ErrorNote error={invoiceCall.error} testId="order-invoice-error" />
            <Button component={Link} to="/shop/orders" variant="light">
              {t('orders.invoice.toOrders')}
            </Button>
          </Stack>
        ) : (
          <Alert color="blue">{t('common.loading')}</Alert>
        )}
      </Modal>
    </Stack>
  );
}
