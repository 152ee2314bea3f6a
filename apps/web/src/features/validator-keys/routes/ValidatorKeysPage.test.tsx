import type { TValidatorKey } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { renderWithApi, setUpScreens, type TAnswer } from '../../../testing/render';
import { ValidatorKeysPage } from './ValidatorKeysPage';

setUpScreens();

const SHORT = { status: 400, body: { non_field_errors: ['Insufficient funds on the internal balance.'] } };
const SUMMARY = {
  allowance: 2,
  bought: 0,
  available: 2,
  price_usdt: '1500.000000',
  price_dxn_usdt: '1200.000000',
};

const reserved: TValidatorKey = {
  id: 4,
  status: 'reserved',
  currency: 'USDT',
  amount: '1500.000000',
  price_usdt: '1500.000000',
  rate: null,
  reserved_at: '2026-11-24T09:00:00Z',
  reserved_until: '2099-11-24T09:15:00Z',
  paid_at: null,
  activate_until: null,
  activated_at: null,
  expires_at: '2099-11-24T09:15:00Z',
  payment_confirming: false,
  code_issued: false,
};

const api =
  (keys: TValidatorKey[], refusal: TAnswer) =>
  (path: string): TAnswer =>
    path.endsWith('/summary/')
      ? { status: 200, body: SUMMARY }
      : path.endsWith('/my/')
        ? { status: 200, body: keys }
        : refusal;

describe('validator keys: a refusal stays on the card, not only in a 2-second toast', () => {
  it('a refused reservation says why', async () => {
    renderWithApi(<ValidatorKeysPage />, api([], { status: 409, body: { detail: 'No keys are left.' } }));
    fireEvent.click(await screen.findByTestId('key-buy'));
    expect((await screen.findByTestId('key-buy-error')).textContent).toBe('No keys are left.');
  });

  it('a refused payment from the balance says why', async () => {
    renderWithApi(<ValidatorKeysPage />, api([reserved], SHORT));
    fireEvent.click(await screen.findByTestId('key-pay-balance'));
    expect((await screen.findByTestId('key-pay-error')).textContent).toBe(
      'Insufficient funds on the internal balance.',
    );
  });
});

describe('validator keys: a key in USDT paid from the balance shows the balance against its amount', () => {
  beforeEach(() => session.signIn('token'));
  afterEach(() => session.signOut());
  const withBalance =
    (keys: TValidatorKey[], usdt: string) =>
    (path: string): TAnswer =>
      path.endsWith('/accounts/info/')
        ? { status: 200, body: { id: 7, balances: { usdt } } }
        : api(keys, SHORT)(path);

  it('a short balance: the shortfall with its deposit, Pay from the balance held back, the chain invoice open', async () => {
    const { requests } = renderWithApi(
      <ValidatorKeysPage />,
      withBalance([reserved], '100.000000'),
      '/shop/validator-keys',
    );
    const short = await screen.findByTestId('key-funds-short');
    expect(short.textContent).toContain('Insufficient funds');
    expect(short.textContent).toContain('1 400.00 USDT short');
    expect(screen.getByTestId('key-funds-deposit').getAttribute('href')).toBe(
      '/shop/validator-keys?deposit=1400',
    );
    expect(screen.getByTestId('key-pay-balance').hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay by chain transfer' }).hasAttribute('disabled')).toBe(
      false,
    );
    fireEvent.click(screen.getByTestId('key-pay-balance'));
    expect(requests.some((call) => call.path.endsWith('/validator_keys/pay/'))).toBe(false);
  });

  it('enough on the balance: no shortfall, and Pay from the balance open', async () => {
    renderWithApi(<ValidatorKeysPage />, withBalance([reserved], '2000.000000'));
    expect((await screen.findByTestId('key-funds-after')).textContent).toContain('500.00 USDT');
    expect(screen.queryByTestId('key-funds-short')).toBeNull();
    expect(screen.queryByText(/Insufficient funds/)).toBeNull();
    expect(screen.getByTestId('key-pay-balance').hasAttribute('disabled')).toBe(false);
  });

  it('a key in DXN is not checked against the USDT balance', async () => {
    const { calls } = renderWithApi(
      <ValidatorKeysPage />,
      withBalance([{ ...reserved, currency: 'DXN', amount: '24000.00000000', rate: '0.05' }], '100.000000'),
    );
    await screen.findByTestId('key-pay-balance');
    await waitFor(() => expect(calls.some((path) => path.endsWith('/accounts/info/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('key-funds')).toBeNull();
    expect(screen.getByTestId('key-pay-balance').hasAttribute('disabled')).toBe(false);
  });
});
