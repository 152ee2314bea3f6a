import { packYearEnd, type TBonusType, type TCurrency } from '@portal/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/client';
import {
  binaryLegs,
  capWindows,
  leaderPoolMonths,
  ledgerAccounts,
  lostProfits,
  nodes,
  payouts,
  purchases,
  users,
} from '../../src/schema';
import { createCatalog } from '../../src/modules/catalog/service';
import {
  auditBonuses,
  drainFold,
  payNodeIncome,
  previousMonth,
  queueLeaderPool,
} from '../../src/modules/compensation/service';
import { claimDueNodes } from '../../src/modules/compensation/repo';
import { createProducts, payDueTokenPacks } from '../../src/modules/products/service';
import { recordPurchase, refundPurchase } from '../../src/modules/purchases/service';
import { createTariffs } from '../../src/modules/tariffs/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, ledgerHealth } from '../helpers/money';
import { buyTariff, quoteTariff } from '../helpers/tariffs';
import { daysPass } from '../helpers/time';

const QUOTE = '/api/v1/mlm/usdt_dexnet_rate/';
const BUY_PACK = '/api/v1/token_pack/purchase/';
const USDT = 1_000_000n;
const DXN = 100_000_000n;
const DAY_MS = 86_400_000;
const RATE = '0.03';

const catalogOf = (app: TTestApp) =>
  createCatalog({ db: app.database.db, amountMax: testConfig().amountMax });

const rated = () => testApp({ config: { rates: { ...testConfig().rates, dxnUsdt: RATE } } });

/** A partner invited by `mentor` (none: the company root), with `usdt` on the balance. */
async function partner(app: TTestApp, usdt: string, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}
/** A tariff confirmed at `now` (the service's clock, as the route passes it). */
async function buyAt(app: TTestApp, buyer: TPartner, code: string, now: Date) {
  const requestId = await quoteTariff(app, buyer, code);
  const tariffs = createTariffs({ db: app.database.db, catalog: catalogOf(app) });
  await tariffs.confirm(buyer.id, requestId, null, now);
}

const payoutsTo = (app: TTestApp, payeeId: number, bonusType: TBonusType) =>
  app.database.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.payeeId, payeeId), eq(payouts.bonusType, bonusType)))
    .orderBy(asc(payouts.id));

async function rootId(app: TTestApp): Promise<number> {
  const [root] = await app.database.db.select().from(users).where(eq(users.isCompanyRoot, true));
  return root!.id;
}

async function mainBalance(app: TTestApp, userId: number, currency: TCurrency): Promise<bigint> {
  const [row] = await app.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.purpose, 'main'),
      ),
    );
  return row?.balance ?? 0n;
}

async function openWindow(app: TTestApp, userId: number) {
  const [row] = await app.database.db
    .select()
    .from(capWindows)
    .where(and(eq(capWindows.userId, userId), sql`${capWindows.closedAt} is null`));
  return row!;
}

const nodesOf = (app: TTestApp, userId: number) =>
  app.database.db.select().from(nodes).where(eq(nodes.userId, userId)).orderBy(asc(nodes.id));

/** The payouts of one node's income runs (their transfers are named `bonus:node_income:<node>:...`). */
async function nodePayouts(app: TTestApp, nodeId: number) {
  const rows = await queryRows<{ id: string }>(
    app.database.db,
    sql`select p.id::text as id from payouts p join ledger_transfers t on t.id = p.transfer_id
        where t.reference like ${`bonus:node_income:${nodeId}:%`} order by p.id`,
  );
  const ids = rows.map((row) => Number(row.id));
  const all = await app.database.db.select().from(payouts).orderBy(asc(payouts.id));
  return all
    .filter((row) => ids.includes(row.id))
    .map((row) => ({
      payee: row.payeeId,
      type: row.bonusType,
      level: row.level,
      base: row.base,
      rate: row.rateBp,
      credited: row.credited,
      toCompany: row.toCompany,
      period: row.period,
    }));
}

