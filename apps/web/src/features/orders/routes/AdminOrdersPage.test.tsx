import type { TAdminOrder, TAdminOrdersPage } from '@portal/contracts';
import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { anOrder } from '../testing';
import { AdminOrdersPage } from './AdminOrdersPage';

setUpScreens();

const adminOrder = (patch: Partial<TAdminOrder>): TAdminOrder => ({
  ...anOrder({ status: 'PAID', paid_at: '2026-11-20T10:05:00Z', expires_at: null }),
  user_id: 3,
  user_email: 'mira@example.com',
  ...patch,
});

const list = (results: TAdminOrder[]): TAdminOrdersPage => ({
  count: results.length,
  next: null,
  previous: null,
  current: 1,
  results,
});

const ORDERS = list([
  adminOrder({ id: 5, number: 'ORD-5' }),
  adminOrder({ id: 6, number: 'ORD-6', status: 'SHIPPED' }),
  adminOrder({ id: 7, number: 'ORD-7', status: 'WAIT_PAYMENT', paid_at: null }),
]);

const REFUND = '/api/v1/admin/orders/5/refund/';

function openRefund(refund: TAnswer) {
  const view = renderWithApi(<AdminOrdersPage />, (path) =>
    path === REFUND ? refund : { status: 200, body: ORDERS },
  );
  return {
    ...view,
    refunds: () => view.requests.filter((request) => request.path === REFUND),
    open: async () => {
      fireEvent.click(within(await screen.findByTestId('admin-order-5')).getByTestId('admin-order-refund'));
      return screen.findByRole('dialog', { name: 'Refund order ORD-5' });
    },
  };
}

describe('refunding a device order', () => {
  it('is offered on paid orders not yet delivered, not on a delivered or an unpaid one', async () => {
    renderWithApi(<AdminOrdersPage />, () => ({ status: 200, body: ORDERS }));
    expect(
      within(await screen.findByTestId('admin-order-5')).queryByTestId('admin-order-refund'),
    ).not.toBeNull();
    expect(within(screen.getByTestId('admin-order-6')).queryByTestId('admin-order-refund')).toBeNull();
    expect(within(screen.getByTestId('admin-order-7')).queryByTestId('admin-order-refund')).toBeNull();
  });

  it('says what will happen, requires a reason, sends it with an Idempotency-Key, then shows the refunded amount and reads the list again', async () => {
    const { open, refunds, calls } = openRefund({
      status: 200,
      body: { status: 'Canceled', refunded: '1000.000000' },
    });
    const dialog = await open();
    expect(dialog.textContent).toContain('mira@example.com');
    expect(dialog.textContent).toContain('1 000.00 USDT');
    expect(dialog.textContent).toContain('Canceled');
    expect(dialog.textContent).toContain('every bonus the purchase paid is reversed');

    fireEvent.click(within(dialog).getByTestId('refund-submit'));
    await waitFor(() => expect(within(dialog).getByText(MESSAGES.fieldRequired)).toBeTruthy());
    expect(refunds()).toEqual([]);

    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason.getAttribute('maxlength')).toBe('500');
    fireEvent.change(reason, { target: { value: 'The device was lost in transit.' } });
    const listReads = calls.filter((path) => path === '/api/v1/admin/orders/').length;
    fireEvent.click(within(dialog).getByTestId('refund-submit'));
    expect((await within(dialog).findByTestId('refund-done')).textContent).toBe(
      'Order ORD-5 is refunded: 1 000.00 USDT went back to the buyer, and the bonuses it paid are being reversed.',
    );
    const [sent] = refunds();
    expect(sent).toMatchObject({ method: 'POST', body: { reason: 'The device was lost in transit.' } });
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(calls.filter((path) => path === '/api/v1/admin/orders/').length).toBeGreaterThan(listReads),
    );
  });

  it.each([
    ['refunded already (409)', { status: 409, body: { detail: MESSAGES.orderRefundedAlready } }],
    ['shipped meanwhile (400)', { status: 400, body: { [NON_FIELD]: [MESSAGES.orderClosed] } }],
  ])('keeps a refusal in the dialog: %s', async (_, refusal) => {
    const { open } = openRefund(refusal);
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByTestId('refund-submit'));
    const [message] = Object.values(refusal.body).flat();
    expect((await within(dialog).findByTestId('refund-error')).textContent).toBe(message);
    expect(within(dialog).queryByTestId('refund-done')).toBeNull();
  });
});

describe('the shipping address of a device order', () => {
  const ADDRESSED = list([
    adminOrder({
      id: 8,
      number: 'ORD-8',
      shipping: {
        full_name: 'Mira Stone',
        phone: '+49 30 1234567',
        country: 'DE',
        city: 'Berlin',
        address: 'Unter den Linden 5',
        postcode: '10117',
      },
    }),
    adminOrder({ id: 9, number: 'ORD-9', shipping: null }),
  ]);
  const LINES = ['Mira Stone', '+49 30 1234567', 'Unter den Linden 5', '10117 Berlin', 'Germany'];

  // jsdom has no clipboard; the one a test gives is taken back, as setUpScreens' matchMedia stays.
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the recipient, phone and address in its own column, and a hint for an order without one', async () => {
    renderWithApi(<AdminOrdersPage />, () => ({ status: 200, body: ADDRESSED }));
    const shipTo = within(await screen.findByTestId('admin-order-8')).getByTestId('admin-order-ship-to');
    expect(shipTo.getAttribute('data-label')).toBe('Ship to');
    expect([...shipTo.children].map((line) => line.textContent)).toEqual(LINES);
    expect(within(shipTo).queryByTestId('admin-order-no-address')).toBeNull();

    const none = within(screen.getByTestId('admin-order-9')).getByTestId('admin-order-ship-to');
    expect(within(none).getByTestId('admin-order-no-address').textContent).toBe('No address yet');
    expect(none.textContent).toBe('-No address yet');
  });

  it('stands at the top of the tracking dialog, read-only, and copies as lines', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApi(<AdminOrdersPage />, () => ({ status: 200, body: ADDRESSED }));
    fireEvent.click(within(await screen.findByTestId('admin-order-8')).getByTestId('admin-order-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-8: tracking details' });
    const address = within(dialog).getByTestId('admin-edit-address');
    for (const line of LINES) expect(within(address).getByText(line)).toBeTruthy();
    expect(within(address).queryByRole('textbox')).toBeNull();
    expect(
      address.compareDocumentPosition(within(dialog).getByTestId('admin-track')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(LINES.join('\n'));
    expect(await within(dialog).findByRole('button', { name: 'Address copied' })).toBeTruthy();
  });

  it('says in the tracking dialog when the partner has given no address, with nothing to copy', async () => {
    renderWithApi(<AdminOrdersPage />, () => ({ status: 200, body: ADDRESSED }));
    fireEvent.click(within(await screen.findByTestId('admin-order-9')).getByTestId('admin-order-edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Order ORD-9: tracking details' });
    expect(within(dialog).getByTestId('admin-order-no-address').textContent).toBe('No address yet');
    expect(within(dialog).queryByRole('button', { name: 'Copy address' })).toBeNull();
  });
});
