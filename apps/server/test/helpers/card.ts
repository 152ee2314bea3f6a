import { SANDBOX_CARDS } from '../../src/adapters/card/sandbox';
import { call, type TTestApp } from './app';

export const CARD_PAY = '/api/v1/cardpayment/test_endpoint_carpayment/';

/** A card payment request that passes every rule with the sandbox's approved card. */
export const cardRequest = (overrides: Record<string, unknown> = {}) => ({
  amount: '100',
  card_number: SANDBOX_CARDS.approved.number,
  expiry_month: 12,
  expiry_year: new Date().getUTCFullYear() + 2,
  cvc: '123',
  holder_name: 'Pat Partner',
  ...overrides,
});

/** A card top-up, with an Idempotency-Key when given. */
export const payByCard = (app: TTestApp, token: string, body: object, key?: string) =>
  call(app, 'POST', CARD_PAY, { body, token, headers: key ? { 'idempotency-key': key } : {} });
