import { MESSAGES } from '@portal/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { binaryLegs, lostProfits, payouts, purchases } from '../../src/schema';
import { createCatalog } from '../../src/modules/catalog/service';
import { drainFold } from '../../src/modules/compensation/service';
import { recordPurchase, refundPurchase } from '../../src/modules/purchases/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { buyTariff } from '../helpers/tariffs';

const USDT = 1_000_000n;
const DAY_MS = 24 * 3600 * 1000;
const PAYOUT = (id: number | string) => `/api/v1/mlm/payouts/${id}/`;
const LOST_PROFIT = '/api/v1/mlm/lost-profit/';
const WHAT_IF = '/api/v1/mlm/binary/what-if/';

const catalogOf = (app: TTestApp) =>
  createCatalog({ db: app.database.db, amountMax: testConfig().amountMax });

async function partner(app: TTestApp, usdt: string, mentor?: TPartner, names: Record<string, string> = {}) {
  const created = await registerPartner(app, {
    ...(mentor ? { promocode: mentor.referralId } : {}),
    ...names,
  });
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}

/** A tariff bought with a promo code, through recordPurchase (the promotions issue checks codes). */
async function buyWithPromo(app: TTestApp, buyer: TPartner, code: string, ownerId: number) {
  const { db } = app.database;
  const catalog = catalogOf(app);
  const product = (await catalog.findByCode(db, code))!;
  const purchase = await db.transaction(async (tx) => {
    const priced = await catalog.price(tx, { userId: buyer.id, product });
    const discount = priced.listPrice / 10n;
    return recordPurchase(tx, {
      userId: buyer.id,
      product,
      pricing: {
        ...priced,
        discount,
        netPrice: priced.listPrice - discount,
        discounts: [{ source: 'promocode' as const, amount: discount }],
      },
      currency: 'USDT',
      paid: priced.listPrice - discount,
      reference: `test:${buyer.id}:${code}:promo`,
      promo: { ownerId, discountBp: 1000 },
    });
  });
  await drainFold(db);
  return purchase;
}

const get = (app: TTestApp, url: string, who: TPartner | null) =>
  call(app, 'GET', url, { token: who?.token ?? null });

/** The payout ids of `payee`'s bonuses, oldest first, as their statement lines name them. */
async function statementPayouts(app: TTestApp, payee: TPartner) {
  const shown = await call(app, 'POST', '/api/v1/payments/finances/', {
    token: payee.token,
    body: { operation_type: 'bonus', ordering: 'date' },
  });
  return (shown.body.results as { bonus_type: string; details: { payout_id?: number } }[])
    .filter((line) => line.details.payout_id !== undefined)
    .map((line) => ({ type: line.bonus_type, payoutId: Number(line.details.payout_id) }));
}

async function payoutsOf(app: TTestApp, payee: TPartner) {
  return app.database.db.select().from(payouts).where(eq(payouts.payeeId, payee.id)).orderBy(asc(payouts.id));
}

