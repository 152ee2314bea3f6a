import type { TProductSentence, TRateQuote } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens } from '../../../testing/render';
import { TokenPackBuy } from './TokenPackBuy';

setUpScreens();
beforeEach(() => session.signIn('token'));
afterEach(() => session.signOut());

const offer: TProductSentence = {
  product_id: 7,
  code: 'PACK_1Y',
  kind: 'token_pack',
  name: 'Token pack',
  price: '100.000000',
  discount: '0.000000',
  total: '100.000000',
  currency: 'USDT',
  min_amount: '100.000000',
  max_amount: '100000.000000',
  by_unit: false,
  seats_left: null,
  attributes: { lock_years: 1, yield_bp: 1500 },
};

const quote: TRateQuote = {
  quote_id: 'q1',
  rate: '0.05',
  dexnet_per_usdt: '20',
  expires_at: '2099-01-01T00:00:00Z',
};

const withBalance = (usdt: string) => (path: string) =>
  path.endsWith('/accounts/info/')
    ? { status: 200, body: { id: 7, balances: { usdt } } }
    : { status: 404, body: {} };

describe('the token pack form checks the USDT balance against the USDT entered', () => {
  it('a short balance: the shortfall with its deposit, and Buy held back', async () => {
    const { requests } = renderWithApi(
      <TokenPackBuy offers={[offer]} quote={quote} quoteLive />,
      withBalance('100.000000'),
      '/shop/token-packs',
    );
    fireEvent.change(screen.getByTestId('pack-amount'), { target: { value: '250' } });
    const short = await screen.findByTestId('pack-funds-short');
    expect(short.textContent).toContain('Insufficient funds');
    expect(short.textContent).toContain('150.00 USDT short');
    expect(screen.getByTestId('pack-funds-price').textContent).toContain('250.00');
    expect(screen.getByTestId('pack-funds-deposit').getAttribute('href')).toBe(
      '/shop/token-packs?deposit=150',
    );
    expect(screen.getByTestId('pack-buy').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('pack-buy'));
    expect(requests.some((call) => call.path.endsWith('/token_pack/purchase/'))).toBe(false);
  });

  it('enough on the balance: no shortfall, and Buy open', async () => {
    renderWithApi(<TokenPackBuy offers={[offer]} quote={quote} quoteLive />, withBalance('300.000000'));
    fireEvent.change(screen.getByTestId('pack-amount'), { target: { value: '250' } });
    expect((await screen.findByTestId('pack-funds-after')).textContent).toContain('50.00 USDT');
    expect(screen.queryByTestId('pack-funds-short')).toBeNull();
    expect(screen.queryByText(/Insufficient funds/)).toBeNull();
    expect(screen.getByTestId('pack-buy').hasAttribute('disabled')).toBe(false);
  });
});
