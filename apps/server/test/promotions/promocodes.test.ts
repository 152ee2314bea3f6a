import { MESSAGES } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { payouts, promocodeRedemptions, promocodes, purchases } from '../../src/schema';
import { drainFold } from '../../src/modules/compensation/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { countRows, userRow } from '../helpers/rows';
import { buyTariff, TARIFF_CONFIRM, tariffId } from '../helpers/tariffs';

const USDT = 1_000_000n;
const HOUR_MS = 3600_000;
const CREATE = '/api/v1/promotions/promocode/create/';
const LIST = '/api/v1/promotions/promocodes/';
const ACTIVATE = '/api/v1/promotions/promocode/activate/';
const PROMO_REQUEST = '/api/v1/promotions/promocode/purchase/request/';

const invalid = { promocode: [MESSAGES.invalidPromocode] };
const notExists = { promocode: [MESSAGES.promocodeNotExists] };

/** An app whose clock a test moves (`clock.now`). */
async function clockedApp() {
  const clock = { now: new Date('2026-05-01T12:00:00Z') };
  const app = await testApp({ clock: () => clock.now });
  return { app, clock };
}

async function partner(app: TTestApp, usdt = '0', mentor?: TPartner) {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}

/** A partner with tariff 500 (Active): may make codes. */
async function owner(app: TTestApp) {
  const created = await partner(app, '500');
  await buyTariff(app, created, 'tariff-500');
  return created;
}

async function create(app: TTestApp, who: TPartner, kind: string, discount: number) {
  return post(app, CREATE, { kind, discount }, who.token);
}

async function code(app: TTestApp, who: TPartner, kind: string, discount: number): Promise<string> {
  const created = await create(app, who, kind, discount);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.promocode as string;
}

/** A tariff purchase request naming `promocode` (through the promotions call). */
const requestWith = async (app: TTestApp, buyer: TPartner, tariff: string, promocode: string) =>
  post(
    app,
    PROMO_REQUEST,
    { package_id: await tariffId(app, tariff), mentor_confirmed: true, terms_accepted: true, promocode },
    buyer.token,
  );

async function buyWith(app: TTestApp, buyer: TPartner, tariff: string, promocode: string) {
  const quote = await requestWith(app, buyer, tariff, promocode);
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const paid = await post(app, TARIFF_CONFIRM, { request_id: quote.body.request_id }, buyer.token);
  return { quote: quote.body, paid };
}

const promoPayouts = (app: TTestApp, payeeId: number) =>
  app.database.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), eq(payouts.bonusType, 'dexid_promo')));