describe('a bonus explained to its payee: GET /api/v1/mlm/payouts/:id/', () => {
  test('the invite: who bought what, rate, base, gross, credited, plan version; the statement line names it', async () => {
    const app = await testApp();
    const mentor = await partner(app, '500', undefined, { first_name: 'Mona' });
    const buyer = await partner(app, '1500', mentor, { first_name: 'Bruno', username: 'bruno' });
    await buyTariff(app, mentor, 'tariff-500');
    await buyTariff(app, buyer, 'tariff-1500');

    const [line] = await statementPayouts(app, mentor);
    expect(line?.type).toBe('invite');
    const answer = await get(app, PAYOUT(line!.payoutId), mentor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      id: line!.payoutId,
      bonus_type: 'invite',
      currency: 'USDT',
      period: null,
      purchase: { product_name: '1500', product_kind: 'tariff' },
      buyer: { id: buyer.id, username: 'bruno', first_name: 'Bruno' },
      level: 1,
      leg: null,
      base: '1500.000000',
      rate_bp: 700,
      gross: '105.000000',
      credited: '105.000000',
      lost: '0.000000',
      cap_took: '0.000000',
      plan_version: 'v1',
      source_bonus_type: null,
      source_payee: null,
      reversed_at: null,
      reversed: '0.000000',
      lost_profit: null,
    });
    expect(answer.body).not.toHaveProperty('buyer.email');
  });

  test("another partner's payout, the buyer's, an unknown id and a company share all answer 404; no token 401", async () => {
    const app = await testApp();
    const mentor = await partner(app, '500');
    const buyer = await partner(app, '500', mentor);
    const stranger = await partner(app, '0');
    await buyTariff(app, mentor, 'tariff-500'); // the root's invite lands on the company account
    await buyTariff(app, buyer, 'tariff-500');
    const [line] = await statementPayouts(app, mentor);
    const companyShare = (
      await app.database.db.select().from(payouts).where(eq(payouts.toCompany, true))
    )[0]!;

    expect((await get(app, PAYOUT(line!.payoutId), mentor)).status).toBe(200);
    for (const [who, id] of [
      [buyer, line!.payoutId],
      [stranger, line!.payoutId],
      [mentor, companyShare.id],
      [mentor, line!.payoutId + 1000],
      [mentor, 2_147_483_647],
    ] as const) {
      const answer = await get(app, PAYOUT(id), who);
      expect(answer.status, `${who.id} ${id}`).toBe(404);
      expect(answer.body).toEqual({ detail: MESSAGES.notFound });
    }
    expect((await get(app, PAYOUT(line!.payoutId), null)).status).toBe(401);
  });

  test('hostile ids answer 400 and read nothing', async () => {
    const app = await testApp();
    const someone = await partner(app, '0');
    for (const id of [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '99999999999',
      '2147483648',
      "1' or '1'='1",
      '1%20or%201=1',
      '%00',
      '0x10',
      'null',
    ]) {
      const answer = await get(app, PAYOUT(encodeURIComponent(id)), someone);
      expect(answer.status, id).toBe(400);
    }
  });

  test('matching names the buyer and the matched partner (both in the downline); a promo-code buyer from another line stays anonymous', async () => {
    const app = await testApp();
    const a = await partner(app, '1500', undefined, { first_name: 'Alma' });
    const b = await partner(app, '500', a, { first_name: 'Bea' });
    const c = await partner(app, '500', b, { first_name: 'Cid' });
    await buyTariff(app, a, 'tariff-1500');
    await buyTariff(app, b, 'tariff-500');
    await buyTariff(app, c, 'tariff-500');

    const matching = (await statementPayouts(app, a)).filter((line) => line.type === 'matching').at(-1)!;
    const answer = await get(app, PAYOUT(matching.payoutId), a);
    expect(answer.body).toMatchObject({
      bonus_type: 'matching',
      buyer: { id: c.id, first_name: 'Cid' },
      level: 1,
      base: '35.000000',
      rate_bp: 100,
      gross: '0.350000',
      source_bonus_type: 'invite',
      source_payee: { id: b.id, first_name: 'Bea' },
    });

    // The code owner is in another line: the buyer (invited by b) is not in the owner's downline.
    const owner = await partner(app, '500', undefined, { first_name: 'Otto' });
    await buyTariff(app, owner, 'tariff-500');
    const customer = await partner(app, '500', b, { first_name: 'Secret' });
    await buyWithPromo(app, customer, 'tariff-500', owner.id);
    const promo = (await statementPayouts(app, owner)).find((line) => line.type === 'dexid_promo')!;
    const anonymous = await get(app, PAYOUT(promo.payoutId), owner);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({
      bonus_type: 'dexid_promo',
      buyer: null,
      purchase: { product_name: '500', product_kind: 'tariff' },
      base: '500.000000',
      rate_bp: 1000,
      gross: '50.000000',
    });
    expect(JSON.stringify(anonymous.body)).not.toContain('Secret');
    expect(JSON.stringify(anonymous.body)).not.toContain(String(customer.id) + ',');

    // The buyer's own mentor (b) sees the same buyer named on the invite of that purchase.
    const invite = (await statementPayouts(app, b)).filter((line) => line.type === 'invite').at(-1)!;
    expect((await get(app, PAYOUT(invite.payoutId), b)).body.buyer).toMatchObject({ first_name: 'Secret' });
  });

  test('the lost part: pending with its deadline, then expired; recovered by a tariff bought in time', async () => {
    const app = await testApp();
    const { db } = app.database;
    const mentor = await partner(app, '500');
    const buyer = await partner(app, '500', mentor);
    await buyTariff(app, buyer, 'tariff-500'); // mentor has no tariff: 35 lost
    const [payout] = await payoutsOf(app, mentor);
    expect(await statementPayouts(app, mentor)).toEqual([]); // nothing credited, no line

    const pending = await get(app, PAYOUT(payout!.id), mentor);
    expect(pending.body).toMatchObject({
      gross: '35.000000',
      credited: '0.000000',
      lost: '35.000000',
      cap_took: '0.000000',
      lost_profit: { amount: '35.000000', recovered: '0.000000', pending: '35.000000', state: 'pending' },
    });
    const expiresAt = new Date(pending.body.lost_profit.expires_at as string);
    const deadline = expiresAt.getTime() - new Date(pending.body.date as string).getTime();
    expect(Math.abs(deadline - 7 * DAY_MS)).toBeLessThan(5000);

    const list = await get(app, LOST_PROFIT, mentor);
    expect(list.body).toEqual({
      total: '35.000000',
      count: 1,
      earliest_expires_at: expiresAt.toISOString(),
      entries: [
        expect.objectContaining({
          payout_id: payout!.id,
          bonus_type: 'invite',
          amount: '35.000000',
          pending: '35.000000',
          expires_at: expiresAt.toISOString(),
        }),
      ],
    });
    const active = await post(app, '/api/v1/mlm/package/active/', {}, mentor.token);
    expect(active.body.lost_profit_pending).toBe(list.body.total);
    // Others see none of it.
    expect((await get(app, LOST_PROFIT, buyer)).body).toEqual({
      total: '0.000000',
      count: 0,
      earliest_expires_at: null,
      entries: [],
    });

    // Recovered by a tariff bought within 7 days.
    await adjust(app, mentor.id, 'USDT', '500');
    await buyTariff(app, mentor, 'tariff-500');
    expect((await get(app, PAYOUT(payout!.id), mentor)).body.lost_profit).toMatchObject({
      recovered: '35.000000',
      pending: '0.000000',
      state: 'recovered',
    });
    expect((await get(app, LOST_PROFIT, mentor)).body).toMatchObject({ total: '0.000000', count: 0 });

    // A second entry past its deadline (the job has not run yet): expired, not pending.
    const other = await partner(app, '500');
    const late = await partner(app, '500', other);
    await buyTariff(app, late, 'tariff-500');
    const [otherPayout] = await payoutsOf(app, other);
    await db
      .update(lostProfits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(lostProfits.payoutId, otherPayout!.id));
    expect((await get(app, PAYOUT(otherPayout!.id), other)).body.lost_profit).toMatchObject({
      pending: '0.000000',
      state: 'expired',
    });
    expect((await get(app, LOST_PROFIT, other)).body).toMatchObject({ total: '0.000000', count: 0 });
  });

  test('the list: total over all entries, entries by deadline, partly recovered entries show their rest', async () => {
    const app = await testApp();
    const { db } = app.database;
    const mentor = await partner(app, '0');
    for (let index = 0; index < 3; index += 1) {
      const buyer = await partner(app, '500', mentor);
      await buyTariff(app, buyer, 'tariff-500');
    }
    const rows = await db
      .select()
      .from(lostProfits)
      .where(eq(lostProfits.userId, mentor.id))
      .orderBy(asc(lostProfits.id));
    expect(rows).toHaveLength(3);
    // The second entry falls due first, and had 10 recovered (a tariff that fit only part of it).
    await db
      .update(lostProfits)
      .set({ expiresAt: new Date(Date.now() + DAY_MS), recovered: 10n * USDT })
      .where(eq(lostProfits.id, rows[1]!.id));
    const list = await get(app, LOST_PROFIT, mentor);
    expect(list.body.total).toBe('95.000000');
    expect(list.body.count).toBe(3);
    expect(
      list.body.entries.map((entry: { id: number; pending: string }) => [entry.id, entry.pending]),
    ).toEqual([
      [rows[1]!.id, '25.000000'],
      [rows[0]!.id, '35.000000'],
      [rows[2]!.id, '35.000000'],
    ]);
    expect(list.body.earliest_expires_at).toBe(list.body.entries[0].expires_at);
  });

  test('a refunded purchase: the credited bonus shows what was taken back, the lost part is canceled', async () => {
    const app = await testApp();
    const { db } = app.database;
    const mentor = await partner(app, '50');
    const idle = await partner(app, '0');
    const buyer = await partner(app, '3000', mentor);
    const other = await partner(app, '500', idle);
    await buyTariff(app, mentor, 'tariff-50'); // cap 250
    await buyTariff(app, buyer, 'tariff-3000'); // invite 210, all credited
    await buyTariff(app, other, 'tariff-500'); // idle has no tariff: 35 lost
    const [credited] = await payoutsOf(app, mentor);
    const [lost] = await payoutsOf(app, idle);
    for (const payout of [credited!, lost!]) {
      await db.transaction((tx) => refundPurchase(tx, payout.purchaseId!, 'test'));
    }
    expect((await get(app, PAYOUT(credited!.id), mentor)).body).toMatchObject({
      credited: '210.000000',
      reversed: '210.000000',
      reversed_at: expect.any(String),
      lost_profit: null,
    });
    expect((await get(app, PAYOUT(lost!.id), idle)).body).toMatchObject({
      reversed_at: expect.any(String),
      lost_profit: { amount: '35.000000', pending: '0.000000', state: 'canceled' },
    });
    expect((await get(app, LOST_PROFIT, idle)).body).toMatchObject({ total: '0.000000', count: 0 });
  });

  test('a binary bonus from volume of another sponsor line: the leg is shown, the buyer is not', async () => {
    const app = await testApp();
    const { db } = app.database;
    const upper = await partner(app, '0');
    const ownInvitee = await partner(app, '500', upper);
    const stranger = await partner(app, '500', undefined, { first_name: 'Hidden' });
    await buyTariff(app, ownInvitee, 'tariff-500');
    await buyTariff(app, stranger, 'tariff-500');
    const purchaseOf = async (who: TPartner) =>
      (await db.select().from(purchases).where(eq(purchases.userId, who.id)))[0]!;
    const binary = (purchase: { id: number }): typeof payouts.$inferInsert => ({
      purchaseId: purchase.id,
      payeeId: upper.id,
      bonusType: 'binary',
      currency: 'USDT',
      gross: 50n * USDT,
      credited: 0n,
      lost: 50n * USDT,
      leg: 'right',
      base: 500n * USDT,
      rateBp: 1000,
      capTook: 0n,
      planVersion: 'v1',
    });
    const [fromStranger, fromInvitee] = await db
      .insert(payouts)
      .values([binary(await purchaseOf(stranger)), binary(await purchaseOf(ownInvitee))])
      .returning();
    const hidden = await get(app, PAYOUT(fromStranger!.id), upper);
    expect(hidden.body).toMatchObject({
      bonus_type: 'binary',
      leg: 'right',
      level: null,
      buyer: null,
      rate_bp: 1000,
    });
    expect(JSON.stringify(hidden.body)).not.toContain('Hidden');
    expect((await get(app, PAYOUT(fromInvitee!.id), upper)).body.buyer).toMatchObject({ id: ownInvitee.id });
  });

  test('a bonus of a period (no purchase) is explained with its period and no buyer', async () => {
    const app = await testApp();
    const { db } = app.database;
    const diamond = await partner(app, '0');
    const [row] = await db
      .insert(payouts)
      .values({
        purchaseId: null,
        period: '2026-10',
        payeeId: diamond.id,
        bonusType: 'leader_pool',
        currency: 'USDT',
        gross: 3_333_333_333n,
        credited: 3_333_333_333n,
        lost: 0n,
        base: 1_000_000n * USDT,
        rateBp: 100,
        capTook: 0n,
        planVersion: 'v1',
      })
      .returning();
    const answer = await get(app, PAYOUT(row!.id), diamond);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      bonus_type: 'leader_pool',
      period: '2026-10',
      purchase: null,
      buyer: null,
      gross: '3333.333333',
      lost_profit: null,
    });
  });
});

