import { ZAllConfigs } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config';
import { purchases } from '../../src/schema';
import { call, configuredWindows, post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance } from '../helpers/money';
import { TARIFF_CONFIRM, TARIFF_REQUEST, tariffId } from '../helpers/tariffs';

const CONFIGS = '/api/v1/configs/get_all_configs/';

const at = (iso: string) => new Date(iso);
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta);

/** An app whose clock the test sets: `app.clock.now = ...`. */
async function clockedApp(start: Date, config: Parameters<typeof testApp>[0] = {}) {
  const clock = { now: start };
  const app = await testApp({
    ...config,
    config: { ...configuredWindows(), ...config.config },
    clock: () => clock.now,
  });
  return Object.assign(app, { clock });
}

async function funded(app: TTestApp, usdt: string): Promise<TPartner> {
  const partner = await registerPartner(app);
  await adjust(app, partner.id, 'USDT', usdt);
  return partner;
}

describe('GET /api/v1/configs/get_all_configs/', () => {
  test('answers every window without sign-in, cacheable for a minute', async () => {
    const app = await clockedApp(at('2026-11-28T12:00:00Z'));
    const answer = await call(app, 'GET', CONFIGS);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(ZAllConfigs.parse(answer.body)).toEqual({
      server_time: '2026-11-28T12:00:00.000Z',
      black_friday: {
        start: '2026-11-27T15:00:00.000Z',
        end: '2026-11-30T00:00:00.000Z',
        active: true,
        discount_percent: 10,
      },
      maintenance: {
        start: '2027-03-08T00:00:00.000Z',
        end: '2027-03-11T00:00:00.000Z',
        active: false,
        notice_from: '2027-03-01T00:00:00.000Z',
        notice: false,
      },
      winter_promo: {
        start: '2026-07-02T00:00:00.000Z',
        end: '2026-11-02T00:00:00.000Z',
        active: false,
      },
      new_year_promo: {
        start: '2026-12-25T00:00:00.000Z',
        end: '2027-01-15T00:00:00.000Z',
        active: false,
      },
      summer_promo: {
        start: '2027-06-01T00:00:00.000Z',
        end: '2027-09-01T00:00:00.000Z',
        active: false,
      },
    });
  });

  test('the maintenance banner: from the notice days before the window to its end', async () => {
    const app = await clockedApp(at('2027-03-01T00:00:00Z'));
    const maintenance = async (now: Date) => {
      app.clock.now = now;
      const { maintenance } = (await call(app, 'GET', CONFIGS)).body;
      return [maintenance.notice, maintenance.active];
    };
    expect(await maintenance(ms('2027-03-01T00:00:00Z', -1))).toEqual([false, false]);
    expect(await maintenance(at('2027-03-01T00:00:00Z'))).toEqual([true, false]);
    expect(await maintenance(ms('2027-03-08T00:00:00Z', -1))).toEqual([true, false]);
    expect(await maintenance(at('2027-03-08T00:00:00Z'))).toEqual([true, true]);
    expect(await maintenance(ms('2027-03-11T00:00:00Z', -1))).toEqual([true, true]);
    // At the end the answer is next year's window, a year away: no banner.
    app.clock.now = at('2027-03-11T00:00:00Z');
    expect((await call(app, 'GET', CONFIGS)).body.maintenance).toMatchObject({
      start: '2028-03-08T00:00:00.000Z',
      active: false,
      notice: false,
    });
  });

  test('windows come from the configuration; off is null', async () => {
    const environment = {
      NODE_ENV: 'test',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
      BLACK_FRIDAY_WINDOW: 'off',
      MAINTENANCE_WINDOW: '2026-11-24T00:00:00Z/2026-11-24T06:00:00Z',
      MAINTENANCE_NOTICE_DAYS: '1',
    };
    const config = loadConfig(environment);
    const app = await clockedApp(at('2026-11-23T12:00:00Z'), {
      config: { blackFriday: config.blackFriday, maintenance: config.maintenance },
    });
    const answer = (await call(app, 'GET', CONFIGS)).body;
    expect(answer.black_friday).toBeNull();
    expect(answer.maintenance).toEqual({
      start: '2026-11-24T00:00:00.000Z',
      end: '2026-11-24T06:00:00.000Z',
      active: false,
      notice_from: '2026-11-23T00:00:00.000Z',
      notice: true,
    });
    expect(() => loadConfig({ ...environment, MAINTENANCE_WINDOW: '03-10/03-08' })).toThrow(
      /MAINTENANCE_WINDOW: expected MM-DDTHH:MM/,
    );
    expect(() => loadConfig({ ...environment, BLACK_FRIDAY_DISCOUNT_PERCENT: '101' })).toThrow(
      /BLACK_FRIDAY_DISCOUNT_PERCENT/,
    );
  });
});

