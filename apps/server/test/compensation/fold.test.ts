import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { queryRows } from '../../src/db/client';
import { binaryLegs, capWindows, compensationFold, lostProfits, payouts, users } from '../../src/schema';
import { horizon } from '../../src/modules/compensation/events';
import { auditBonuses, drainFold, foldBacklog, foldBatch } from '../../src/modules/compensation/service';
import { LOCKS } from '../../src/db/locks';
import { createCatalog } from '../../src/modules/catalog/service';
import { recordPurchase, refundPurchase } from '../../src/modules/purchases/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { databaseUrl } from '../helpers/database';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { startServerProcess, type TServerProcess } from '../helpers/process';
import { buyTariff } from '../helpers/tariffs';

const USDT = 1_000_000n;
const usdt = (whole: number | bigint) => BigInt(whole) * USDT;

/** A partner invited by `mentor` (none: the company root), with `amount` USDT on the balance. */
async function partner(app: TTestApp, amount: string, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (amount !== '0') await adjust(app, created.id, 'USDT', amount);
  return created;
}

/** The side where the partners `who` invites from now on are placed. */
async function side(app: TTestApp, who: TPartner, leg: 'left' | 'right') {
  const response = await post(app, '/api/v1/mlm/set-binary-structure-side/', { side: leg }, who.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Buys a tariff through the API (request, then confirm); the purchase's id. */
async function buy(app: TTestApp, buyer: TPartner, code: string) {
  await buyTariff(app, buyer, code);
  const [row] = await queryRows<{ id: string }>(
    app.database.db,
    sql`select max(id)::text as id from purchases where user_id = ${buyer.id}`,
  );
  return Number(row!.id);
}

const drain = (app: TTestApp, batch?: number) => drainFold(app.database.db, batch);

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

describe('the fold: binary and ranks', () => {
  test('golden 1: activation by two invited buyers pays what waited; carry-forward; matching of the binary bonus by depth', async () => {
    const app = await testApp({ settle: false });
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
    // M's statement explains each: the leg, the paired volume, the rate.
    const statement = await call(app, 'POST', '/api/v1/payments/finances/', {
      token: m.token,
      body: { bonus_type: 'binary' },
    });
    expect(
      statement.body.results.map((line: { amount: string; details: Record<string, unknown> }) => [
        line.amount,
        line.details.leg,
        line.details.base,
        line.details.rate_bp,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['50.000000', 'right', '500000000', 1000],
        ['100.000000', 'right', '1000000000', 1000],
      ]),
    );
    // B holds C's 1500 on the right but has no invited buyer: it waits.
    expect(await legsOf(app, b)).toMatchObject({ rightUnpaid: usdt(1500), active: false });

    // M: invites 105 + 35 + 105, binary 50 + 100. U2: invite 35 (M), matching of M's invites
    // 1.05 + 0.35 + 1.05 and of M's binary 0.50 + 1.00. U1 (depth 1): invite 3.50 (U2), matching
    // of U2's invite 0.35; level 2 of M's bonuses is beyond its depth. M's third invitee buying
    // 500 or more within 30 days of M's tariff also pays M's quick start 300 (no matching).
    expect((await balances(app, m.token)).usdt).toBe('100195.000000');
    expect((await balances(app, u2.token)).usdt).toBe('38.950000');
    expect((await balances(app, u1.token)).usdt).toBe('3.850000');
    expect((await ledgerHealth(app)).ok).toBe(true);
    expect(await drain(app)).toBe(0);
  });

  test('golden 2: the cap window takes the rest of a binary bonus as lost profit; matching pays on what was credited', async () => {
    const app = await testApp({ settle: false });
    const { u2, m, a, b } = await network(app);
    await buy(app, a, 'tariff-1500');
    await drain(app);
    // M's window (500: cap 2500) is filled so that B's invite of 35 fits and then only 20 is left.
    await app.database.db
      .update(capWindows)
      .set({ earned: usdt(2445) })
      .where(and(eq(capWindows.userId, m.id), isNull(capWindows.closedAt)));
    const bPurchase = await buy(app, b, 'tariff-500');
    await drain(app);
    const [binary] = await binaryPayouts(app, m);
    expect(binary).toMatchObject({
      purchaseId: bPurchase,
      gross: usdt(50),
      credited: usdt(20),
      lost: usdt(30),
      capTook: usdt(30),
    });
    const [lost] = await app.database.db
      .select()
      .from(lostProfits)
      .where(eq(lostProfits.payoutId, binary!.id));
    expect(lost).toMatchObject({ userId: m.id, amount: usdt(30) });
    const [window] = await app.database.db
      .select()
      .from(capWindows)
      .where(and(eq(capWindows.userId, m.id), isNull(capWindows.closedAt)));
    expect(window!.earned).toBe(usdt(2500));
    // Matching of the credited 20: 0.20 to U2 (level 1).
    const matching = await app.database.db
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.sourcePayeeId, m.id),
          eq(payouts.sourceBonusType, 'binary'),
          eq(payouts.payeeId, u2.id),
        ),
      );
    expect(matching.map((row) => [row.base, row.gross])).toEqual([[usdt(20), 200_000n]]);
    expect((await post(app, '/api/v1/mlm/package/active/', {}, m.token)).body).toMatchObject({
      status: 'Inactive',
      lost_profit_pending: '30.000000',
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('golden 3: a weaker leg of 45,000 reaches Bronze and Silver at once, lowest first, each paid once', async () => {
    const app = await testApp({ settle: false });
    const { m, a, b, c } = await network(app, 'tariff-3000');
    await buy(app, a, 'tariff-45000');
    await buy(app, b, 'tariff-45000');
    await drain(app);
    expect(await legsOf(app, m)).toMatchObject({
      leftTotal: usdt(45000),
      rightTotal: usdt(45000),
      rank: 'Silver',
    });
    const rows = await binaryPayouts(app, m);
    expect(rows.map((row) => [row.bonusType, row.gross, row.credited, row.period, row.purchaseId])).toEqual([
      ['binary', usdt(4500), usdt(4500), null, expect.any(Number)],
      ['qualification', usdt(100), usdt(100), 'rank:Bronze', expect.any(Number)],
      ['qualification', usdt(500), usdt(500), 'rank:Silver', expect.any(Number)],
    ]);
    // The statement names the rank.
    const statement = await call(app, 'POST', '/api/v1/payments/finances/', {
      token: m.token,
      body: { bonus_type: 'qualification' },
    });
    expect(statement.status).toBe(200);
    expect(
      statement.body.results.map((line: { amount: string; details: { rank: string } }) => [
        line.amount,
        line.details.rank,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['100.000000', 'Bronze'],
        ['500.000000', 'Silver'],
      ]),
    );
    // More volume on the stronger leg: the weaker leg is unchanged, no rank is paid again.
    await buy(app, c, 'tariff-500');
    await drain(app);
    expect((await binaryPayouts(app, m)).filter((row) => row.bonusType === 'qualification')).toHaveLength(2);
    // M: 100000 - 3000 + invites 3150 x 2 + 35 + binary 4500 + 100 + 500, and the quick start
    // 300 (C is the third invitee buying 500 or more within 30 days).
    expect((await balances(app, m.token)).usdt).toBe('108735.000000');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('refunds (compensation-plan.md 5a): volume leaves what waits first; the rest undoes its pairing, 10% of it reversed with its matching', async () => {
    const app = await testApp({ settle: false });
    const { db } = app.database;
    const { m, a, b, c } = await network(app);
    await buy(app, a, 'tariff-1500');
    const bPurchase = await buy(app, b, 'tariff-500');
    // Refunded before the fold ran: the fold still takes the purchase first, then its refund.
    await db.transaction((tx) => refundPurchase(tx, bPurchase, 'test'));
    await drain(app);
    // B's purchase activated M (A and B bought) and its 500 paired with 500 of A's: binary 50.
    // Its refund: the 500 leaves M's right leg, where nothing waited, so the pairing is undone:
    // the 500 goes back to wait on the left and the 50 is reversed. The activation stays.
    expect(await legsOf(app, m)).toMatchObject({
      invitedBuyers: 2,
      active: true,
      leftUnpaid: usdt(1500),
      rightUnpaid: 0n,
      leftTotal: usdt(1500),
      rightTotal: 0n,
      pairedTotal: 0n,
    });
    const ofB = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.purchaseId, bPurchase), eq(payouts.payeeId, m.id)));
    expect(ofB.map((row) => [row.bonusType, row.gross])).toEqual([
      ['invite', usdt(35)],
      ['binary', usdt(50)],
      ['invite', -usdt(35)],
      ['binary', -usdt(50)],
    ]);

    // C's 1500 pairs with the 1500 waiting on the left: binary 150.
    const cPurchase = await buy(app, c, 'tariff-1500');
    await drain(app);
    expect(await legsOf(app, m)).toMatchObject({ leftUnpaid: 0n, rightUnpaid: 0n, pairedTotal: usdt(1500) });

    // A upgrades to 3000 paying the 1500 difference: 1500 waits on M's left; refunded, it leaves
    // what waits and nothing paired is touched.
    const again = await buy(app, a, 'tariff-3000');
    await drain(app);
    expect(await legsOf(app, m)).toMatchObject({ leftUnpaid: usdt(1500), leftTotal: usdt(3000) });
    await db.transaction((tx) => refundPurchase(tx, again, 'test'));
    await drain(app);
    expect(await legsOf(app, m)).toMatchObject({
      leftUnpaid: 0n,
      leftTotal: usdt(1500),
      pairedTotal: usdt(1500),
    });
    expect((await binaryPayouts(app, m)).map((row) => row.gross)).toEqual([usdt(50), -usdt(50), usdt(150)]);

    // C's purchase refunded: its invite 105 and, its 1500 having paired, the binary 150, each
    // with the matching it gave; A's 1500 waits on the left again.
    const before = BigInt((await balances(app, m.token)).usdt!.replace('.', ''));
    await db.transaction((tx) => refundPurchase(tx, cPurchase, 'test'));
    await drain(app);
    const reversed = await db.select().from(payouts).where(eq(payouts.purchaseId, cPurchase));
    const credits = reversed.filter((row) => row.reversesPayoutId === null);
    // C was M's third invitee of 500 or more: the quick start it completed stays paid.
    expect(credits.filter((row) => row.bonusType === 'quick_start').map((row) => row.reversed)).toEqual([0n]);
    expect(
      credits
        .filter((row) => row.bonusType !== 'quick_start')
        .every((row) => row.reversedAt !== null && row.reversed === row.gross),
    ).toBe(true);
    expect(BigInt((await balances(app, m.token)).usdt!.replace('.', ''))).toBe(before - usdt(255));
    expect(await legsOf(app, m)).toMatchObject({
      leftUnpaid: usdt(1500),
      rightUnpaid: 0n,
      rightTotal: 0n,
      pairedTotal: 0n,
    });
    expect((await auditBonuses(db)).sample).toEqual([]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('order independence: the same purchases in any order and any batching give the same legs and binary totals', async () => {
    type TSummary = { legs: unknown[]; bonuses: unknown[] };
    const run = async (order: number[], drainEach: boolean, batch: number): Promise<TSummary> => {
      const app = await testApp({ settle: false });
      const { m, a, b, c } = await network(app);
      await side(app, m, 'left');
      const d = await partner(app, '100000', m);
      const sales: [TPartner, string][] = [
        [a, 'tariff-1500'],
        [b, 'tariff-500'],
        [c, 'tariff-3000'],
        [d, 'tariff-500'],
      ];
      for (const index of order) {
        await buy(app, ...sales[index]!);
        if (drainEach) await drain(app, batch);
      }
      await drain(app, batch);
      const legs = await app.database.db
        .select({
          user: binaryLegs.userId,
          left: binaryLegs.leftUnpaid,
          right: binaryLegs.rightUnpaid,
          leftTotal: binaryLegs.leftTotal,
          rightTotal: binaryLegs.rightTotal,
          paired: binaryLegs.pairedTotal,
          invited: binaryLegs.invitedBuyers,
          active: binaryLegs.active,
        })
        .from(binaryLegs)
        .orderBy(asc(binaryLegs.userId));
      const bonuses = await queryRows(
        app.database.db,
        sql`select payee_id::text as payee, sum(gross)::text as gross from payouts
            where bonus_type = 'binary' or source_bonus_type = 'binary' group by payee_id order by payee_id`,
      );
      await app.close();
      return { legs, bonuses };
    };
    const first = await run([0, 1, 2, 3], false, 200);
    expect(first.bonuses.length).toBeGreaterThan(1);
    expect(await run([3, 2, 1, 0], true, 200)).toEqual(first);
    expect(await run([2, 0, 3, 1], false, 1)).toEqual(first);
  }, 120_000);

  test('a batch computed in parts (each written while the next is computed) writes what it writes computed at once', async () => {
    /** Every payout, with what it names (its source, window and transfer) by their own keys, not ids. */
    const run = async (part: number) => {
      const app = await testApp({ settle: false });
      const { m, a, b, c } = await network(app, 'tariff-1500');
      await buy(app, a, 'tariff-500');
      await buy(app, b, 'tariff-3000');
      await buy(app, c, 'tariff-1500');
      await buy(app, a, 'tariff-7500');
      const d = await partner(app, '100000', c);
      await buy(app, d, 'tariff-500');
      await buy(app, m, 'tariff-7500');
      const db = app.database.db;
      expect(await drainFold(db, 500, part)).toBe(9);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select p.event_id, p.ordinal, p.payee_id, p.bonus_type, p.currency, p.gross, p.credited, p.lost,
                   p.cap_took, p.level, p.leg, p.base, p.debt_repaid, p.listed,
                   s.event_id || ':' || s.ordinal as source, w.opened_event_id as window, t.reference as transfer,
                   t.bonus_type as transfer_type
            from payouts p left join payouts s on s.id = p.source_payout_id
            left join cap_windows w on w.id = p.window_id left join ledger_transfers t on t.id = p.transfer_id
            order by p.event_id, p.ordinal`,
      );
      const audit = await auditBonuses(db);
      const money = await Promise.all([m, a, b, c, d].map((who) => balances(app, who.token)));
      const health = await ledgerHealth(app);
      await app.close();
      return { rows, audit: audit.sample, money, health };
    };
    const atOnce = await run(500);
    const inParts = await run(1);
    const inThrees = await run(3);
    expect(atOnce.rows.length).toBeGreaterThan(20);
    // Several kinds of bonus, windows opened in later parts, each paid payout on its transfer.
    expect(new Set(atOnce.rows.map((row) => row.bonus_type)).size).toBeGreaterThan(3);
    for (const row of atOnce.rows) {
      expect(row.transfer === null, JSON.stringify(row)).toBe(row.credited === '0');
      if (row.transfer !== null) expect(row.transfer_type).toBe(row.bonus_type);
    }
    expect(atOnce.rows.filter((row) => row.window !== null).length).toBeGreaterThan(5);
    expect(inParts).toEqual(atOnce);
    expect(inThrees).toEqual(atOnce);
    expect(atOnce.audit).toEqual([]);
    expect(atOnce.health).toMatchObject({ ok: true, negative_user_accounts: 0 });
  }, 120_000);

  test('three drains at once (three connections on PostgreSQL) fold every event once', async () => {
    const app = await testApp({ settle: false });
    const net = await spine(app, 12);
    await buyAll(app, net);
    const drained = await Promise.all([drain(app, 5), drain(app, 5), drain(app, 5)]);
    expect(drained.reduce((sum, count) => sum + count, 0)).toBe(net.spine.length + net.leaves.length);
    await expectExactlyOnce(app, net);
  }, 120_000);

  test('with the job running, the binary bonus shows in the statement within 5 seconds of the purchase', async () => {
    const app = await testApp({
      config: { jobs: true, fold: { everyMs: 100, settleMs: 250, batchSize: 500, auditEveryHours: 0 } },
    });
    const { m, a, b } = await network(app);
    await buy(app, a, 'tariff-1500');
    const bought = Date.now();
    await buy(app, b, 'tariff-500');
    let lines: { amount: string }[] = [];
    while (Date.now() - bought < 5000) {
      const statement = await call(app, 'POST', '/api/v1/payments/finances/', {
        token: m.token,
        body: { bonus_type: 'binary' },
      });
      lines = statement.body.results;
      if (lines.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Date.now() - bought).toBeLessThan(5000);
    expect(lines.map((line) => line.amount)).toEqual(['50.000000']);
  });
});

// ---- a large network made directly in the database, for the concurrency tests ----------------------

type TSpine = {
  spine: number[];
  leaves: number[];
  parent: Map<number, { id: number; leg: 'left' | 'right' }>;
};

/**
 * A spine of `depth` partners, each the next one's mentor and binary parent (on the left), each
 * with a leaf invitee on the right; every one holds a 3000 window. Purchases then pair at every
 * spine partner above them.
 */
async function spine(app: TTestApp, depth: number): Promise<TSpine> {
  const { db } = app.database;
  const net: TSpine = { spine: [], leaves: [], parent: new Map() };
  const insert = async (name: string, parent: number | null, leg: 'left' | 'right' | null) => {
    const [row] = await db
      .insert(users)
      .values({
        email: `${name}@bulk.test`,
        firstName: name,
        lastName: 'Bulk',
        referralId: name,
        mentorId: parent,
        binaryParentId: parent,
        binaryPosition: leg,
      })
      .returning({ id: users.id });
    if (parent !== null && leg) net.parent.set(row!.id, { id: parent, leg });
    return row!.id;
  };
  let above: number | null = null;
  for (let level = 0; level < depth; level++) {
    const id: number = await insert(`s${level}`, above, above === null ? null : 'left');
    net.spine.push(id);
    if (above !== null) net.leaves.push(await insert(`l${level}`, above, 'right'));
    above = id;
  }
  await db.execute(
    sql`insert into cap_windows (user_id, product_id, cap, earned)
        select u.id, p.id, ${usdt(15000)}, 0 from users u, products p
        where u.email like '%@bulk.test' and p.code = 'tariff-3000'`,
  );
  return net;
}

/** Every partner of the spine buys a 500 tariff (recorded directly: no balance needed). */
async function buyAll(app: TTestApp, net: TSpine) {
  const { db } = app.database;
  const catalog = createCatalog({ db, amountMax: testConfig().amountMax });
  const product = (await catalog.findByCode(db, 'tariff-500'))!;
  for (const userId of [...net.spine, ...net.leaves]) {
    await db.transaction(async (tx) => {
      const pricing = await catalog.price(tx, { userId, product });
      await recordPurchase(tx, {
        userId,
        product,
        pricing,
        currency: 'USDT',
        paid: 0n,
        reference: `bulk:${userId}`,
      });
    });
  }
}

/**
 * Every event processed; each partner's legs hold exactly the volume bought below them; an
 * active partner has paired min(left, right) and was paid floor(10% of it) in binary bonuses in
 * total: a batch folded twice, or a bonus paid twice, would break one of these.
 */
async function expectExactlyOnce(app: TTestApp, net: TSpine) {
  const { db } = app.database;
  expect(await foldBacklog(db)).toBe(0);
  const bv = usdt(500);
  const expected = new Map<number, { left: bigint; right: bigint }>();
  for (const buyer of [...net.spine, ...net.leaves]) {
    for (let step = net.parent.get(buyer); step; step = net.parent.get(step.id)) {
      const totals = expected.get(step.id) ?? { left: 0n, right: 0n };
      totals[step.leg] += bv;
      expected.set(step.id, totals);
    }
  }
  const rows = await db.select().from(binaryLegs);
  const paid = new Map(
    (
      await queryRows<{ payee: string; gross: string; n: string; purchases: string }>(
        db,
        sql`select payee_id::text as payee, sum(gross)::text as gross, count(*)::text as n,
                   count(distinct purchase_id)::text as purchases
            from payouts where bonus_type = 'binary' group by payee_id`,
      )
    ).map((row) => [Number(row.payee), row]),
  );
  let active = 0;
  for (const [userId, totals] of expected) {
    const row = rows.find((item) => item.userId === userId)!;
    expect({ left: row.leftTotal, right: row.rightTotal }).toEqual(totals);
    if (!row.active) continue;
    active += 1;
    const pairedTotal = totals.left < totals.right ? totals.left : totals.right;
    expect(row.pairedTotal).toBe(pairedTotal);
    expect(row.leftUnpaid + row.pairedTotal).toBe(totals.left);
    expect(BigInt(paid.get(userId)?.gross ?? '0')).toBe(pairedTotal / 10n);
    // One binary payout per purchase at most.
    expect(paid.get(userId)?.n ?? '0').toBe(paid.get(userId)?.purchases ?? '0');
  }
  expect(active).toBe(net.spine.length - 1);
  const [duplicates] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from (select purchase_id, payee_id, bonus_type, source_bonus_type,
        source_payee_id, level from payouts group by 1, 2, 3, 4, 5, 6 having count(*) > 1) d`,
  );
  expect(duplicates!.n).toBe('0');
  expect((await ledgerHealth(app)).ok).toBe(true);
}

describe.runIf(process.env.TEST_DATABASE_URL)('the fold on PostgreSQL with server processes', () => {
  const env = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl()!,
    SECRET_KEY: testConfig().secretKey,
    LOG_LEVEL: 'warn',
    JOBS: 'true',
    FOLD_WORKER_SECONDS: '0.1',
  });
  const pendingEvents = (app: TTestApp) => foldBacklog(app.database.db);
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  test('with buyers always in flight the horizon never falls below the oldest running transaction, and the fold keeps folding', async () => {
    const app = await testApp({ settle: false });
    const { db } = app.database;
    const net = await spine(app, 8);
    const catalog = createCatalog({ db, amountMax: testConfig().amountMax });
    const node = (await catalog.findByCode(db, 'virtual-node-100'))!;
    let writing = true;
    let bought = 0;
    // Eight buyers, each buying again as soon as the last purchase committed.
    const writers = [...net.spine, ...net.leaves].slice(0, 8).map(async (userId) => {
      for (let n = 0; writing; n++) {
        await db.transaction(async (tx) => {
          const pricing = await catalog.price(tx, { userId, product: node });
          await recordPurchase(tx, {
            userId,
            product: node,
            pricing,
            currency: 'USDT',
            paid: 0n,
            reference: `busy:${userId}:${n}`,
          });
        });
        bought++;
      }
    });
    const samples: { xmin: bigint; horizon: number }[] = [];
    let foldedWhileBuying = 0;
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      await db.transaction(async (tx) => {
        const [row] = await queryRows<{ xmin: string }>(
          tx,
          sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`,
        );
        samples.push({ xmin: BigInt(row!.xmin), horizon: await horizon(tx) });
      });
      foldedWhileBuying += (await db.transaction((tx) => foldBatch(tx, 50)))?.folded ?? 0;
    }
    writing = false;
    await Promise.all(writers);
    expect(bought).toBeGreaterThan(50);
    expect(samples.length).toBeGreaterThan(20);
    // Every transaction older than the horizon had ended: it is never below the snapshot's xmin.
    expect(samples.filter((sample) => BigInt(sample.horizon) < sample.xmin)).toEqual([]);
    expect(foldedWhileBuying).toBeGreaterThan(0);
    await drain(app);
    expect(await foldBacklog(db)).toBe(0);
  }, 120_000);

  test('two server processes drain the same events: every bonus exactly once', async () => {
    const app = await testApp({ settle: false });
    const net = await spine(app, 40);
    await buyAll(app, net);
    const servers = await Promise.all([
      startServerProcess({ ...env(), FOLD_BATCH_SIZE: '7' }),
      startServerProcess({ ...env(), FOLD_BATCH_SIZE: '7' }),
    ]);
    await until(async () => (await pendingEvents(app)) === 0, 60_000);
    for (const server of servers) expect(server.output()).not.toMatch(/job failed/);
    await expectExactlyOnce(app, net);
  }, 240_000);

  test('kill -9 during a batch, then a restart: the batch rolls back and every bonus is paid exactly once', async () => {
    const app = await testApp({ settle: false });
    const { db } = app.database;
    const net = await spine(app, 120);
    await buyAll(app, net);
    const total = await pendingEvents(app);
    // Hold the fold's cursor row: a batch computes and writes everything, then waits there to
    // move the cursor, inside its transaction, holding the fold's advisory lock.
    await db.execute(sql`insert into compensation_fold (id) values (1) on conflict do nothing`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const blocker = db.transaction(async (tx) => {
      await tx.execute(sql`select id from compensation_fold where id = 1 for update`);
      await held;
    });
    const worker: TServerProcess = await startServerProcess({ ...env(), FOLD_BATCH_SIZE: '10000' });
    await until(async () => {
      const [row] = await queryRows<{ n: string }>(
        db,
        sql`select count(*)::text as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%compensation_fold%'`,
      );
      return row!.n !== '0';
    }, 60_000);
    const [locked] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from pg_locks where locktype = 'advisory' and objid = ${LOCKS.fold} and granted`,
    );
    expect(locked!.n).toBe('1');
    worker.child.kill('SIGKILL');
    await worker.exited;
    release();
    await blocker;
    // Nothing of the batch was committed: the cursor has not moved (the process's scheduled jobs
    // may have recorded an event at its start, the leader pool of the month before).
    const [fold] = await db.select().from(compensationFold);
    expect(fold).toMatchObject({ lastXid: 0, lastEventId: 0, eventsFolded: 0 });
    expect(await pendingEvents(app)).toBeGreaterThanOrEqual(total);
    const [paid] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from payouts`);
    expect(paid!.n).toBe('0');
    await startServerProcess({ ...env(), FOLD_BATCH_SIZE: '50' });
    await until(async () => (await pendingEvents(app)) === 0, 120_000);
    await expectExactlyOnce(app, net);
  }, 300_000);
});
