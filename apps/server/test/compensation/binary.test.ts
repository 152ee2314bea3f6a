import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { queryRows } from '../../src/db/client';
import { binaryLegs, capWindows, lostProfits, payouts, purchaseEvents, users } from '../../src/db/schema';
import { drainBinaryVolume, foldBatch } from '../../src/modules/binary/service';
import { refundPurchase } from '../../src/modules/purchases/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';

const USDT = 1_000_000n;
const usdt = (whole: number | bigint) => BigInt(whole) * USDT;

/** A partner invited by `mentor` (none: the company root), with `amount` USDT on the balance. */
export async function partner(app: TTestApp, amount: string, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (amount !== '0') await adjust(app, created.id, 'USDT', amount);
  return created;
}

/** The side where the partners `who` invites from now on are placed. */
export async function side(app: TTestApp, who: TPartner, leg: 'left' | 'right') {
  const response = await post(app, '/api/v1/mlm/set-binary-structure-side/', { side: leg }, who.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Buys a tariff through the API (request, then confirm). */
export async function buy(app: TTestApp, buyer: TPartner, code: string) {
  const [product] = await queryRows<{ id: string }>(
    app.database.db,
    sql`select id::text as id from products where code = ${code}`,
  );
  const request = await post(
    app,
    '/api/v1/mlm/package/purchase/request/',
    { package_id: Number(product!.id), mentor_confirmed: true, terms_accepted: true },
    buyer.token,
  );
  expect(request.status, JSON.stringify(request.body)).toBe(200);
  const paid = await post(
    app,
    '/api/v1/mlm/package/purchase/confirm/',
    { request_id: request.body.request_id },
    buyer.token,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const [row] = await queryRows<{ id: string }>(
    app.database.db,
    sql`select max(id)::text as id from purchases where user_id = ${buyer.id}`,
  );
  return Number(row!.id);
}

const drain = (app: TTestApp, batch?: number) => drainBinaryVolume(app.database.db, batch);

async function legsOf(app: TTestApp, who: TPartner) {
  const [row] = await app.database.db.select().from(binaryLegs).where(eq(binaryLegs.userId, who.id));
  return row;
}

const binaryPayouts = (app: TTestApp, payee?: TPartner) =>
  app.database.db
    .select()
    .from(payouts)
    .where(
      and(
        inArray(payouts.bonusType, ['binary', 'qualification']),
        ...(payee ? [eq(payouts.payeeId, payee.id)] : []),
      ),
    )
    .orderBy(asc(payouts.id));

async function rootId(app: TTestApp): Promise<number> {
  const [root] = await app.database.db.select().from(users).where(eq(users.isCompanyRoot, true));
  return root!.id;
}

/**
 * The golden network of docs/compensation.md "Binary and ranks": U1 (50 Promo, no code) invites
 * U2 (50 Promo) invites M (`tariff`); M places A left, then B right and C under B on the right.
 */
async function network(app: TTestApp, tariff = 'tariff-500', funds = '100000') {
  const u1 = await partner(app, '50');
  await buy(app, u1, 'tariff-50');
  const u2 = await partner(app, '50', u1);
  await buy(app, u2, 'tariff-50');
  const m = await partner(app, funds, u2);
  await buy(app, m, tariff);
  await side(app, m, 'left');
  const a = await partner(app, funds, m);
  await side(app, m, 'right');
  const b = await partner(app, funds, m);
  const c = await partner(app, funds, m);
  return { u1, u2, m, a, b, c };
}

describe('binary volume worker', () => {
  test('golden 1: activation by two invited buyers pays what waited; carry-forward; matching of the binary bonus by depth', async () => {
    const app = await testApp();
    const { u1, u2, m, a, b, c } = await network(app);
    const tree = await app.database.db
      .select({ id: users.id, parent: users.binaryParentId, position: users.binaryPosition })
      .from(users)
      .where(inArray(users.id, [a.id, b.id, c.id]));
    expect(tree).toEqual(
      expect.arrayContaining([
        { id: a.id, parent: m.id, position: 'left' },
        { id: b.id, parent: m.id, position: 'right' },
        { id: c.id, parent: b.id, position: 'right' },
      ]),
    );

    await buy(app, a, 'tariff-1500');
    expect(await drain(app)).toBeGreaterThan(0);
    // One invited buyer: M's binary is not active, the 1500 waits on the left.
    expect(await legsOf(app, m)).toMatchObject({
      leftUnpaid: usdt(1500),
      leftTotal: usdt(1500),
      rightUnpaid: 0n,
      invitedBuyers: 1,
      active: false,
    });
    expect(await binaryPayouts(app)).toEqual([]);

    const bPurchase = await buy(app, b, 'tariff-500');
    await drain(app);
    // Two invited buyers: active; 500 pairs, bonus 50; 1000 carries on the left.
    expect(await legsOf(app, m)).toMatchObject({
      leftUnpaid: usdt(1000),
      rightUnpaid: 0n,
      pairedTotal: usdt(500),
      invitedBuyers: 2,
      active: true,
    });
    const root = await rootId(app);
    const first = await app.database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.purchaseId, bPurchase), inArray(payouts.sourceBonusType, ['binary'])))
      .orderBy(asc(payouts.id));
    expect(first.map((row) => [row.payeeId, row.level, row.base, row.gross, row.toCompany])).toEqual([
      [u2.id, 1, usdt(50), 500_000n, false],
      [root, 3, usdt(50), 500_000n, true],
    ]);
    expect(await binaryPayouts(app, m)).toMatchObject([
      {
        purchaseId: bPurchase,
        bonusType: 'binary',
        leg: 'right',
        base: usdt(500),
        gross: usdt(50),
        rateBp: 1000,
      },
    ]);

    await buy(app, c, 'tariff-1500');
    await drain(app);
    // 1000 left meets 1500 right: 1000 pairs (bonus 100), 500 carries on the right.
    expect(await legsOf(app, m)).toMatchObject({
      leftUnpaid: 0n,
      rightUnpaid: usdt(500),
      leftTotal: usdt(1500),
      rightTotal: usdt(2000),
      pairedTotal: usdt(1500),
    });
    expect((await binaryPayouts(app, m)).map((row) => row.credited)).toEqual([usdt(50), usdt(100)]);
    // B holds C's 1500 on the right but has no invited buyer: it waits.
    expect(await legsOf(app, b)).toMatchObject({ rightUnpaid: usdt(1500), active: false });

    // M: invites 105 + 35 + 105, binary 50 + 100. U2: invite 35 (M), matching of M's invites
    // 1.05 + 0.35 + 1.05 and of M's binary 0.50 + 1.00. U1 (depth 1): invite 3.50 (U2), matching
    // of U2's invite 0.35; level 2 of M's bonuses is beyond its depth.
    expect((await balances(app, m.token)).usdt).toBe('99895.000000');
    expect((await balances(app, u2.token)).usdt).toBe('38.950000');
    expect((await balances(app, u1.token)).usdt).toBe('3.850000');
    expect((await ledgerHealth(app)).ok).toBe(true);
    expect(await drain(app)).toBe(0);
  });
});
