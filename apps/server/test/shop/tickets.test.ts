import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { products, purchases } from '../../src/schema';
import { createCatalog, unitPrice } from '../../src/modules/catalog/service';
import { createTickets, EVENT_TICKET_CODE } from '../../src/modules/tickets/service';
import { call, testApp, testConfig, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { countRows } from '../helpers/rows';

const INFO = '/api/v1/event_ticket/info/';
const BUY = '/api/v1/event_ticket/purchase/';
const MY = '/api/v1/event_ticket/my/';
const GIFT_BUY = '/api/v1/gift_certificates/purchase/';

const catalogOf = (app: TTestApp) =>
  createCatalog({ db: app.database.db, amountMax: testConfig().amountMax });

async function ticketProduct(app: TTestApp) {
  const { db } = app.database;
  return (await catalogOf(app).findByCode(db, EVENT_TICKET_CODE))!;
}

/** The price of one ticket now, by the seeded schedule (the tests run on any date). */
async function priceNow(app: TTestApp): Promise<bigint> {
  return unitPrice(await ticketProduct(app), new Date());
}

async function setSold(app: TTestApp, sold: number) {
  await app.database.db.update(products).set({ sold }).where(eq(products.code, EVENT_TICKET_CODE));
}

const usdt = (minor: bigint) => `${minor / 1_000_000n}.${(minor % 1_000_000n).toString().padStart(6, '0')}`;

async function funded(app: TTestApp, amount: string) {
  const partner = await registerPartner(app);
  await adjust(app, partner.id, 'USDT', amount);
  return partner;
}

const buy = (app: TTestApp, partner: TPartner, body: unknown, key?: string) =>
  call(app, 'POST', BUY, {
    token: partner.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('event ticket: price by date and info', () => {
  test('the price follows the schedule: 500 until 30 October, 750 until 30 November, 1000 from 1 December (UTC)', async () => {
    const app = await testApp();
    const tickets = createTickets({ db: app.database.db, catalog: catalogOf(app) });
    const at = async (iso: string) => (await tickets.info(new Date(iso))).price;
    expect(await at('2026-07-01T00:00:00Z')).toBe('500.000000');
    expect(await at('2026-10-30T23:59:59Z')).toBe('500.000000');
    expect(await at('2026-10-31T00:00:00Z')).toBe('750.000000');
    expect(await at('2026-11-30T23:59:59Z')).toBe('750.000000');
    expect(await at('2026-12-01T00:00:00Z')).toBe('1000.000000');
    expect(await at('2027-03-01T00:00:00Z')).toBe('1000.000000');

    const info = await tickets.info(new Date('2026-11-15T12:00:00Z'));
    expect(info).toMatchObject({ seats: 100, seats_left: 100, sold_out: false, currency: 'USDT' });
    expect(info.price_schedule).toEqual([
      { starts_at: null, ends_at: '2026-10-31T00:00:00.000Z', price: '500.000000', current: false },
      {
        starts_at: '2026-10-31T00:00:00.000Z',
        ends_at: '2026-12-01T00:00:00.000Z',
        price: '750.000000',
        current: true,
      },
      { starts_at: '2026-12-01T00:00:00.000Z', ends_at: null, price: '1000.000000', current: false },
    ]);
    expect(info.event_schedule.length).toBeGreaterThan(0);
    const times = info.event_schedule.map((item) => Date.parse(item.starts_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The event the ticket is for: its name and venue, its days from the programme.
    expect(info.event).toEqual({
      name: 'DexNet Partner Forum 2027',
      venue: 'Dubai',
      starts_at: info.event_schedule[0]!.starts_at,
      ends_at: info.event_schedule.at(-1)!.starts_at,
    });
  });

  test('GET info answers the price now, the seats left and sold out', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const info = await call(app, 'GET', INFO, { token: partner.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      price: usdt(await priceNow(app)),
      seats_left: 100,
      sold_out: false,
      max_quantity: 10,
    });
    await setSold(app, 100);
    const soldOut = await call(app, 'GET', INFO, { token: partner.token });
    expect(soldOut.body).toMatchObject({ seats_left: 0, sold_out: true });
    expect((await call(app, 'GET', INFO)).status).toBe(401);
  });

  test("a purchase at a date pays that date's price", async () => {
    const app = await testApp();
    const partner = await funded(app, '2000');
    const tickets = createTickets({ db: app.database.db, catalog: catalogOf(app) });
    const october = await tickets.buy(partner.id, { quantity: 2 }, null, new Date('2026-10-15T00:00:00Z'));
    expect(october.purchase).toMatchObject({ price: '1000.000000', total: '1000.000000' });
    expect(october.tickets).toMatchObject({ quantity: 2, unit_price: '500.000000' });
    const december = await tickets.buy(partner.id, { quantity: 1 }, null, new Date('2026-12-01T00:00:00Z'));
    expect(december.purchase.total).toBe('1000.000000');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });
});

describe('event ticket: purchase', () => {
  test('buying N tickets takes N seats and the price from the balance; no BV; listed in my tickets', async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const partner = await funded(app, usdt(price * 3n));
    const bought = await buy(app, partner, { quantity: 2 }, 'key-1');
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({
      purchase: { price: usdt(price * 2n), discount: '0.000000', total: usdt(price * 2n) },
      tickets: { quantity: 2, unit_price: usdt(price), status: 'active' },
      seats_left: 98,
      gift_certificate: null,
    });
    expect((await balances(app, partner.token)).usdt).toBe(usdt(price));
    expect((await ticketProduct(app)).sold).toBe(2);
    const [row] = await app.database.db.select().from(purchases);
    expect(row).toMatchObject({ kind: 'event_ticket', units: 2, bv: 0n, netPrice: price * 2n });

    const mine = await call(app, 'GET', MY, { token: partner.token });
    expect(mine.body).toEqual([bought.body.tickets]);
    const other = await registerPartner(app);
    expect((await call(app, 'GET', MY, { token: other.token })).body).toEqual([]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a double submit with one Idempotency-Key buys and charges once', async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const partner = await funded(app, usdt(price * 3n));
    const [first, second] = await Promise.all([
      buy(app, partner, { quantity: 1 }, 'same'),
      buy(app, partner, { quantity: 1 }, 'same'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect((await buy(app, partner, { quantity: 1 }, 'same')).body).toEqual(first.body);
    expect((await balances(app, partner.token)).usdt).toBe(usdt(price * 2n));
    expect((await ticketProduct(app)).sold).toBe(1);
    expect(await countRows(app, purchases)).toBe(1);
    expect((await buy(app, partner, { quantity: 2 }, 'same')).status).toBe(409);
  });

  test('each rule answers its message and changes nothing', async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const partner = await funded(app, usdt(price));
    const range = { quantity: ['Enter a number of tickets from 1 to 10.'] };
    for (const quantity of [0, 11, -1, 1.5, 'x']) {
      const answer = await buy(app, partner, { quantity });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(range);
    }
    const unknown = await buy(app, partner, { quantity: 1, other: true });
    expect(unknown.status).toBe(400);

    const short = await buy(app, partner, { quantity: 2 });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
    expect((await ticketProduct(app)).sold).toBe(0);

    await setSold(app, 98);
    const few = await buy(app, partner, { quantity: 3 });
    expect(few.body).toEqual({ quantity: ['Only 2 tickets are left.'] });
    await setSold(app, 100);
    const soldOut = await buy(app, partner, { quantity: 1 });
    expect(soldOut.status).toBe(400);
    expect(soldOut.body).toEqual({ non_field_errors: ['Sold out.'] });
    expect((await balances(app, partner.token)).usdt).toBe(usdt(price));

    await app.database.db
      .update(products)
      .set({ available: false })
      .where(eq(products.code, EVENT_TICKET_CODE));
    const off = await buy(app, partner, { quantity: 1 });
    expect(off.status).toBe(404);
    expect(off.body).toEqual({ detail: 'Product not found.' });
    expect((await call(app, 'GET', INFO, { token: partner.token })).status).toBe(404);
    expect(await countRows(app, purchases)).toBe(0);
  });

  test('50 parallel purchases of the last 3 tickets sell exactly 3 (PGlite, or PostgreSQL in one process)', async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const partners = await Promise.all(Array.from({ length: 5 }, () => funded(app, usdt(price * 10n))));
    await setSold(app, 97);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => buy(app, partners[index % 5]!, { quantity: 1 })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const answer of answers.filter((item) => item.status !== 201)) {
      expect(answer).toMatchObject({ status: 400, body: { non_field_errors: ['Sold out.'] } });
    }
    expect((await ticketProduct(app)).sold).toBe(100);
    expect(await countRows(app, purchases)).toBe(3);
    expect((await ledgerHealth(app)).ok).toBe(true);
  }, 60_000);
});

describe('event ticket: paid with a gift certificate', () => {
  test("the code is activated to the buyer's balance in the purchase; the rest stays on the balance", async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const giver = await funded(app, '2000');
    const gift = await call(app, 'POST', GIFT_BUY, { token: giver.token, body: { amount: '2000' } });
    expect(gift.status).toBe(201);
    const buyer = await registerPartner(app);

    const bad = await buy(app, buyer, {
      quantity: 1,
      gift_certificate_code: 'GIFT-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ gift_certificate_code: ['Invalid gift certificate code.'] });
    expect((await ticketProduct(app)).sold).toBe(0);

    const paid = await buy(
      app,
      buyer,
      { quantity: 1, gift_certificate_code: gift.body.code.toLowerCase() },
      'k',
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.gift_certificate).toEqual({
      certificate_id: gift.body.certificate.id,
      amount: '2000.000000',
    });
    expect((await balances(app, buyer.token)).usdt).toBe(usdt(2_000_000_000n - price));
    const used = await buy(app, buyer, { quantity: 1, gift_certificate_code: gift.body.code });
    expect(used.body).toEqual({
      gift_certificate_code: ['This gift certificate has already been activated.'],
    });
    expect((await ticketProduct(app)).sold).toBe(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a certificate worth less than the price fails the purchase whole: the code stays unused', async () => {
    const app = await testApp();
    const giver = await funded(app, '10');
    const gift = await call(app, 'POST', GIFT_BUY, { token: giver.token, body: { amount: '10' } });
    const buyer = await registerPartner(app);
    const short = await buy(app, buyer, { quantity: 1, gift_certificate_code: gift.body.code });
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
    expect((await balances(app, buyer.token)).usdt).toBe('0.000000');
    const mine = await call(app, 'GET', '/api/v1/gift_certificates/my/', { token: giver.token });
    expect(mine.body[0].status).toBe('active');
    expect((await ticketProduct(app)).sold).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('event ticket on PostgreSQL with two server processes', () => {
  test('50 parallel purchases of the last 3 tickets across two processes sell exactly 3, no 500', async () => {
    const app = await testApp();
    const price = await priceNow(app);
    const partners = await Promise.all(Array.from({ length: 5 }, () => funded(app, usdt(price * 10n))));
    await setSold(app, 97);
    const servers = await startTwoServers();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetch(`${servers[index % 2]}${BUY}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${partners[index % 5]!.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ quantity: 1 }),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const answer of answers.filter((item) => item.status !== 201)) {
      expect(answer).toEqual({ status: 400, body: { non_field_errors: ['Sold out.'] } });
    }
    expect((await ticketProduct(app)).sold).toBe(100);
    expect(await countRows(app, purchases)).toBe(3);
    const spent = await Promise.all(
      partners.map(async (partner) => (await balances(app, partner.token)).usdt),
    );
    const total = spent.reduce((sum, left) => sum + (price * 10n - BigInt(left!.replace('.', ''))), 0n);
    expect(total).toBe(price * 3n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  }, 120_000);
});
