import type { TOrder } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { OrdersPage } from './OrdersPage';

setUpScreens();

const order: TOrder = {
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
};

describe('the orders list', () => {
  it('keeps a refused payment from the balance on the order, not only in a 2-second toast', async () => {
    renderWithApi(<OrdersPage />, (path) =>
      path.endsWith('/pay_order/')
        ? { status: 400, body: { non_field_errors: ['Insufficient funds on the internal balance.'] } }
        : { status: 200, body: { count: 1, next: null, previous: null, current: 1, results: [order] } },
    );
    fireEvent.click(await screen.findByTestId('order-pay-balance'));
    expect((await screen.findByTestId('order-pay-error')).textContent).toBe(
      'Order payment error. Insufficient funds on the internal balance.',
    );
  });

  it('keeps a refused chain invoice on the order, not only in a toast', async () => {
    renderWithApi(<OrdersPage />, (path) =>
      path.includes('invoice')
        ? { status: 429, body: { detail: 'Too many requests.' } }
        : { status: 200, body: { count: 1, next: null, previous: null, current: 1, results: [order] } },
    );
    fireEvent.click(await screen.findByTestId('order-pay-chain'));
    expect((await screen.findByTestId('order-invoice-error')).textContent).toBe('Too many requests.');
  });
});
