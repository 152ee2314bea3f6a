import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import type { TOrder, TProduct } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { DevicesPage } from './DevicesPage';

setUpScreens();

const product = (id: number, kind: TProduct['kind'], price: string): TProduct => ({
  id,
  code: kind,
  kind,
  name: kind === 'device' ? 'DexNode' : 'Starlink',
  price,
  available: true,
  attributes: {},
  seats: null,
  sold: 0,
});

const PRODUCTS = [product(1, 'device', '1000.000000'), product(2, 'starlink', '600.000000')];

const order = { id: 9, number: 'ORD-9', status: 'WAIT_PAYMENT' } as TOrder;

/** Fills the order form with a valid address and sends it, paying as chosen. */
async function fillAndSubmit(chain = false, options: { quantity?: number; starlink?: boolean } = {}) {
  const type = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await screen.findByText('DexNode');
  type(/^Recipient's full name/, 'Mira Tester');
  type(/^Recipient's phone/, '+351912345678');
  const country = screen.getByTestId('country-select');
  fireEvent.click(country);
  fireEvent.change(country, { target: { value: 'Portugal' } });
  fireEvent.click(await screen.findByRole('option', { name: /Portugal/, hidden: true }));
  type(/^City/, 'Lisbon');
  type(/^Street/, 'Rua Augusta 1');
  type(/^Postcode/, '1100-048');
  if (options.quantity) type(/^Quantity/, String(options.quantity));
  if (options.starlink) fireEvent.click(screen.getByTestId('order-starlink'));
  if (chain) fireEvent.click(screen.getByLabelText('Chain invoice'));
  fireEvent.click(screen.getByTestId('order-submit'));
}

/** Sends the form and, paid from the balance, confirms its review. */
async function placeOrder(chain = false) {
  await fillAndSubmit(chain);
  if (!chain) fireEvent.click(await screen.findByTestId('order-confirm'));
}

const api =
  (answers: Record<string, TAnswer>) =>
  (path: string): TAnswer =>
    Object.entries(answers).find(([end]) => path.endsWith(end))?.[1] ??
    (path.endsWith('/products/') ? { status: 200, body: PRODUCTS } : { status: 404, body: {} });

// Each test fills a whole form, slow on a busy machine.
describe('ordering devices', { timeout: 30_000 }, () => {
  afterEach(() => {
    session.signOut();
    vi.restoreAllMocks();
  });

  it('keeps a refusal of the order (a short balance) where the partner acted, once, without a toast', async () => {
    const toast = vi.spyOn(notify, 'error');
    renderWithApi(
      <DevicesPage />,
      api({ '/create_order/': { status: 400, body: { [NON_FIELD]: [MESSAGES.insufficientFunds] } } }),
    );
    await placeOrder();
    expect((await screen.findByTestId('order-error')).textContent).toBe(MESSAGES.insufficientFunds);
    expect(screen.getAllByText(MESSAGES.insufficientFunds)).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('paid from the balance, charges nothing before a review of the items, the add-on and the total', async () => {
    session.signIn('token');
    const { requests } = renderWithApi(
      <DevicesPage />,
      api({
        '/accounts/info/': { status: 200, body: { balances: { usdt: '2000.000000' } } },
        '/create_order/': { status: 200, body: { ...order, status: 'PAID' } },
      }),
      '/shop/devices',
    );
    await fillAndSubmit(false, { quantity: 2, starlink: true });
    const review = within(await screen.findByTestId('order-review'));
    expect(requests.some((call) => call.path.endsWith('/create_order/'))).toBe(false);
    expect(review.getByTestId('order-review-items').textContent).toBe('2 × DexNode, 1 000.00 USDT each');
    expect(review.getByTestId('order-review-addon').textContent).toBe('Starlink add-on: 600.00 USDT');
    expect(review.getByTestId('order-review-total').textContent).toBe('2 600.00 USDT');
    expect(review.getByTestId('order-review-payment').textContent).toBe('From the balance');
    // 2 600 against 2 000: short by 600, with the deposit of it, and no way to pay.
    expect(review.getByTestId('order-funds-short').textContent).toContain('600.00 USDT short');
    expect(review.getByRole('link', { name: 'Deposit 600.00 USDT' }).getAttribute('href')).toBe(
      '/shop/devices?deposit=600',
    );
    expect(review.getByTestId('order-confirm').hasAttribute('disabled')).toBe(true);

    // Back to the form, one device less: the review says 1 600, and the order goes on confirming.
    fireEvent.click(review.getByRole('button', { name: 'Back' }));
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    const again = within(await screen.findByTestId('order-review'));
    expect(again.getByTestId('order-review-total').textContent).toBe('1 600.00 USDT');
    expect(again.getByTestId('order-funds-after').textContent).toContain('400.00 USDT');
    fireEvent.click(again.getByTestId('order-confirm'));
    await vi.waitFor(() =>
      expect(requests.find((call) => call.path.endsWith('/create_order/'))?.body).toMatchObject({
        quantity: 1,
        starlink: true,
        pay_from_balance: true,
      }),
    );
  });

  it('says why the invoice could not be made, instead of loading forever', async () => {
    renderWithApi(
      <DevicesPage />,
      api({
        '/create_order/': { status: 200, body: order },
        '/get_or_create_invoice/': { status: 503, body: { detail: 'The chain is not answering.' } },
      }),
    );
    await placeOrder(true);
    expect((await screen.findByTestId('order-invoice-error')).textContent).toBe(
      'The chain is not answering.',
    );
  });
});
