import type { TValidatorKey } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
