import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { BuyCertificate } from './BuyCertificate';

setUpScreens();
beforeEach(() => session.signIn('token'));
afterEach(() => session.signOut());

const OFFER = {
  product_id: 21,
  code: 'gift-certificate',
  kind: 'gift_certificate',
  name: 'Gift certificate',
  price: '10.000000',
  discount: '0.000000',
  total: '10.000000',
  currency: 'USDT',
  min_amount: '10.000000',
  max_amount: '10000.000000',
  by_unit: false,
  seats_left: null,
  attributes: {},
};

const withBalance = (usdt: string) => (path: string) =>
  path.endsWith('/accounts/info/')
    ? { status: 200, body: { id: 7, balances: { usdt } } }
    : path.endsWith('/product_sentences_set/')
      ? { status: 200, body: [OFFER] }
      : { status: 404, body: {} };

describe('the gift certificate form checks the USDT balance against the amount', () => {
  it('a short balance: the shortfall with its deposit, and Buy held back', async () => {
    const { requests } = renderWithApi(
      <BuyCertificate />,
      withBalance('100.000000'),
      '/shop/gift-certificates',
    );
    fireEvent.change(screen.getByTestId('gift-amount'), { target: { value: '500' } });
    const short = await screen.findByTestId('gift-funds-short');
    expect(short.textContent).toContain('Insufficient funds');
    expect(short.textContent).toContain('400.00 USDT short');
    expect(screen.getByTestId('gift-funds-price').textContent).toContain('500.00');
    expect(screen.getByTestId('gift-funds-deposit').getAttribute('href')).toBe(
      '/shop/gift-certificates?deposit=400',
    );
    expect(screen.getByTestId('gift-buy').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('gift-buy'));
    expect(requests.some((call) => call.path.endsWith('/gift_certificates/purchase/'))).toBe(false);
  });

  it('enough on the balance: no shortfall, and Buy open', async () => {
    renderWithApi(<BuyCertificate />, withBalance('100.000000'));
    fireEvent.change(screen.getByTestId('gift-amount'), { target: { value: '60' } });
    expect((await screen.findByTestId('gift-funds-after')).textContent).toContain('40.00 USDT');
    expect(screen.queryByTestId('gift-funds-short')).toBeNull();
    expect(screen.queryByText(/Insufficient funds/)).toBeNull();
    expect(screen.getByTestId('gift-buy').hasAttribute('disabled')).toBe(false);
  });
});