describe('the Black Friday discount in the pricing step', () => {
  const START = '2026-11-27T15:00:00Z';
  const END = '2026-11-30T00:00:00Z';

  /** Buys the 500 tariff at `now` through the API; the quote and what the buyer's balance lost. */
  async function buyAt(app: Awaited<ReturnType<typeof clockedApp>>, now: Date) {
    app.clock.now = at('2026-11-01T00:00:00Z');
    const buyer = await funded(app, '1000');
    app.clock.now = now;
    const quote = await post(
      app,
      TARIFF_REQUEST,
      { package_id: await tariffId(app, 'tariff-500'), mentor_confirmed: true, terms_accepted: true },
      buyer.token,
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const paid = await post(app, TARIFF_CONFIRM, { request_id: quote.body.request_id }, buyer.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [purchase] = await app.database.db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    return {
      quote: [quote.body.price, quote.body.discount, quote.body.total],
      usdt: (await balances(app, buyer.token)).usdt,
      purchase: purchase!,
    };
  }

  test('inside the window a tariff costs 90%, outside 100%, at each edge', async () => {
    const app = await clockedApp(at(START));
    const full = ['500.000000', '0.000000', '500.000000'];
    const off = ['500.000000', '50.000000', '450.000000'];
    expect((await buyAt(app, ms(START, -1))).quote).toEqual(full);
    expect((await buyAt(app, at(START))).quote).toEqual(off);
    expect((await buyAt(app, ms(END, -1))).quote).toEqual(off);
    expect((await buyAt(app, at(END))).quote).toEqual(full);
  });

  test('the purchase records list price, discount and net price; the ledger moves the net price', async () => {
    const app = await clockedApp(at(START));
    const salesBefore = await companyBalance(app, 'company:sales');
    const { usdt, purchase } = await buyAt(app, at('2026-11-28T10:00:00Z'));
    expect(usdt).toBe('550.000000');
    expect(purchase).toMatchObject({ listPrice: 500_000000n, discount: 50_000000n, netPrice: 450_000000n });
    expect(purchase.paid).toBe(450_000000n);
    // Volume is the net price (compensation-plan.md section 1).
    expect(purchase.bv).toBe(450_000000n);
    expect((purchase.details as { discounts: unknown }).discounts).toEqual([
      { source: 'black_friday', amount: '50000000' },
    ]);
    expect((await companyBalance(app, 'company:sales')) - salesBefore).toBe(450_000000n);
  });

  test('a quote made inside the window keeps its discount when paid after the end', async () => {
    const app = await clockedApp(at('2026-11-01T00:00:00Z'));
    const buyer = await funded(app, '1000');
    app.clock.now = ms(END, -1);
    const quote = await post(
      app,
      TARIFF_REQUEST,
      { package_id: await tariffId(app, 'tariff-500'), mentor_confirmed: true, terms_accepted: true },
      buyer.token,
    );
    expect(quote.body.total).toBe('450.000000');
    app.clock.now = ms(END, 60_000);
    const paid = await post(app, TARIFF_CONFIRM, { request_id: quote.body.request_id }, buyer.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await balances(app, buyer.token)).usdt).toBe('550.000000');
  });

  test('only tariffs: the offers inside the window discount the tariffs, not a virtual node', async () => {
    const app = await clockedApp(at('2026-11-01T00:00:00Z'));
    const buyer = await funded(app, '5000');
    app.clock.now = at('2026-11-28T10:00:00Z');
    const offers = await post(app, '/api/v1/products/product_sentences_set/', {}, buyer.token);
    expect(offers.status).toBe(200);
    const node = (
      offers.body as { kind: string; price: string; net_price?: string; discount?: string }[]
    ).find((offer) => offer.kind === 'virtual_node');
    expect(node).toBeDefined();
    expect(node!.discount).toBe('0.000000');
    const tariff = (offers.body as { code: string; discount: string }[]).find(
      (offer) => offer.code === 'tariff-500',
    );
    expect(tariff!.discount).toBe('50.000000');
  });

  test('a percent of 0 turns the discount off', async () => {
    const app = await clockedApp(at(START), {
      config: {
        blackFriday: {
          ...loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(40) }).blackFriday,
          discountPercent: 0,
        },
      },
    });
    expect((await buyAt(app, at(START))).quote).toEqual(['500.000000', '0.000000', '500.000000']);
  });
});
