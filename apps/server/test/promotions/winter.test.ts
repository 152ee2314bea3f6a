import { ZSeasonPromoStatus, ZWinterPromoStatus } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/client';
import { createConfigs } from '../../src/modules/configs/service';
import { createPromotions } from '../../src/read-models/promotions/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { buyTariff, tariffId } from '../helpers/tariffs';

const STATUS = '/api/v1/mlm/winter_promo_status/';
const NEW_YEAR = '/api/v1/mlm/dex_new_year_promo/';
const SUMMER = '/api/v1/mlm/get_dex_summer_promo_status/';

const IN_WINDOW = '2026-09-15T12:00:00Z';

/** A partner invited by `mentor` (none: the company root), with USDT to buy with. */
async function partner(app: TTestApp, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  await adjust(app, created.id, 'USDT', '5000');
  return created;
}

/**
 * A recorded tariff sale of `buyer` at `at` (the purchase row as a confirmed purchase writes it,
 * backdated: the status counts purchases by their time, the clock of the app only decides "now").
 */
async function sale(app: TTestApp, buyer: { id: number }, at: string, status = 'completed'): Promise<void> {
  const productId = await tariffId(app, 'tariff-500');
  await queryRows(
    app.database.db,
    sql`insert into purchases (user_id, product_id, price_id, kind, list_price, net_price, currency, paid, bv,
                               reference, status, created_at)
        select ${buyer.id}, ${productId}, (select max(id) from product_prices where product_id = ${productId}),
               'tariff', 500000000, 500000000, 'USDT', 500000000, 500000000,
               ${`test-sale:${buyer.id}:${at}:${Math.random()}`}, ${status}, ${at}::timestamptz`,
  );
}

/** The service on the app's database at `now`, walking (`smallTeam` large) or scanning (0) the team. */
function promotionsAt(app: TTestApp, now: string, smallTeam?: number, env: NodeJS.ProcessEnv = {}) {
  const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(40), DATA_DIR: '/tmp/x', ...env });
  const configs = createConfigs({
    settings: () => config,
    hotWinter: config.hotWinter,
    clock: () => new Date(now),
  });
  return createPromotions({
    db: app.database.db,
    configs,
    ...(smallTeam === undefined ? {} : { smallTeam }),
  });
}

/** Both ways of counting (a walk down a small team, a scan of the window's sales for a large one) answer alike. */
async function winterBoth(app: TTestApp, userId: number, now = IN_WINDOW) {
  const walked = await promotionsAt(app, now).winterStatus(userId);
  const scanned = await promotionsAt(app, now, 0).winterStatus(userId);
  expect(scanned).toEqual(walked);
  return ZWinterPromoStatus.parse(walked);
}

/**
 * The worked example of docs/decisions.md: M invited A, B and C (3 personal sales); A's branch
 * brings 8 sales (A and 7 below A), B's and C's 3 each: 14 team sales, the largest branch 8.
 */
async function workedExample(app: TTestApp) {
  const m = await partner(app);
  await buyTariff(app, m, 'tariff-500');
  const [a, b, c] = [await partner(app, m), await partner(app, m), await partner(app, m)];
  const below = async (head: TPartner, count: number) => {
    let up = head;
    for (let i = 0; i < count; i++) {
      // A chain: the branch is the first-line partner and everyone under them, at any depth.
      const next = await registerPartner(app, { promocode: up.referralId });
      await sale(app, next, IN_WINDOW);
      up = i % 2 === 0 ? next : up;
    }
  };
  for (const head of [a, b, c]) await sale(app, head, IN_WINDOW);
  await below(a, 7);
  await below(b, 2);
  await below(c, 2);
  return { m, a: a, b: b, c: c };
}

