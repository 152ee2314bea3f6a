import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { anOrder } from '../testing';
import { OrdersPage } from './OrdersPage';

setUpScreens();

const order = anOrder();

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