describe('quick start', () => {
  test('paid at the 3rd invitee with a tariff of 500 or more, once; a 50 tariff does not count', async () => {
    const app = await testApp();
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-500');
    const invitees = [
      await partner(app, '500', p),
      await partner(app, '1500', p),
      await partner(app, '50', p),
      await partner(app, '500', p),
      await partner(app, '500', p),
    ];
    await buyTariff(app, invitees[0]!, 'tariff-500');
    await buyTariff(app, invitees[1]!, 'tariff-1500');
    await buyTariff(app, invitees[2]!, 'tariff-50');
    expect(await payoutsTo(app, p.id, 'quick_start')).toHaveLength(0);

    await buyTariff(app, invitees[3]!, 'tariff-500'); // the 3rd invitee with 500 or more
    const [quick] = await payoutsTo(app, p.id, 'quick_start');
    const [third] = await app.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, invitees[3]!.id));
    expect(quick).toMatchObject({
      purchaseId: third!.id,
      currency: 'USDT',
      gross: 300n * USDT,
      credited: 300n * USDT,
      lost: 0n,
      base: 300n * USDT,
      rateBp: 10_000,
      planVersion: 'v1',
    });
    // Invites 35 + 105 + 3.5 + 35, then 300: the window holds all of it.
    expect(await mainBalance(app, p.id, 'USDT')).toBe(478_500_000n);
    expect((await openWindow(app, p.id)).earned).toBe(478_500_000n);

    await buyTariff(app, invitees[4]!, 'tariff-500'); // a 4th: nothing more
    expect(await payoutsTo(app, p.id, 'quick_start')).toHaveLength(1);
    expect(await mainBalance(app, p.id, 'USDT')).toBe(513_500_000n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('not when the 3rd invitee buys after the 30 days', async () => {
    const app = await testApp();
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-500');
    const a = await partner(app, '500', p);
    const b = await partner(app, '500', p);
    const c = await partner(app, '500', p);
    await buyTariff(app, a, 'tariff-500');
    await buyTariff(app, b, 'tariff-500');
    // P's first tariff and the two invitees' purchases were 31 days ago: the third comes too late.
    await daysPass(app, 31);
    await buyTariff(app, c, 'tariff-500');
    expect(await payoutsTo(app, p.id, 'quick_start')).toHaveLength(0);
  });

  test('the partner qualifies at their own upgrade to 500 (invitees in time, held tariff 50 until then)', async () => {
    const app = await testApp();
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-50');
    for (let i = 0; i < 3; i += 1) await buyTariff(app, await partner(app, '500', p), 'tariff-500');
    expect(await payoutsTo(app, p.id, 'quick_start')).toHaveLength(0);
    await buyTariff(app, p, 'tariff-500'); // upgrade: pays the difference
    const [quick] = await payoutsTo(app, p.id, 'quick_start');
    expect(quick).toMatchObject({ gross: 300n * USDT, credited: 300n * USDT });
  });

  test('cap rules: what does not fit in the window is lost profit', async () => {
    const app = await testApp();
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-500'); // window 2500
    const invitees = [
      await partner(app, '500', p),
      await partner(app, '500', p),
      await partner(app, '500', p),
    ];
    await buyTariff(app, invitees[0]!, 'tariff-500');
    await buyTariff(app, invitees[1]!, 'tariff-500');
    const window = await openWindow(app, p.id);
    // 100 left in the window: the 3rd invite takes 35, quick start 65 of its 300.
    await app.database.db
      .update(capWindows)
      .set({ earned: window.cap - 100n * USDT })
      .where(eq(capWindows.id, window.id));
    await buyTariff(app, invitees[2]!, 'tariff-500');
    const [quick] = await payoutsTo(app, p.id, 'quick_start');
    expect(quick).toMatchObject({
      gross: 300n * USDT,
      credited: 65n * USDT,
      lost: 235n * USDT,
      capTook: 235n * USDT,
    });
    const [lost] = await app.database.db
      .select()
      .from(lostProfits)
      .where(eq(lostProfits.payoutId, quick!.id));
    expect(lost!.amount).toBe(235n * USDT);
    expect((await openWindow(app, p.id)).earned).toBe(window.cap);
  });

  test('two invitees completing it at the same moment pay it once', async () => {
    const app = await testApp();
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-500');
    for (let i = 0; i < 2; i += 1) await buyTariff(app, await partner(app, '500', p), 'tariff-500');
    const third = await partner(app, '500', p);
    const fourth = await partner(app, '500', p);
    await Promise.all([buyTariff(app, third, 'tariff-500'), buyTariff(app, fourth, 'tariff-500')]);
    const paid = await payoutsTo(app, p.id, 'quick_start');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.credited).toBe(300n * USDT);
    // 4 invites of 35 and one quick start.
    expect(await mainBalance(app, p.id, 'USDT')).toBe(440n * USDT);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('Hot Winter gift', () => {
  test('1000 DXN to the inviter for a tariff bought inside the window; nothing at its end or without an inviter', async () => {
    const app = await testApp();
    const inviter = await partner(app, '0');
    const inside = await partner(app, '500', inviter);
    const atEnd = await partner(app, '500', inviter);
    const noInviter = await partner(app, '500');

    await buyAt(app, inside, 'tariff-500', new Date('2026-08-01T10:00:00Z'));
    await buyAt(app, atEnd, 'tariff-500', new Date('2026-11-02T00:00:00Z')); // end exclusive
    await buyAt(app, noInviter, 'tariff-500', new Date('2026-08-01T10:00:00Z'));

    const gifts = await app.database.db.select().from(payouts).where(eq(payouts.bonusType, 'winter_gift'));
    const [insidePurchase] = await app.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, inside.id));
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({
      payeeId: inviter.id,
      purchaseId: insidePurchase!.id,
      currency: 'DXN',
      gross: 1000n * DXN,
      credited: 1000n * DXN,
      lost: 0n,
    });
    // DXN is not a USDT bonus: the inviter (no tariff) is credited anyway.
    expect(await mainBalance(app, inviter.id, 'DXN')).toBe(1000n * DXN);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('once per invited partner: an upgrade in the window gives no second gift; after a refund the next purchase does', async () => {
    const app = await testApp();
    const inviter = await partner(app, '0');
    const buyer = await partner(app, '4000', inviter);

    await buyAt(app, buyer, 'tariff-500', new Date('2026-08-01T10:00:00Z'));
    await buyAt(app, buyer, 'tariff-1500', new Date('2026-08-02T10:00:00Z')); // an upgrade: the difference
    expect(await payoutsTo(app, inviter.id, 'winter_gift')).toHaveLength(1);
    expect(await mainBalance(app, inviter.id, 'DXN')).toBe(1000n * DXN);

    const db = app.database.db;
    const bought = await db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, buyer.id))
      .orderBy(asc(purchases.id));
    // The purchase that gave the gift is refunded: the gift is reversed (the inviter still holds
    // it), and the buyer's next tariff in the window gives it again.
    await db.transaction((tx) => refundPurchase(tx, bought[0]!.id, 'test'));
    await drainFold(db);
    expect(await mainBalance(app, inviter.id, 'DXN')).toBe(0n);
    await buyAt(app, buyer, 'tariff-3000', new Date('2026-08-03T10:00:00Z'));
    await drainFold(db);
    const gifts = await payoutsTo(app, inviter.id, 'winter_gift');
    expect(
      gifts.map((gift) => [gift.credited, gift.reversesPayoutId === null, gift.reversedAt !== null]),
    ).toEqual([
      [1000n * DXN, true, true],
      [-1000n * DXN, false, false],
      [1000n * DXN, true, false],
    ]);
    expect(gifts[1]!.reversesPayoutId).toBe(gifts[0]!.id);
    expect(await mainBalance(app, inviter.id, 'DXN')).toBe(1000n * DXN);
    expect((await ledgerHealth(app)).ok).toBe(true);
    expect((await auditBonuses(db)).sample).toEqual([]);
  });
});

describe('Hot Winter window from the configuration', () => {
  test('HOT_WINTER_FROM/TO move the window (the plan’s dates by default; an end before the start is refused)', async () => {
    const base = { NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789' };
    expect(loadConfig(base).hotWinter).toEqual({ from: '2026-07-02T00:00:00Z', to: '2026-11-02T00:00:00Z' });
    expect(() =>
      loadConfig({ ...base, HOT_WINTER_FROM: '2026-12-01T00:00:00Z', HOT_WINTER_TO: '2026-11-01T00:00:00Z' }),
    ).toThrow(ConfigError);

    const day = new Date();
    const hotWinter = {
      from: new Date(day.getTime() - DAY_MS).toISOString(),
      to: new Date(day.getTime() + DAY_MS).toISOString(),
    };
    const app = await testApp({ config: { hotWinter } });
    const inviter = await partner(app, '0');
    const buyer = await partner(app, '500', inviter);
    await buyTariff(app, buyer, 'tariff-500'); // through the API, now: inside the configured window
    expect(await mainBalance(app, inviter.id, 'DXN')).toBe(1000n * DXN);
  });
});

describe('node income', () => {
  /** M3 (500) <- M2 (50) <- M1 (500) <- O: O's device is hosted by M1 (the order's host). */
  async function chain(app: TTestApp) {
    const m3 = await partner(app, '500');
    const m2 = await partner(app, '50', m3);
    const m1 = await partner(app, '500', m2);
    await buyTariff(app, m3, 'tariff-500');
    await buyTariff(app, m2, 'tariff-50');
    await buyTariff(app, m1, 'tariff-500');
    return { m1, m2, m3 };
  }

  test('a device: 10 DXN a day, 8 to the owner and 2 to the host; DexNet matching of the 8 by depth', async () => {
    const app = await testApp();
    const { m1, m2, m3 } = await chain(app);
    const owner = await partner(app, '1500', m1);
    await buyTariff(app, owner, 'tariff-1500'); // one device, hosted by M1
    const [device] = await nodesOf(app, owner.id);
    expect(device).toMatchObject({ kind: 'device', hostingUserId: m1.id });
    expect(device!.incomePaidUntil.getTime()).toBe(device!.createdAt.getTime());

    const now = new Date(device!.incomePaidUntil.getTime() + DAY_MS + 60_000);
    expect(await payNodeIncome(app.database.db, new Date(now.getTime() - 120_000))).toBe(0);
    await payNodeIncome(app.database.db, now);
    const day = new Date(device!.incomePaidUntil.getTime() + DAY_MS);
    const period = day.toISOString().slice(0, 10);
    expect(await nodePayouts(app, device!.id)).toEqual([
      {
        payee: owner.id,
        type: 'node_income',
        level: null,
        base: 10n * DXN,
        rate: 8000,
        credited: 8n * DXN,
        toCompany: false,
        period,
      },
      {
        payee: m1.id,
        type: 'node_income',
        level: null,
        base: 10n * DXN,
        rate: 2000,
        credited: 2n * DXN,
        toCompany: false,
        period,
      },
      // Level 1 M1 (depth 3), level 2 M2 (tariff 50: depth 1, nothing), level 3 M3 (depth 3), level 4 the root.
      {
        payee: m1.id,
        type: 'matching_dexnet',
        level: 1,
        base: 8n * DXN,
        rate: 100,
        credited: 8_000_000n,
        toCompany: false,
        period,
      },
      {
        payee: m3.id,
        type: 'matching_dexnet',
        level: 3,
        base: 8n * DXN,
        rate: 100,
        credited: 8_000_000n,
        toCompany: false,
        period,
      },
      {
        payee: await rootId(app),
        type: 'matching_dexnet',
        level: 4,
        base: 8n * DXN,
        rate: 100,
        credited: 8_000_000n,
        toCompany: true,
        period,
      },
    ]);
    expect(
      (await payoutsTo(app, m2.id, 'matching_dexnet')).filter((row) => row.sourcePayeeId === owner.id),
    ).toEqual([]);
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(8n * DXN);
    const [after] = await nodesOf(app, owner.id);
    expect(after!.incomePaidUntil.getTime()).toBe(day.getTime());
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a virtual node without a host on its order: 2 DXN, 20% to the owner’s mentor; under the root, to the company', async () => {
    const app = await testApp();
    const mentor = await partner(app, '0');
    const owner = await partner(app, '500', mentor);
    const alone = await partner(app, '500');
    await buyTariff(app, owner, 'tariff-500'); // one virtual node
    await buyTariff(app, alone, 'tariff-500');
    const [node] = await nodesOf(app, owner.id);
    const [aloneNode] = await nodesOf(app, alone.id);
    expect(node).toMatchObject({ kind: 'virtual', hostingUserId: null });
    await payNodeIncome(app.database.db, new Date(Date.now() + DAY_MS + 60_000));
    const paid = await nodePayouts(app, node!.id);
    expect(paid.filter((row) => row.type === 'node_income')).toMatchObject([
      { payee: owner.id, base: 2n * DXN, credited: 160_000_000n },
      { payee: mentor.id, base: 2n * DXN, credited: 40_000_000n },
    ]);
    const root = await rootId(app);
    expect((await nodePayouts(app, aloneNode!.id)).filter((row) => row.type === 'node_income')).toMatchObject(
      [
        { payee: alone.id, credited: 160_000_000n, toCompany: false },
        { payee: root, credited: 40_000_000n, toCompany: true },
      ],
    );
  });

  test('missed days are caught up in one posting; two runs at once pay once; the next day pays one more', async () => {
    const app = await testApp();
    const owner = await partner(app, '500');
    const other = await partner(app, '500');
    const third = await partner(app, '500');
    for (const who of [owner, other, third]) await buyTariff(app, who, 'tariff-500');
    const [node] = await nodesOf(app, owner.id);
    const start = node!.incomePaidUntil.getTime();
    const { db } = app.database;

    // Three days missed; two processes run at once, in batches of one node.
    const now = new Date(start + 3 * DAY_MS + 60_000);
    const counts = await Promise.all([payNodeIncome(db, now, 1), payNodeIncome(db, now, 1)]);
    expect(counts[0] + counts[1]).toBe(3);
    expect(await payNodeIncome(db, now)).toBe(0);
    const paid = await nodePayouts(app, node!.id);
    expect(paid.filter((row) => row.payee === owner.id)).toMatchObject([
      { type: 'node_income', base: 6n * DXN, rate: 8000, credited: 480_000_000n },
    ]);
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(480_000_000n);
    expect((await nodesOf(app, owner.id))[0]!.incomePaidUntil.getTime()).toBe(start + 3 * DAY_MS);

    await payNodeIncome(db, new Date(start + 4 * DAY_MS + 60_000));
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(640_000_000n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('the job claims by the due-time index and drains every due node in batches', async () => {
    const app = await testApp();
    const { db } = app.database;
    const owner = await partner(app, '500');
    await buyTariff(app, owner, 'tariff-500');
    const [own] = await nodesOf(app, owner.id);
    // 3000 nodes not due yet, 120 due two days ago.
    await db.execute(sql`insert into nodes (user_id, kind, product_id, status, income_paid_until)
      select ${owner.id}, 'virtual', ${own!.productId}, 'active',
             case when n <= 120 then now() - interval '2 days' - interval '1 minute' else now() end
      from generate_series(1, 3120) as n`);
    const plan = (
      await queryRows<Record<string, string>>(
        db,
        sql`explain ${claimDueNodes(db, new Date(Date.now() - DAY_MS), 50)}`,
      )
    )
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(plan).toMatch(/nodes_income_due_idx/);
    expect(plan).not.toMatch(/Seq Scan/);

    expect(await payNodeIncome(db, new Date(), 50)).toBe(120);
    expect(await payNodeIncome(db, new Date(), 50)).toBe(0);
    // 120 nodes x 2 days x 1.6 DXN.
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(120n * 2n * 160_000_000n);
  });

  test('a canceled node earns nothing', async () => {
    const app = await testApp();
    const owner = await partner(app, '500');
    await buyTariff(app, owner, 'tariff-500');
    await app.database.db.update(nodes).set({ status: 'canceled' }).where(eq(nodes.userId, owner.id));
    expect(await payNodeIncome(app.database.db, new Date(Date.now() + 5 * DAY_MS))).toBe(0);
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(0n);
  });
});

describe('annual matching', () => {
  test('1% of a pack year’s yield to each upline level the depth reaches, with the yield, once', async () => {
    const app = await rated();
    const { db } = app.database;
    const mentor = await partner(app, '500');
    await buyTariff(app, mentor, 'tariff-500'); // depth 3
    const owner = await partner(app, '100', mentor);
    const start = new Date('2026-03-10T12:00:00Z');
    const products = createProducts({ db, catalog: catalogOf(app) });
    const quote = await post(app, QUOTE, {}, owner.token);
    const product = (await catalogOf(app).findByCode(db, 'token-pack-1y'))!;
    await products.buyTokenPack(
      owner.id,
      { product_id: product.id, amount: '100', quote_id: quote.body.quote_id as string },
      null,
      start,
    );
    const end = packYearEnd(start, 1);
    await Promise.all([payDueTokenPacks(db, end), payDueTokenPacks(db, end)]);
    expect(await payDueTokenPacks(db, end)).toBe(0);

    // Principal 3333.33333333 DXN, yield 15%: 499.99999999; 1% of it, rounded down: 4.99999999.
    const yearly = 49_999_999_999n;
    expect(await mainBalance(app, owner.id, 'DXN')).toBe(yearly + 333_333_333_333n);
    const matching = await db
      .select()
      .from(payouts)
      .where(eq(payouts.bonusType, 'annual_matching'))
      .orderBy(asc(payouts.id));
    expect(
      matching.map((row) => ({
        payee: row.payeeId,
        level: row.level,
        base: row.base,
        credited: row.credited,
        source: row.sourceBonusType,
        sourcePayee: row.sourcePayeeId,
        toCompany: row.toCompany,
        purchaseId: row.purchaseId,
        period: row.period,
      })),
    ).toEqual([
      {
        payee: mentor.id,
        level: 1,
        base: yearly,
        credited: 499_999_999n,
        source: 'token_package',
        sourcePayee: owner.id,
        toCompany: false,
        purchaseId: null,
        period: '2027-03-10',
      },
      {
        payee: await rootId(app),
        level: 2,
        base: yearly,
        credited: 499_999_999n,
        source: 'token_package',
        sourcePayee: owner.id,
        toCompany: true,
        purchaseId: null,
        period: '2027-03-10',
      },
    ]);
    expect(await mainBalance(app, mentor.id, 'DXN')).toBe(499_999_999n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('leader pool', () => {
  /** This calendar month (UTC), as the job on the 1st of the next one pays it. */
  function thisMonth() {
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return { ...previousMonth(firstOfNext), firstOfNext };
  }

  test('1% of the month’s BV in equal shares to the Diamonds, the remainder to the company, once', async () => {
    const app = await rated();
    const { db } = app.database;
    const d1 = await partner(app, '1500');
    const d2 = await partner(app, '1500');
    const platinum = await partner(app, '500');
    const buyer = await partner(app, '600');
    await buyTariff(app, d1, 'tariff-1500');
    await buyTariff(app, d2, 'tariff-1500');
    await buyTariff(app, platinum, 'tariff-500');
    // A token pack of 100.0001 USDT: BV 100.000100.
    const quote = await post(app, QUOTE, {}, buyer.token);
    const pack = (await catalogOf(app).findByCode(db, 'token-pack-1y'))!;
    const bought = await call(app, 'POST', BUY_PACK, {
      token: buyer.token,
      body: { product_id: pack.id, amount: '100.0001', quote_id: quote.body.quote_id },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    // A refunded purchase does not count, nor one of the month before.
    const node = (await catalogOf(app).findByCode(db, 'virtual-node-300'))!;
    const refunded = await db.transaction(async (tx) =>
      recordPurchase(tx, {
        userId: buyer.id,
        product: node,
        pricing: await catalogOf(app).price(tx, { userId: buyer.id, product: node }),
        currency: 'USDT',
        paid: 0n,
        reference: 'test:refunded',
      }),
    );
    await db.transaction((tx) => refundPurchase(tx, refunded.id, 'test'));
    await drainFold(db);
    const { period, from, firstOfNext } = thisMonth();
    await db
      .update(purchases)
      .set({ createdAt: new Date(from.getTime() - 1000) })
      .where(eq(purchases.userId, platinum.id));
    // Their ranks, as a history of volume would have left them (the fold keeps a row for each buyer).
    for (const [userId, rank] of [
      [d1.id, 'Diamond'],
      [d2.id, 'Diamond'],
      [platinum.id, 'Platinum'],
    ] as const) {
      await db
        .insert(binaryLegs)
        .values({ userId, rank })
        .onConflictDoUpdate({ target: binaryLegs.userId, set: { rank } });
    }
    // D2's window has 10 left: 10 credited, 5.5 lost.
    const window = await openWindow(app, d2.id);
    await db
      .update(capWindows)
      .set({ earned: window.cap - 10n * USDT })
      .where(eq(capWindows.id, window.id));

    // The 1st of the next month: BV 1500 + 1500 + 100.0001 = 3100.0001, pool 31.000001; the
    // month is closed once, and the fold pays it: shares 15.5 to the Diamonds of that moment.
    const runs = await Promise.all([queueLeaderPool(db, firstOfNext), queueLeaderPool(db, firstOfNext)]);
    const figures = runs.find((run) => run !== null);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(figures).toEqual({ period, bv: 3_100_000_100n, pool: 31_000_001n });
    expect(await queueLeaderPool(db, new Date(firstOfNext.getTime() + 3 * DAY_MS))).toBeNull();
    expect(await drainFold(db)).toBe(1);

    const pool = await db
      .select()
      .from(payouts)
      .where(eq(payouts.bonusType, 'leader_pool'))
      .orderBy(asc(payouts.payeeId));
    expect(
      pool.map((row) => ({
        payee: row.payeeId,
        purchaseId: row.purchaseId,
        period: row.period,
        gross: row.gross,
        credited: row.credited,
        lost: row.lost,
      })),
    ).toEqual([
      { payee: d1.id, purchaseId: null, period, gross: 15_500_000n, credited: 15_500_000n, lost: 0n },
      { payee: d2.id, purchaseId: null, period, gross: 15_500_000n, credited: 10n * USDT, lost: 5_500_000n },
    ]);
    expect((await openWindow(app, d2.id)).earned).toBe(window.cap);
    const [month] = await db.select().from(leaderPoolMonths);
    expect(month).toMatchObject({ period, share: 15_500_000n, payees: 2, companyRemainder: 1n });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('no Diamond: the whole pool stays with the company and the month is closed', async () => {
    const app = await testApp();
    const { db } = app.database;
    const p = await partner(app, '500');
    await buyTariff(app, p, 'tariff-500');
    await db
      .insert(binaryLegs)
      .values({ userId: p.id, rank: 'Platinum' })
      .onConflictDoUpdate({ target: binaryLegs.userId, set: { rank: 'Platinum' } });
    const { firstOfNext } = thisMonth();
    expect(await queueLeaderPool(db, firstOfNext)).toMatchObject({ bv: 500n * USDT, pool: 5n * USDT });
    await drainFold(db);
    const [month] = await db.select().from(leaderPoolMonths);
    expect(month).toMatchObject({ share: 0n, payees: 0, companyRemainder: 5n * USDT });
    expect(await db.select().from(payouts).where(eq(payouts.bonusType, 'leader_pool'))).toEqual([]);
    expect(await queueLeaderPool(db, firstOfNext)).toBeNull();
  });
});