describe('winter promo: the 0.4 larger-branch rule', () => {
  test('14 team sales, 8 in the largest branch: Silver counts 6 + 4 = 10 (reached), Gold 6 + 8 = 14 of 20', async () => {
    const app = await testApp();
    const { m } = await workedExample(app);
    const answer = await winterBoth(app, m.id);
    expect(answer).toMatchObject({
      eligible: true,
      reason: null,
      personal_sales: 3,
      team_sales: 14,
      largest_branch_sales: 8,
      status: 'Silver',
      reward: 'ticket_refund',
      team_sales_counted: 14,
      next_status: {
        status: 'Gold',
        team_counted: 14,
        largest_branch_max: 8,
        personal_missing: 2,
        team_missing: 6,
      },
    });
    expect(
      answer.levels.map((level) => [
        level.status,
        level.largest_branch_max,
        level.team_counted,
        level.reached,
      ]),
    ).toEqual([
      ['Silver', 4, 10, true],
      ['Gold', 8, 14, false],
      ['Platinum', 12, 14, false],
    ]);
  });

  test('sales piled into one branch count only up to 0.4 x the requirement', async () => {
    const app = await testApp();
    const m = await partner(app);
    await buyTariff(app, m, 'tariff-500');
    const [a, b, c] = [await partner(app, m), await partner(app, m), await partner(app, m)];
    for (const head of [a, b, c]) await sale(app, head, IN_WINDOW);
    // 9 more in A's branch: team 12, largest 10; Silver counts 2 + 4 = 6 of 10.
    for (let i = 0; i < 9; i++)
      await sale(app, await registerPartner(app, { promocode: a.referralId }), IN_WINDOW);
    const answer = await winterBoth(app, m.id);
    expect(answer).toMatchObject({
      personal_sales: 3,
      team_sales: 12,
      largest_branch_sales: 10,
      status: null,
      team_sales_counted: 6,
      next_status: { status: 'Silver', team_counted: 6, team_missing: 4, personal_missing: 0 },
    });
  });

  test('Platinum: 7 personal and 30 team counted; then no next status', async () => {
    const app = await testApp();
    const m = await partner(app);
    await buyTariff(app, m, 'tariff-500');
    const heads = [];
    for (let i = 0; i < 7; i++) heads.push(await registerPartner(app, { promocode: m.referralId }));
    // 7 branches of 5 sales each (the head's and 4 below): 35 team, largest 5 <= 12.
    for (const head of heads) {
      await sale(app, head, IN_WINDOW);
      for (let i = 0; i < 4; i++) await sale(app, head, '2026-08-01T00:00:00Z');
    }
    const answer = await winterBoth(app, m.id);
    expect(answer).toMatchObject({
      personal_sales: 35,
      team_sales: 35,
      largest_branch_sales: 5,
      status: 'Platinum',
      reward: 'vip_ticket_stay',
      next_status: null,
      team_sales_counted: 35,
    });
  });
});

describe('winter promo: the window 2 July to 2 November UTC, the end excluded', () => {
  test('sales on the edges: from 00:00 2 July counted, from 00:00 2 November not; refunds never', async () => {
    const app = await testApp();
    const m = await partner(app);
    await buyTariff(app, m, 'tariff-50');
    const a = await registerPartner(app, { promocode: m.referralId });
    await sale(app, a, '2026-07-01T23:59:59.999Z');
    await sale(app, a, '2026-07-02T00:00:00Z');
    await sale(app, a, '2026-11-01T23:59:59.999Z');
    await sale(app, a, '2026-11-02T00:00:00Z');
    await sale(app, a, IN_WINDOW, 'refunded');
    const during = await winterBoth(app, m.id, '2026-11-01T23:59:59.999Z');
    expect(during).toMatchObject({
      window: { start: '2026-07-02T00:00:00.000Z', end: '2026-11-02T00:00:00.000Z', active: true },
      finished: false,
      personal_sales: 2,
      team_sales: 2,
    });
    // After the end: the same numbers, final.
    const after = await winterBoth(app, m.id, '2026-11-02T00:00:00Z');
    expect(after).toMatchObject({ window: { active: false }, finished: true, personal_sales: 2 });
    const before = await winterBoth(app, m.id, '2026-07-01T23:59:59.999Z');
    expect(before).toMatchObject({ window: { active: false }, finished: false, personal_sales: 2 });
  });
});

describe('winter promo: who takes part', () => {
  test('no tariff, an Inactive tariff, a tariff below 50, no personal sale', async () => {
    const app = await testApp();
    const m = await partner(app);
    const a = await registerPartner(app, { promocode: m.referralId });
    const deep = await registerPartner(app, { promocode: a.referralId });
    await sale(app, deep, IN_WINDOW);

    // No tariff.
    expect(await winterBoth(app, m.id)).toMatchObject({
      eligible: false,
      reason: 'no_active_tariff',
      status: null,
    });

    // A tariff, but only a sale deeper down: team 1, personal 0.
    await buyTariff(app, m, 'tariff-50');
    expect(await winterBoth(app, m.id)).toMatchObject({
      eligible: false,
      reason: 'no_personal_sale',
      personal_sales: 0,
      team_sales: 1,
      min_tariff: '50.000000',
    });

    await sale(app, a, IN_WINDOW);
    expect(await winterBoth(app, m.id)).toMatchObject({
      eligible: true,
      reason: null,
      personal_sales: 1,
      team_sales: 2,
    });

    // The tariff held is priced below 50 (a price the catalogue could be given).
    await queryRows(app.database.db, sql`update products set price = 49990000 where code = 'tariff-50'`);
    expect(await winterBoth(app, m.id)).toMatchObject({ eligible: false, reason: 'tariff_below_minimum' });
    await queryRows(app.database.db, sql`update products set price = 50000000 where code = 'tariff-50'`);

    // Inactive: the bonuses reached the cap.
    await queryRows(app.database.db, sql`update cap_windows set earned = cap where user_id = ${m.id}`);
    const inactive = await winterBoth(app, m.id);
    expect(inactive).toMatchObject({ eligible: false, reason: 'no_active_tariff', status: null });
    expect(inactive.levels.every((level) => !level.reached)).toBe(true);
  });

  test("the call needs sign-in and reads only the caller's own standing", async () => {
    const app = await testApp();
    expect((await post(app, STATUS, {})).status).toBe(401);
    const m = await partner(app);
    expect((await post(app, STATUS, { user_id: 1 }, m.token)).status).toBe(400);
  });
});

