import {
  ZCardLimits,
  ZCardPayment,
  ZCardPaymentParams,
  ZCardPaymentRequest,
  ZCardPaymentSession,
  ZEuroRate,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CARD_SIGNATURE_HEADER } from '../../adapters/card/webhook';
import { route } from '../../http/route';
import type { TCardPayments } from './service';

const tags = ['wallet'];

export function cardRoutes(app: FastifyInstance, deps: { cards: TCardPayments }): void {
  route(app, {
    method: 'POST',
    // The spec's path, typo included (product-spec.md section 7).
    url: '/api/v1/cardpayment/test_endpoint_carpayment/',
    movesMoney: true,
    summary: "Open a card top-up: the partner pays on the provider's page (`url`), charged in euro",
    tags,
    auth: 'user',
    body: ZCardPaymentRequest,
    status: 201,
    response: ZCardPaymentSession,
    idempotent: { ignore: [] },
    handler: ({ user, body, idempotency }) => deps.cards.open(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/cardpayment/payments/:id/',
    summary: 'A card top-up of the partner, as it goes through',
    tags,
    auth: 'user',
    params: ZCardPaymentParams,
    response: ZCardPayment,
    handler: ({ user, params }) => deps.cards.payment(user.id, params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/cardpayment/webhook/',
    summary: "The card provider's webhook: signed (card-signature), each payment moved on once",
    tags,
    auth: 'public',
    body: z.unknown(),
    response: z.object({ received: z.literal(true) }),
    handler: ({ request }) =>
      deps.cards.receive(request.rawBody ?? '', headerOf(request.headers[CARD_SIGNATURE_HEADER])),
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

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
