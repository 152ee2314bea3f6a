import { ZCardLimits, ZCardPayment, ZCardPaymentRequest, ZEuroRate } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TCardPayments } from './service';

const tags = ['wallet'];

export function cardRoutes(app: FastifyInstance, deps: { cards: TCardPayments }): void {
  route(app, {
    method: 'POST',
    // The spec's path, typo included (product-spec.md section 7).
    url: '/api/v1/cardpayment/test_endpoint_carpayment/',
    movesMoney: true,
    summary: 'Top up the USDT balance from a card, charged in euro',
    tags,
    auth: 'user',
    body: ZCardPaymentRequest,
    status: 201,
    response: ZCardPayment,
    // card_number and cvc stay in the request hash, so the same key with another card answers
    // 409; idempotency_keys keeps only that SHA-256 of the whole body, never the number itself.
    // The request hash is keyed (http/idempotency.ts); the CVC stays out of it all the same, as
    // card rules allow nothing derived from it to be kept after the charge.
    idempotent: { ignore: ['cvc'] },
    handler: ({ user, body, idempotency }) => deps.cards.pay(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/cardpayment/limits/',
    summary: 'The card top-up rules, for the form',
    tags,
    auth: 'user',
    response: ZCardLimits,
    handler: async () => deps.cards.limits(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/cardpayment/usdt_euro_rate/',
    summary: 'EUR per 1 USDT: what a card top-up is charged at',
    tags,
    auth: 'user',
    response: ZEuroRate,
    handler: async () => deps.cards.euroRate(),
  });
}