describe('winter promo over HTTP: real purchases, the Hot Winter gift and ticket bonus', () => {
  test('invitees buying tariffs and a ticket inside the window: sales, a gift of 1000 DXN per invitee, 10% of the ticket', async () => {
    // The window around the real time: purchases are stamped by the database's clock.
    const app = await testApp({
      config: { hotWinter: { from: '2026-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' } },
    });
    const m = await partner(app);
    await buyTariff(app, m, 'tariff-500');
    const a = await partner(app, m);
    const b = await partner(app, m);
    await buyTariff(app, a, 'tariff-50');
    await buyTariff(app, a, 'tariff-500'); // an upgrade is a sale too
    await buyTariff(app, b, 'tariff-50');
    const ticket = await call(app, 'POST', '/api/v1/event_ticket/purchase/', {
      token: b.token,
      body: { quantity: 1 },
      headers: { 'idempotency-key': 'winter-ticket' },
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const price = BigInt(Math.round(Number(ticket.body.purchase.total) * 1_000_000));

    const answer = await post(app, STATUS, {}, m.token);
    expect(answer.status).toBe(200);
    const status = ZWinterPromoStatus.parse(answer.body);
    expect(status).toMatchObject({
      eligible: true,
      personal_sales: 3,
      team_sales: 3,
      largest_branch_sales: 2,
      // Once per invited partner: a and b bring a gift each, a's upgrade none.
      winter_gift: { count: 2, amount: '2000.00000000' },
      ticket_bonus: { count: 1 },
    });
    expect(BigInt(status.ticket_bonus.amount.replace('.', ''))).toBe(price / 10n);
    // The buyers' own view: no invitees, no sales.
    expect((await post(app, STATUS, {}, a.token)).body).toMatchObject({
      reason: 'no_personal_sale',
      personal_sales: 0,
      winter_gift: { count: 0, amount: '0.00000000' },
    });
  });
});

describe('new year and summer promos', () => {
  test("the window from configuration and the caller's sales in it; the last one stays after it ends", async () => {
    const app = await testApp();
    const m = await partner(app);
    const a = await registerPartner(app, { promocode: m.referralId });
    const deep = await registerPartner(app, { promocode: a.referralId });
    await sale(app, m, '2026-12-26T00:00:00Z');
    await sale(app, a, '2026-12-25T00:00:00Z');
    await sale(app, deep, '2027-01-14T23:59:59Z');
    await sale(app, a, '2027-01-15T00:00:00Z'); // after the end
    await sale(app, a, '2026-07-15T00:00:00Z'); // in summer

    const newYear = promotionsAt(app, '2027-01-10T00:00:00Z');
    expect(ZSeasonPromoStatus.parse(await newYear.seasonStatus(m.id, 'newYear'))).toEqual({
      window: { start: '2026-12-25T00:00:00.000Z', end: '2027-01-15T00:00:00.000Z', active: true },
      finished: false,
      own_purchases: 1,
      personal_sales: 1,
      team_sales: 2,
    });
    // In March the last new year promo's numbers, final.
    expect(await promotionsAt(app, '2027-03-01T00:00:00Z', 0).seasonStatus(m.id, 'newYear')).toMatchObject({
      window: { start: '2026-12-25T00:00:00.000Z', active: false },
      finished: true,
      team_sales: 2,
    });
    expect(await promotionsAt(app, '2026-11-20T00:00:00Z').seasonStatus(m.id, 'summer')).toMatchObject({
      window: { start: '2026-06-01T00:00:00.000Z', end: '2026-09-01T00:00:00.000Z', active: false },
      finished: true,
      personal_sales: 1,
      team_sales: 1,
    });
    const off = promotionsAt(app, '2027-01-10T00:00:00Z', undefined, { SUMMER_PROMO_WINDOW: 'off' });
    expect(await off.seasonStatus(m.id, 'summer')).toEqual({
      window: null,
      finished: false,
      own_purchases: 0,
      personal_sales: 0,
      team_sales: 0,
    });
  });

  test('both calls answer over HTTP for the signed-in partner only', async () => {
    const app = await testApp();
    const m = await partner(app);
    for (const url of [NEW_YEAR, SUMMER]) {
      expect((await post(app, url, {})).status).toBe(401);
      const answer = await post(app, url, {}, m.token);
      expect(answer.status).toBe(200);
      expect(ZSeasonPromoStatus.parse(answer.body)).toMatchObject({ own_purchases: 0, team_sales: 0 });
    }
  });
});
