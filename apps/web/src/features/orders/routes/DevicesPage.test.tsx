import { MESSAGES, NON_FIELD } from '@portal/contracts/plain';
import type { TOrder, TProduct } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
async function placeOrder(chain = false) {
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
  if (chain) fireEvent.click(screen.getByLabelText('Chain invoice'));
  fireEvent.click(screen.getByTestId('order-submit'));
}

const api =
  (answers: Record<string, TAnswer>) =>
  (path: string): TAnswer =>
    Object.entries(answers).find(([end]) => path.endsWith(end))?.[1] ??
    (path.endsWith('/products/') ? { status: 200, body: PRODUCTS } : { status: 404, body: {} });

describe('ordering devices', () => {
  it('keeps a refusal of the order (a short balance) on the form, not only in a toast', async () => {
    renderWithApi(
      <DevicesPage />,
      api({ '/create_order/': { status: 400, body: { [NON_FIELD]: [MESSAGES.insufficientFunds] } } }),
    );
    await placeOrder();
    expect((await screen.findByTestId('order-error')).textContent).toBe(MESSAGES.insufficientFunds);
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