describe('the what-if numbers: GET /api/v1/mlm/binary/what-if/', () => {
  test('no legs and no tariff: zeros, not active, Inactive; then the own binary_legs row and window', async () => {
    const app = await testApp();
    const { db } = app.database;
    const me = await partner(app, '500');
    const other = await partner(app, '0');
    const zeros = {
      left_unpaid: '0.000000',
      right_unpaid: '0.000000',
      paired_total: '0.000000',
      active: false,
      invited_buyers: 0,
      status: 'Inactive',
      has_window: false,
      cap: '0.000000',
      earned: '0.000000',
    };
    expect((await get(app, WHAT_IF, me)).body).toEqual(zeros);

    await buyTariff(app, me, 'tariff-500');
    // The fold keeps a row for the buyer; these legs stand for a history of purchases.
    const legs = {
      leftUnpaid: 1200n * USDT,
      rightUnpaid: 200n * USDT,
      leftTotal: 1500n * USDT,
      rightTotal: 500n * USDT,
      pairedTotal: 300n * USDT,
      invitedBuyers: 2,
      active: true,
    };
    await db
      .insert(binaryLegs)
      .values({ userId: me.id, ...legs })
      .onConflictDoUpdate({ target: binaryLegs.userId, set: legs });
    await db.execute(sql`update cap_windows set earned = ${2480n * USDT} where user_id = ${me.id}`);
    expect((await get(app, WHAT_IF, me)).body).toEqual({
      left_unpaid: '1200.000000',
      right_unpaid: '200.000000',
      paired_total: '300.000000',
      active: true,
      invited_buyers: 2,
      status: 'Active',
      has_window: true,
      cap: '2500.000000',
      earned: '2480.000000',
    });
    // Another partner sees only their own (none).
    expect((await get(app, WHAT_IF, other)).body).toEqual(zeros);
    expect((await get(app, WHAT_IF, null)).status).toBe(401);

    await db.execute(sql`update cap_windows set earned = cap where user_id = ${me.id}`);
    expect((await get(app, WHAT_IF, me)).body).toMatchObject({ status: 'Inactive', has_window: true });
  });
});