describe('promo codes: creation and list', () => {
  test('kinds: personal (no expiry, 10% only, one per partner), public (24 h, many), private (24 h, single use)', async () => {
    const { app, clock } = await clockedApp();
    const o = await owner(app);
    const personal = await create(app, o, 'personal', 10);
    expect(personal.status).toBe(201);
    expect(personal.body).toEqual({
      promocode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
      kind: 'personal',
      discount: 10,
      expires_at: null,
    });
    expect((await create(app, o, 'personal', 10)).body).toEqual({
      non_field_errors: ['You already have a personal promo code.'],
    });
    expect((await create(app, o, 'personal', 20)).body).toEqual({
      discount: ['A personal promo code gives a 10% discount.'],
    });
    const in24h = new Date(clock.now.getTime() + 24 * HOUR_MS).toISOString();
    for (const discount of [10, 20]) {
      expect((await create(app, o, 'public', discount)).body).toMatchObject({
        kind: 'public',
        expires_at: in24h,
      });
      expect((await create(app, o, 'private', discount)).body).toMatchObject({ kind: 'private', discount });
    }
    expect((await create(app, o, 'public', 15)).status).toBe(400);
    const list = await call(app, 'GET', LIST, { token: o.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(5);
    expect(list.body.every((item: { active: boolean; uses: number }) => item.active && item.uses === 0)).toBe(
      true,
    );
    expect(list.body.at(-1).kind).toBe('personal');
    // Another partner sees none of them.
    expect((await call(app, 'GET', LIST, { token: (await partner(app)).token })).body).toEqual([]);
    clock.now = new Date(clock.now.getTime() + 24 * HOUR_MS);
    const later = (await call(app, 'GET', LIST, { token: o.token })).body as {
      kind: string;
      active: boolean;
    }[];
    expect(later.map((item) => [item.kind, item.active])).toEqual([
      ['private', false],
      ['public', false],
      ['private', false],
      ['public', false],
      ['personal', true],
    ]);
  });

  test('without an Active tariff a code cannot be made; codes are unique and random', async () => {
    const app = await testApp();
    const none = await partner(app);
    expect((await create(app, none, 'public', 10)).body).toEqual({
      non_field_errors: ['Promo codes can be created by partners with an Active tariff.'],
    });
    const o = await owner(app);
    const codes = await Promise.all(Array.from({ length: 20 }, () => code(app, o, 'public', 10)));
    expect(new Set(codes).size).toBe(20);
    expect(await countRows(app, promocodes)).toBe(20);
  });
});

describe('promo codes: use', () => {
  test('activate checks without spending; messages exact; owner, unknown, expired refused', async () => {
    const { app, clock } = await clockedApp();
    const o = await owner(app);
    const buyer = await partner(app);
    const privateCode = await code(app, o, 'private', 20);
    const activated = await post(app, ACTIVATE, { promocode: privateCode.toLowerCase() }, buyer.token);
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      success: true,
      promocode: privateCode,
      discount: 20,
      kind: 'private',
    });
    // Activation twice is fine: it takes no use.
    expect((await post(app, ACTIVATE, { promocode: privateCode }, buyer.token)).status).toBe(200);
    expect((await post(app, ACTIVATE, { promocode: privateCode }, o.token)).body).toEqual(invalid);
    expect((await post(app, ACTIVATE, { promocode: 'NOSUCHCODE00' }, buyer.token)).body).toEqual(notExists);
    clock.now = new Date(clock.now.getTime() + 24 * HOUR_MS);
    expect((await post(app, ACTIVATE, { promocode: privateCode }, buyer.token)).body).toEqual(invalid);
  });

  test('a public 20% code on tariff 500: the buyer pays 400, the owner gets no bonus; the code stays usable', async () => {
    const app = await testApp();
    const o = await owner(app);
    const publicCode = await code(app, o, 'public', 20);
    for (const index of [1, 2]) {
      const buyer = await partner(app, '400');
      const { quote, paid } = await buyWith(app, buyer, 'tariff-500', publicCode);
      expect(quote).toMatchObject({ price: '500.000000', discount: '100.000000', total: '400.000000' });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect((await balances(app, buyer.token)).usdt).toBe('0.000000');
      expect((await call(app, 'GET', LIST, { token: o.token })).body[0]).toMatchObject({
        uses: index,
        active: true,
      });
    }
    expect(await promoPayouts(app, o.id)).toEqual([]);
    expect(await countRows(app, promocodeRedemptions)).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a personal 10% code: the owner bonus is 10% of the list price, bonus_type dexid_promo, explained', async () => {
    const app = await testApp();
    const o = await owner(app);
    const personal = await code(app, o, 'personal', 10);
    const buyer = await partner(app, '1350');
    const { quote, paid } = await buyWith(app, buyer, 'tariff-1500', personal);
    expect(quote).toMatchObject({ price: '1500.000000', discount: '150.000000', total: '1350.000000' });
    expect(paid.status).toBe(200);
    const [bonus] = await promoPayouts(app, o.id);
    expect(bonus).toMatchObject({
      base: 1500n * USDT,
      rateBp: 1000,
      gross: 150n * USDT,
      credited: 150n * USDT,
    });
    const explained = await call(app, 'GET', `/api/v1/mlm/payouts/${bonus!.id}/`, { token: o.token });
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({
      bonus_type: 'dexid_promo',
      base: '1500.000000',
      rate_bp: 1000,
      gross: '150.000000',
      purchase: { product_kind: 'tariff' },
    });
    const [purchase] = await app.database.db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(purchase).toMatchObject({ promocode: personal, discount: 150n * USDT, netPrice: 1350n * USDT });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a private code is used once; the quote does not spend it; the owner cannot use his own', async () => {
    const app = await testApp();
    const o = await owner(app);
    const privateCode = await code(app, o, 'private', 10);
    const first = await partner(app, '450');
    const second = await partner(app, '450');
    // Both quotes hold: a quote spends nothing.
    const firstQuote = await requestWith(app, first, 'tariff-500', privateCode);
    const secondQuote = await requestWith(app, second, 'tariff-500', privateCode);
    expect([firstQuote.status, secondQuote.status]).toEqual([200, 200]);
    expect((await call(app, 'GET', LIST, { token: o.token })).body[0]).toMatchObject({
      uses: 0,
      active: true,
    });
    expect(
      (await post(app, TARIFF_CONFIRM, { request_id: firstQuote.body.request_id }, first.token)).status,
    ).toBe(200);
    const late = await post(app, TARIFF_CONFIRM, { request_id: secondQuote.body.request_id }, second.token);
    expect(late).toMatchObject({ status: 400, body: invalid });
    expect((await balances(app, second.token)).usdt).toBe('450.000000');
    expect((await requestWith(app, second, 'tariff-500', privateCode)).body).toEqual(invalid);
    expect((await call(app, 'GET', LIST, { token: o.token })).body[0]).toMatchObject({
      uses: 1,
      active: false,
    });
    const [bonus] = await promoPayouts(app, o.id);
    expect(bonus).toMatchObject({ gross: 50n * USDT });

    await adjust(app, o.id, 'USDT', '1500');
    const own = await code(app, o, 'public', 10);
    expect((await requestWith(app, o, 'tariff-1500', own)).body).toEqual(invalid);
    expect((await requestWith(app, o, 'tariff-1500', 'ZZZZZZZZZZZZ')).body).toEqual(notExists);
    // The tariff call itself reads codes the same way.
    const plain = await post(
      app,
      '/api/v1/mlm/package/purchase/request/',
      {
        package_id: await tariffId(app, 'tariff-1500'),
        mentor_confirmed: true,
        terms_accepted: true,
        promocode: own,
      },
      o.token,
    );
    expect(plain.body).toEqual(invalid);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a code that expires between the quote and the payment refuses the payment', async () => {
    const { app, clock } = await clockedApp();
    const o = await owner(app);
    const publicCode = await code(app, o, 'public', 10);
    const buyer = await partner(app, '450');
    clock.now = new Date(clock.now.getTime() + 24 * HOUR_MS - 60_000);
    const quote = await requestWith(app, buyer, 'tariff-500', publicCode);
    expect(quote.status).toBe(200);
    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    const paid = await post(app, TARIFF_CONFIRM, { request_id: quote.body.request_id }, buyer.token);
    expect(paid).toMatchObject({ status: 400, body: invalid });
    expect((await balances(app, buyer.token)).usdt).toBe('450.000000');
  });

  test('sign-up through a code makes its owner the mentor; check_referral_id knows the code', async () => {
    const app = await testApp();
    const o = await owner(app);
    const publicCode = await code(app, o, 'public', 10);
    const checked = await post(app, '/api/v1/accounts/check_referral_id/', { promocode: publicCode });
    expect(checked.body).toMatchObject({ id: o.id });
    const invited = await registerPartner(app, { promocode: publicCode.toLowerCase() });
    expect((await userRow(app, invited.id)).mentorId).toBe(o.id);
    // Registration takes no use.
    expect((await call(app, 'GET', LIST, { token: o.token })).body[0]).toMatchObject({ uses: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('promo codes on PostgreSQL with two server processes', () => {
  test('50 parallel payments with one private code across two processes: exactly one succeeds', async () => {
    const app = await testApp();
    const o = await owner(app);
    const privateCode = await code(app, o, 'private', 10);
    // One admin session funds all 50 (a login each would meet the login rate limit).
    const admin = await loginAdmin(app);
    const buyers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const buyer = await partner(app);
        const funded = await post(
          app,
          '/api/v1/admin/ledger/adjustments/',
          { user_id: buyer.id, currency: 'USDT', amount: '450', reason: 'test' },
          admin,
        );
        expect(funded.status).toBe(201);
        return buyer;
      }),
    );
    const quotes: string[] = [];
    for (const buyer of buyers) {
      const quote = await requestWith(app, buyer, 'tariff-500', privateCode);
      expect(quote.status).toBe(200);
      quotes.push(quote.body.request_id as string);
    }
    const servers = await startTwoServers();
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        fetch(`${servers[index % 2]}${TARIFF_CONFIRM}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ request_id: quotes[index] }),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 200))
      expect(answer).toEqual({ status: 400, body: invalid });
    expect(await countRows(app, promocodeRedemptions)).toBe(1);
    const [row] = await app.database.db.select().from(promocodes).where(eq(promocodes.code, privateCode));
    expect(row!.uses).toBe(1);
    expect(await countRows(app, purchases, eq(purchases.promocode, privateCode))).toBe(1);
    // The servers run no jobs: the owner's bonus is paid when the fold has run.
    await drainFold(app.database.db);
    expect(await promoPayouts(app, o.id)).toHaveLength(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  }, 180_000);
});
