import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { queryRows } from '../../src/db/client';
import { capWindows, lostProfits, payouts, users, walletOperations } from '../../src/schema';
import { createCatalog } from '../../src/modules/catalog/service';
import { drainFold } from '../../src/modules/compensation/service';
import { recordPurchase, refundPurchase, releasePurchase } from '../../src/modules/purchases/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { buyTariff, quoteTariff, TARIFF_CONFIRM } from '../helpers/tariffs';
import { daysPass } from '../helpers/time';

const ACTIVE = '/api/v1/mlm/package/active/';
const USDT = 1_000_000n;

const catalogOf = (app: TTestApp) =>
  createCatalog({ db: app.database.db, amountMax: testConfig().amountMax });

/** A partner invited by `mentor` (none: the company root), with `usdt` on the balance. */
async function partner(app: TTestApp, usdt: string, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}

const confirm = (app: TTestApp, buyer: TPartner, requestId: string) =>
  call(app, 'POST', TARIFF_CONFIRM, { token: buyer.token, body: { request_id: requestId } });

/**
 * A product bought through the checkout directly (the shop's calls are tested elsewhere), then
 * the fold run, as the job would.
 */
async function record(
  app: TTestApp,
  buyer: TPartner,
  code: string,
  extra: {
    promo?: { ownerId: number; discountBp: number };
    discount?: bigint;
    bonuses?: 'at_payment' | 'on_release';
  } = {},
) {
  const { db } = app.database;
  const catalog = catalogOf(app);
  const product = (await catalog.findByCode(db, code))!;
  const purchase = await db.transaction(async (tx) => {
    const priced = await catalog.price(tx, { userId: buyer.id, product });
    const discount = extra.discount ?? 0n;
    const pricing = {
      ...priced,
      discount,
      netPrice: priced.listPrice - discount,
      discounts: discount > 0n ? [{ source: 'promocode' as const, amount: discount }] : [],
    };
    return recordPurchase(tx, {
      userId: buyer.id,
      product,
      pricing,
      currency: 'USDT',
      paid: pricing.netPrice,
      reference: `test:${buyer.id}:${code}:${Math.random()}`,
      promo: extra.promo ?? null,
      bonuses: extra.bonuses ?? 'at_payment',
    });
  });
  await drainFold(db);
  return purchase;
}

/** The window of `userId` filled to `earned` (a history of bonuses): the fold reads it as it is. */
async function fill(app: TTestApp, userId: number, earned: bigint) {
  await app.database.db.execute(
    sql`update cap_windows set earned = ${earned} where user_id = ${userId} and closed_at is null`,
  );
}

const payoutsOf = (app: TTestApp, purchaseId: number) =>
  app.database.db.select().from(payouts).where(eq(payouts.purchaseId, purchaseId)).orderBy(asc(payouts.id));

async function lastPurchaseId(app: TTestApp, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    app.database.db,
    sql`select max(id)::text as id from purchases where user_id = ${userId}`,
  );
  return Number(row!.id);
}

async function windowOf(app: TTestApp, userId: number) {
  const [row] = await app.database.db
    .select()
    .from(capWindows)
    .where(and(eq(capWindows.userId, userId), isNull(capWindows.closedAt)));
  return row!;
}

const active = async (app: TTestApp, who: TPartner) => (await post(app, ACTIVE, {}, who.token)).body;

