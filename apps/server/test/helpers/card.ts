import { SANDBOX_CARDS } from '../../src/adapters/card/sandbox';
import { call, type TResponse, type TTestApp } from './app';

export const CARD_PAY = '/api/v1/cardpayment/test_endpoint_carpayment/';
export const CARD_WEBHOOK = '/api/v1/cardpayment/webhook/';
export const cardPaymentUrl = (id: number) => `/api/v1/cardpayment/payments/${id}/`;

/** A card as typed on the sandbox's page: the approved test card, valid for two more years. */
export const cardForm = (overrides: Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>> = {}) => ({
  number: SANDBOX_CARDS.approved.number,
  expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`,
  cvc: '123',
  name: 'Pat Partner',
  ...overrides,
});

/** Opens a card top-up (the amount only), with an Idempotency-Key when given. */
export const openCardPayment = (app: TTestApp, token: string, body: object, key?: string) =>
  call(app, 'POST', CARD_PAY, { body, token, headers: key ? { 'idempotency-key': key } : {} });

/**
 * The partner types the card on the sandbox's payment page (the portal serves it at `url`) and
 * submits it: the sandbox authorizes it and delivers its signed webhook before it answers.
 */
export async function payOnPage(app: TTestApp, url: string, card = cardForm()) {
  const response = await app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
  return { status: response.statusCode, location: response.headers.location, body: response.body };
}

/**
 * A whole card top-up as a partner makes it: the session opened, the card typed on the
 * provider's page, and the payment as the partner then sees it.
 */
export async function payByCard(
  app: TTestApp,
  token: string,
  amount: string,
  card = cardForm(),
): Promise<{ opened: TResponse; payment: TResponse }> {
  const opened = await openCardPayment(app, token, { amount });
  if (opened.status !== 201) return { opened, payment: opened };
  await payOnPage(app, opened.body.url, card);
  return { opened, payment: await call(app, 'GET', cardPaymentUrl(opened.body.payment_id), { token }) };
}

/** The path and query of a URL: what a request to this app asks for. */
export const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};
