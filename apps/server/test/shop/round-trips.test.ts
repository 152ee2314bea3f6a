import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { call, type TResponse, testApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { SHIPPING } from '../helpers/shop';
import { quoteTariff, TARIFF_CONFIRM } from '../helpers/tariffs';

/** Every statement node-postgres sends (one round trip each: it does not pipeline), while counting. */
const sent: string[] = [];
const query = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
let counting = false;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  if (counting) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    sent.push(String(text).replace(/\s+/g, ' '));
  }
  return query.apply(this, args);
};
afterEach(() => {
  counting = false;
});

/** The round trips of one request to the database, with the statements for a failure's message. */
async function roundTrips(
  request: () => Promise<TResponse>,
): Promise<{ status: number; trips: number; sent: string; purchased: boolean }> {
  sent.length = 0;
  counting = true;
  const answer = await request();
  counting = false;
  return {
    status: answer.status,
    trips: sent.length,
    sent: sent.map((text) => text.slice(0, 120)).join('\n'),
    purchased: sent.some((text) => /insert into "purchases"/.test(text)),
  };
}

/** The goal: at most 12 round trips for a purchase request. */
const MAX_TRIPS = 12;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'the purchase request is light: round trips to PostgreSQL',
  () => {
    test('every kind of purchase, with an Idempotency-Key, in at most 12 round trips (the session check included)', async () => {
      const app = await testApp({ settle: false });
      const mentor = await registerPartner(app);
      const buyer = await registerPartner(app, { promocode: mentor.referralId });
      await adjust(app, buyer.id, 'USDT', '100000');
      const catalogue = (await call(app, 'GET', '/api/v1/products/', { token: buyer.token })).body as {
        id: number;
        code: string;
      }[];
      const id = (code: string) => catalogue.find((product) => product.code === code)!.id;
      let key = 0;
      /** A purchase: its call, and its body made just before (a quote is not part of it). */
      const purchases: [string, string, () => Promise<unknown>][] = [
        [
          'a first tariff',
          TARIFF_CONFIRM,
          async () => ({ request_id: await quoteTariff(app, buyer, 'tariff-1500') }),
        ],
        [
          'a tariff upgrade',
          TARIFF_CONFIRM,
          async () => ({ request_id: await quoteTariff(app, buyer, 'tariff-7500') }),
        ],
        [
          'a virtual node',
          '/api/v1/virtual_node/purchase/',
          async () => ({ product_id: id('virtual-node-100') }),
        ],
        [
          'nodes by unit',
          '/api/v1/payments/process_purchase_by_unit/',
          async () => ({ product_id: id('virtual-node-300'), units: 2 }),
        ],
        [
          'a device order with the add-on',
          '/api/v1/products/create_order/',
          async () => ({
            product_id: id('device'),
            quantity: 2,
            starlink: true,
            shipping: SHIPPING,
            pay_from_balance: true,
          }),
        ],
        [
          'a validator key',
          '/api/v1/validator_keys/purchase/',
          async () => ({ currency: 'USDT', pay_from_balance: true }),
        ],
        ['event tickets', '/api/v1/event_ticket/purchase/', async () => ({ quantity: 2 })],
        [
          'a token pack',
          '/api/v1/token_pack/purchase/',
          async () => {
            const quote = await call(app, 'POST', '/api/v1/mlm/usdt_dexnet_rate/', {
              token: buyer.token,
              body: {},
            });
            return { product_id: id('token-pack-1y'), amount: '100', quote_id: quote.body.quote_id };
          },
        ],
      ];

      for (const [name, url, prepare] of purchases) {
        const body = await prepare();
        const request = () =>
          call(app, 'POST', url, {
            token: buyer.token,
            body,
            headers: { 'idempotency-key': `trip-${++key}` },
          });
        const measured = await roundTrips(request);
        expect(measured.status, `${name}: ${measured.sent}`).toBeLessThan(300);
        expect(measured.trips, `${name}:\n${measured.sent}`).toBeLessThanOrEqual(MAX_TRIPS);
        // And not by answering from somewhere else: the purchase went to the database.
        expect(measured.purchased, `${name}:\n${measured.sent}`).toBe(true);
      }
    });
  },
);