describe('bonuses from the fold, through the checkout', () => {
  test('golden: A (1500) invites B (500) invites C; C buys 500: B 35 invite, A 0.35 matching, root shares on the company account', async () => {
    const app = await testApp();
    const { db } = app.database;
    const a = await partner(app, '1500');
    const b = await partner(app, '500', a);
    const c = await partner(app, '500', b);
    const [root] = await db.select().from(users).where(eq(users.isCompanyRoot, true));
    expect((await db.select().from(users).where(eq(users.id, a.id)))[0]!.mentorId).toBe(root!.id);

    await buyTariff(app, a, 'tariff-1500'); // root: invite 105 (company)
    await buyTariff(app, b, 'tariff-500'); // A: invite 35; root: matching 0.35 (level 1 of A's upline)
    await buyTariff(app, c, 'tariff-500'); // B: invite 35; A: matching 0.35 (level 1, depth 5); root 0.35 (level 2)

    expect(await balances(app, b.token)).toMatchObject({ usdt: '35.000000', other_bonuses: '35.000000' });
    expect(await balances(app, a.token)).toMatchObject({
      usdt: '35.350000',
      matching_bonus: '0.350000',
      other_bonuses: '35.000000',
    });
    expect(await balances(app, c.token)).toMatchObject({ usdt: '0.000000' });

    const rows = await payoutsOf(app, await lastPurchaseId(app, c.id));
    expect(
      rows.map((row) => ({
        payee: row.payeeId,
        type: row.bonusType,
        level: row.level,
        base: row.base,
        rate: row.rateBp,
        gross: row.gross,
        credited: row.credited,
        lost: row.lost,
        capTook: row.capTook,
        source: row.sourceBonusType,
        sourcePayee: row.sourcePayeeId,
        company: row.toCompany,
        version: row.planVersion,
      })),
    ).toEqual([
      {
        payee: b.id,
        type: 'invite',
        level: 1,
        base: 500n * USDT,
        rate: 700,
        gross: 35n * USDT,
        credited: 35n * USDT,
        lost: 0n,
        capTook: 0n,
        source: null,
        sourcePayee: null,
        company: false,
        version: 'v1',
      },
      {
        payee: a.id,
        type: 'matching',
        level: 1,
        base: 35n * USDT,
        rate: 100,
        gross: 350_000n,
        credited: 350_000n,
        lost: 0n,
        capTook: 0n,
        source: 'invite',
        sourcePayee: b.id,
        company: false,
        version: 'v1',
      },
      {
        payee: root!.id,
        type: 'matching',
        level: 2,
        base: 35n * USDT,
        rate: 100,
        gross: 350_000n,
        credited: 350_000n,
        lost: 0n,
        capTook: 0n,
        source: 'invite',
        sourcePayee: b.id,
        company: true,
        version: 'v1',
      },
    ]);
    expect(rows.every((row) => row.transferId !== null)).toBe(true);
    // Root: 105 + 0.35 + 0.35 on company:root_bonuses; company:bonuses paid that and B 35 + A 35.35.
    expect(await companyBalance(app, 'company:root_bonuses')).toBe(105_700_000n);
    expect(await companyBalance(app, 'company:bonuses')).toBe(-(105_700_000n + 70_350_000n));
    // The root's user row holds nothing.
    const rootAccounts = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ledger_accounts where user_id = ${root!.id}`,
    );
    expect(rootAccounts[0]!.n).toBe('0');
    // Windows filled by what was credited; statement lines explain each bonus.
    expect((await windowOf(app, b.id)).earned).toBe(35n * USDT);
    expect((await windowOf(app, a.id)).earned).toBe(35_350_000n);
    // The fold's bonuses are their payouts: no wallet_operations row beside them; the statement
    // lists each payout as a line (its id the payout's) and shows how it was computed.
    expect(
      await countRows(
        app,
        walletOperations,
        and(
          eq(walletOperations.userId, a.id),
          eq(walletOperations.operationType, 'bonus'),
          eq(walletOperations.currency, 'USDT'),
        ),
      ),
    ).toBe(0);
    const shown = await post(
      app,
      '/api/v1/payments/finances/',
      { operation_type: 'bonus', currency: 'USDT', ordering: 'date' },
      a.token,
    );
    expect(
      shown.body.results.map((line: { bonus_type: string; amount: string }) => [
        line.bonus_type,
        line.amount,
      ]),
    ).toEqual([
      ['invite', '35.000000'],
      ['matching', '0.350000'],
    ]);
    expect(shown.body.results[1]).toMatchObject({
      id: shown.body.results[1].details.payout_id,
      status: 'completed',
      details: {
        level: 1,
        rate_bp: 100,
        source_bonus_type: 'invite',
        base: '35000000',
        gross: '350000',
        buyer_id: c.id,
        kind: 'tariff',
      },
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test("an Inactive upline's share is lost profit for 7 days; a tariff bought within them recovers it", async () => {
    const app = await testApp();
    const { db } = app.database;
    const a = await partner(app, '0');
    const b = await partner(app, '500', a);
    await buyTariff(app, b, 'tariff-500');
    const [invite] = await payoutsOf(app, await lastPurchaseId(app, b.id));
    expect(invite).toMatchObject({
      payeeId: a.id,
      bonusType: 'invite',
      credited: 0n,
      lost: 35n * USDT,
      capTook: 0n,
    });
    expect(invite!.transferId).toBeNull();
    const [lost] = await db.select().from(lostProfits).where(eq(lostProfits.userId, a.id));
    expect(lost).toMatchObject({ amount: 35n * USDT, payoutId: invite!.id, recovered: 0n });
    expect(lost!.expiresAt.getTime() - lost!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    // No credited invite: no matching (matching pays on what was credited).
    expect(await payoutsOf(app, await lastPurchaseId(app, b.id))).toHaveLength(1);
    expect(await active(app, a)).toMatchObject({ status: 'Inactive', lost_profit_pending: '35.000000' });
    expect(await balances(app, a.token)).toMatchObject({ usdt: '0.000000' });

    await adjust(app, a.id, 'USDT', '500');
    await buyTariff(app, a, 'tariff-500');
    expect(await balances(app, a.token)).toMatchObject({ usdt: '35.000000' });
    expect(await active(app, a)).toMatchObject({
      status: 'Active',
      earned: '35.000000',
      lost_profit_pending: '0.000000',
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('lost profit expires after 7 days: on read, and a tariff bought later recovers nothing', async () => {
    const app = await testApp();
    const { db } = app.database;
    const a = await partner(app, '0');
    const b = await partner(app, '500', a);
    await buyTariff(app, b, 'tariff-500');
    await daysPass(app, 7);
    // Exactly 7 days old: still pending at the moment it was lost + 7 days, gone a second later.
    expect(await active(app, a)).toMatchObject({ lost_profit_pending: '0.000000' });
    await daysPass(app, 1);
    await adjust(app, a.id, 'USDT', '500');
    await buyTariff(app, a, 'tariff-500');
    expect(await balances(app, a.token)).toMatchObject({ usdt: '0.000000' });
    expect(await active(app, a)).toMatchObject({ earned: '0.000000', lost_profit_pending: '0.000000' });
    // Nothing of it was recovered, and no clock closes it: it is simply past its time.
    const [row] = await db.select().from(lostProfits);
    expect(row).toMatchObject({ recovered: 0n, dropped: 0n, closedAt: null });
  });

  test('a window nearly full credits only the rest; the rest is lost profit; matching pays on the credited part', async () => {
    const app = await testApp();
    const a = await partner(app, '500');
    const b = await partner(app, '500', a);
    await buyTariff(app, a, 'tariff-500');
    await fill(app, a.id, 2480n * USDT);
    await buyTariff(app, b, 'tariff-500');
    const rows = await payoutsOf(app, await lastPurchaseId(app, b.id));
    expect(rows[0]).toMatchObject({
      payeeId: a.id,
      bonusType: 'invite',
      gross: 35n * USDT,
      credited: 20n * USDT,
      lost: 15n * USDT,
      capTook: 15n * USDT,
    });
    expect(rows[1]).toMatchObject({
      bonusType: 'matching',
      base: 20n * USDT,
      gross: 200_000n,
      toCompany: true,
    });
    expect((await windowOf(app, a.id)).earned).toBe(2500n * USDT);
    expect(await active(app, a)).toMatchObject({ status: 'Inactive', lost_profit_pending: '15.000000' });
    expect(await balances(app, a.token)).toMatchObject({ usdt: '20.000000' });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a validator key pays nothing when paid; activated, the invite with its matching, then VP 5% to levels 1-3; a ticket pays 10% to the mentor and no matching', async () => {
    const app = await testApp();
    const { db } = app.database;
    const l3 = await partner(app, '1500');
    const l2 = await partner(app, '500', l3);
    const l1 = await partner(app, '500', l2);
    const buyer = await partner(app, '3000', l1);
    await buyTariff(app, l3, 'tariff-1500');
    await buyTariff(app, l2, 'tariff-500');
    await buyTariff(app, l1, 'tariff-500');
    const key = await record(app, buyer, 'validator-key', { bonuses: 'on_release' });
    expect(await payoutsOf(app, key.id)).toEqual([]);
    await db.transaction((tx) => releasePurchase(tx, key.id));
    await drainFold(db);
    const rows = await payoutsOf(app, key.id);
    const summary = rows.map((row) => [row.bonusType, row.payeeId, row.level, row.credited, row.ordinal]);
    // Matching of the invite (1.05): l2 (depth 3) level 1, l3 (depth 5) level 2, root level 3.
    expect(summary).toEqual([
      ['invite', l1.id, 1, 105n * USDT, 1],
      ['matching', l2.id, 1, 1_050_000n, 2],
      ['matching', l3.id, 2, 1_050_000n, 3],
      ['matching', rows[3]!.payeeId, 3, 1_050_000n, 4],
      ['vp', l1.id, 1, 75n * USDT, 5],
      ['vp', l2.id, 2, 75n * USDT, 6],
      ['vp', l3.id, 3, 75n * USDT, 7],
    ]);
    // Released once: a second release records nothing more.
    await db.transaction((tx) => releasePurchase(tx, key.id));
    await drainFold(db);
    expect(await payoutsOf(app, key.id)).toHaveLength(7);
    expect(await balances(app, l1.token)).toMatchObject({ vp_bonus: '75.000000' });

    const ticket = await record(app, buyer, 'event-ticket');
    const ticketRows = await payoutsOf(app, ticket.id);
    expect(ticketRows.map((row) => [row.bonusType, row.payeeId, row.base, row.gross])).toEqual([
      ['ticket', l1.id, ticket.netPrice, ticket.netPrice / 10n],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('the promo owner gets (20% - discount) x list price; a code used by its owner is refused and nothing is written', async () => {
    const app = await testApp();
    const mentor = await partner(app, '500');
    const owner = await partner(app, '500');
    const buyer = await partner(app, '1000', mentor);
    await buyTariff(app, mentor, 'tariff-500');
    await buyTariff(app, owner, 'tariff-500');
    const purchase = await record(app, buyer, 'tariff-500', {
      promo: { ownerId: owner.id, discountBp: 1000 },
      discount: 50n * USDT,
    });
    const rows = await payoutsOf(app, purchase.id);
    // The invite, its matching (the mentor's upline: the company root), then the owner's bonus.
    expect(rows.map((row) => [row.bonusType, row.payeeId, row.base, row.rateBp, row.credited])).toEqual([
      ['invite', mentor.id, 450n * USDT, 700, 31_500_000n],
      ['matching', rows[1]!.payeeId, 31_500_000n, 100, 315_000n],
      ['dexid_promo', owner.id, 500n * USDT, 1000, 50n * USDT],
    ]);
    // The owner's statement line does not name a buyer from another line; the mentor's does.
    const lineOf = async (who: { token: string }, bonusType: string) =>
      (
        await post(
          app,
          '/api/v1/payments/finances/',
          { operation_type: 'bonus', ordering: 'date' },
          who.token,
        )
      ).body.results.find((line: { bonus_type: string }) => line.bonus_type === bonusType);
    expect((await lineOf(owner, 'dexid_promo')).details).toMatchObject({
      purchase_id: purchase.id,
      buyer_id: null,
    });
    expect((await lineOf(mentor, 'invite')).details).toMatchObject({
      purchase_id: purchase.id,
      buyer_id: buyer.id,
    });
    await expect(
      record(app, owner, 'tariff-50', { promo: { ownerId: owner.id, discountBp: 1000 } }),
    ).rejects.toThrow();
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a refund reverses the bonuses: what the balance holds comes back, the rest is a debt; the window gets the room back; nothing twice', async () => {
    const app = await testApp();
    const { db } = app.database;
    const l2 = await partner(app, '1500');
    const l1 = await partner(app, '500', l2);
    const buyer = await partner(app, '1000', l1);
    await buyTariff(app, l2, 'tariff-1500');
    await buyTariff(app, l1, 'tariff-500');
    const device = await record(app, buyer, 'device');
    // l1: invite 70; l2: 35 (l1's tariff) + 0.70 (matching of the device's invite).
    expect(await balances(app, l1.token)).toMatchObject({ usdt: '70.000000', other_bonuses: '70.000000' });
    // l1 spends 50 of it: the reversal takes back the 20 left, and 50 is l1's debt.
    await adjust(app, l1.id, 'USDT', '-50');
    expect(await db.transaction((tx) => refundPurchase(tx, device.id, 'test'))).toBe(true);
    await drainFold(db);
    // The header's lifetime totals lose what was reversed; the balance never goes below zero.
    expect(await balances(app, l1.token)).toMatchObject({
      usdt: '0.000000',
      other_bonuses: '50.000000',
      debt: '50.000000',
    });
    expect((await windowOf(app, l1.id)).earned).toBe(0n);
    expect(await balances(app, buyer.token)).toMatchObject({ usdt: '1000.000000' });
    expect(await balances(app, l2.token)).toMatchObject({ usdt: '35.000000', matching_bonus: '0.000000' });
    expect((await windowOf(app, l2.id)).earned).toBe(35n * USDT);
    const rows = await payoutsOf(app, device.id);
    const credits = rows.filter((row) => row.reversesPayoutId === null);
    const reversals = rows.filter((row) => row.reversesPayoutId !== null);
    expect(credits.every((row) => row.reversedAt !== null && row.reversed === row.gross)).toBe(true);
    expect(
      reversals.map((row) => [
        row.bonusType,
        row.payeeId,
        row.credited,
        row.taken,
        row.debt,
        row.reversesPayoutId,
      ]),
    ).toEqual([
      ['invite', l1.id, -70n * USDT, 20n * USDT, 50n * USDT, credits[0]!.id],
      ['matching', l2.id, -700_000n, 700_000n, 0n, credits[1]!.id],
      ['matching', credits[2]!.payeeId, -700_000n, 700_000n, 0n, credits[2]!.id],
    ]);
    // A second refund moves nothing, and the fold has nothing more to do.
    expect(await db.transaction((tx) => refundPurchase(tx, device.id, 'test'))).toBe(false);
    expect(await drainFold(db)).toBe(0);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test("parallel purchases by four buyers under one mentor never overfill the mentor's window", async () => {
    const app = await testApp();
    const { db } = app.database;
    const mentor = await partner(app, '500');
    await buyTariff(app, mentor, 'tariff-500');
    await fill(app, mentor.id, 2460n * USDT); // 40 left
    const buyers = [
      await partner(app, '500', mentor),
      await partner(app, '500', mentor),
      await partner(app, '500', mentor),
      await partner(app, '500', mentor),
    ];
    const requests = await Promise.all(buyers.map((buyer) => quoteTariff(app, buyer, 'tariff-500')));
    const answers = await Promise.all(buyers.map((buyer, index) => confirm(app, buyer, requests[index]!)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await drainFold(db);
    expect((await windowOf(app, mentor.id)).earned).toBe(2500n * USDT);
    const invites = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.payeeId, mentor.id), eq(payouts.bonusType, 'invite')));
    expect(invites.reduce((sum, row) => sum + row.credited, 0n)).toBe(40n * USDT);
    expect(invites.reduce((sum, row) => sum + row.lost, 0n)).toBe(100n * USDT);
    expect(await balances(app, mentor.token)).toMatchObject({ usdt: '40.000000' });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test("a mentor's own upgrade and their invitees' purchases at the same moment all succeed, and every window equals its credits", async () => {
    const app = await testApp();
    const { db } = app.database;
    const upline = await partner(app, '1500');
    const mentor = await partner(app, '1500', upline);
    await buyTariff(app, upline, 'tariff-1500');
    await buyTariff(app, mentor, 'tariff-500');
    const invitees = [
      await partner(app, '500', mentor),
      await partner(app, '500', mentor),
      await partner(app, '500', mentor),
    ];
    const upgrade = await quoteTariff(app, mentor, 'tariff-1500');
    const requests = await Promise.all(invitees.map((buyer) => quoteTariff(app, buyer, 'tariff-500')));
    const answers = await Promise.all([
      confirm(app, mentor, upgrade),
      ...invitees.map((buyer, index) => confirm(app, buyer, requests[index]!)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await drainFold(db);
    for (const who of [upline, mentor]) {
      const [row] = await queryRows<{ total: string }>(
        db,
        sql`select coalesce(sum(credited), 0)::text as total from payouts where payee_id = ${who.id}`,
      );
      expect((await windowOf(app, who.id)).earned).toBe(BigInt(row!.total));
    }
    // Mentor: 3 invites of 35 (the upgrade adds room, it takes nothing), and the quick start of
    // 300 that the third invitee of 500 completes (periodic.test.ts), once.
    expect(await balances(app, mentor.token)).toMatchObject({ usdt: '405.000000' });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});
