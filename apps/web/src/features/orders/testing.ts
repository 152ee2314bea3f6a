import type { TOrder } from '@portal/contracts';

/** An order as the orders calls answer it, waiting for payment with no address; `patch` changes it. */
export const anOrder = (patch: Partial<TOrder> = {}): TOrder => ({
  id: 5,
  number: 'ORD-5',
  status: 'WAIT_PAYMENT',
  status_label: 'Waiting for payment',
  product_id: 2,
  product_name: 'DexNode',
  quantity: 1,
  starlink: false,
  devices_total: '1000.000000',
  starlink_total: '0.000000',
  total: '1000.000000',
  currency: 'USDT',
  shipping: null,
  address_editable: true,
  estimated_shipping_date: null,
  track_number: null,
  serial_number: null,
  included: false,
  payment_confirming: false,
  created_at: '2026-11-20T10:00:00Z',
  paid_at: null,
  expires_at: '2099-11-21T10:00:00Z',
  ...patch,
});
