import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMinor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { drainFold } from '../../src/modules/compensation/service';
import { incomeQuery } from '../../src/modules/dashboard/repo';
import { windowStart } from '../../src/modules/dashboard/service';
import { bonusTypeTotalQuery } from '../../src/modules/ledger/balances';
import { refundPurchase } from '../../src/modules/purchases/service';
import { post, type TTestApp, testApp } from '../helpers/app';
import type { TPartner } from '../helpers/factories';
import { adjust, balances } from '../helpers/money';
import { fundedPartner as partner } from '../helpers/team-counters';
import { buyTariff } from '../helpers/tariffs';

/**
 * The bonus counters (migration 0035; docs/performance.md "Bonus counters") against the history
 * they replace: the two reads as they were before it, run on everything written.
 */

/** Lifetime USDT bonus by user and bonus type, summed from the postings (the old binary read). */
const LEDGER_HISTORY = sql`select a.user_id::text as user_id, t.bonus_type, sum(p.amount)::text as amount
    from ledger_accounts a
    join ledger_postings p on p.account_id = a.id
    join ledger_transfers t on t.id = p.transfer_id
   where a.user_id is not null and a.currency = 'USDT'
     and t.operation_type = 'bonus' and t.bonus_type is not null
   group by 1, 2`;

/** USDT bonus lines by user, UTC month and bonus type (the old income-by-month read, every month). */
const LINES_HISTORY = sql`select l.user_id::text as user_id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM') as month,
         l.bonus_type, sum(l.amount)::text as amount
    from (select o.user_id, o.created_at, o.bonus_type, o.amount from wallet_operations o
           where o.operation_type = 'bonus' and o.bonus_type is not null
             and o.currency = 'USDT' and o.status = 'completed'
          union all
          select p.payee_id, p.created_at, p.bonus_type, p.amount from payouts p
           where p.listed and p.currency = 'USDT') as l
   group by 1, 2, 3`;

type TRow = { user_id: string; month?: string; bonus_type: string; amount: string };

/** Keyed amounts, zeros left out (a counter may hold zero where history sums to zero). */
async function amounts(app: TTestApp, query: ReturnType<typeof sql>) {
  const rows = await queryRows<TRow>(app.database.db, query);
  return new Map(
    rows
      .filter((row) => BigInt(row.amount) !== 0n)
      .map((row) => [[row.user_id, row.month, row.bonus_type].filter(Boolean).join(':'), BigInt(row.amount)]),
  );
}

async function expectCountersExact(app: TTestApp, partners: readonly TPartner[]) {
  const ledger = await amounts(app, LEDGER_HISTORY);
  const lines = await amounts(app, LINES_HISTORY);
  expect(ledger.size).toBeGreaterThan(0);
  expect(lines.size).toBeGreaterThan(0);
  expect(
    await amounts(
      app,
      sql`select user_id::text as user_id, bonus_type, amount::text as amount from ledger_bonus_type_totals`,
    ),
  ).toEqual(ledger);
  expect(
    await amounts(
      app,
      sql`select user_id::text as user_id, month, bonus_type, amount::text as amount from bonus_income_months`,
    ),
  ).toEqual(lines);
  // The calls answer what history sums to.
  const from = windowStart(new Date(), 24).toISOString().slice(0, 7);
  for (const who of partners) {
    const statistics = await post(app, '/api/v1/mlm/get_purchase_statistics_by_packages/', {}, who.token);
    expect(statistics.body.binary_bonus, `user ${who.id}`).toBe(
      formatMinor(ledger.get(`${who.id}:binary`) ?? 0n, 'USDT'),
    );
    const income = await post(app, '/api/v1/mlm/income-by-month/', { months: 24 }, who.token);
    const expected = [...lines]
      .map(([key, amount]) => [...key.split(':'), amount] as [string, string, string, bigint])
      .filter(([userId, month]) => userId === String(who.id) && month >= from)
      .sort(([, m1, t1], [, m2, t2]) => (m1 === m2 ? (t1 < t2 ? -1 : 1) : m1 < m2 ? -1 : 1))
      .map(([, month, bonus_type, amount]) => ({ month, bonus_type, amount: formatMinor(amount, 'USDT') }));
    expect(income.body, `user ${who.id}`).toEqual(expected);
  }
  return { ledger, lines };
}

async function side(app: TTestApp, who: TPartner, leg: 'left' | 'right') {
  const response = await post(app, '/api/v1/mlm/set-binary-structure-side/', { side: leg }, who.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function tariffPurchaseOf(app: TTestApp, who: TPartner): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    app.database.db,
    sql`select id::text as id from purchases where user_id = ${who.id} and kind = 'tariff' order by id desc limit 1`,
  );
  return Number(row!.id);
}

describe('the bonus counters', () => {
  it('equal the re-summed history after purchases, bonuses, refunds, a debt and its repayment', async () => {
    const app = await testApp();
    const db = app.database.db;
    // T holds a tariff; A on T's left, B and C down the right, D under B.
    const t = await partner(app);
    await buyTariff(app, t, 'tariff-500');
    await side(app, t, 'left');
    const a = await partner(app, t);
    await side(app, t, 'right');
    const b = await partner(app, t);
    const c = await partner(app, t);
    const d = await partner(app, b);
    const everyone = [t, a, b, c, d];
    await buyTariff(app, a, 'tariff-1500');
    await buyTariff(app, b, 'tariff-500');
    await buyTariff(app, c, 'tariff-3000');
    await buyTariff(app, d, 'tariff-3000');
    await drainFold(db);
    const first = await expectCountersExact(app, everyone);
    expect(first.ledger.get(`${t.id}:binary`)).toBeGreaterThan(0n);

    // T spends everything, then A's purchase is refunded: its bonuses are reversed, what T no
    // longer holds of the binary becomes a debt (the ledger takes back less than the lines show).
    const usdt = (await balances(app, t.token)).usdt!;
    await adjust(app, t.id, 'USDT', `-${usdt}`);
    const refunded = await tariffPurchaseOf(app, a);
    await db.transaction((tx) => refundPurchase(tx, refunded, 'test'));
    await drainFold(db);
    expect((await balances(app, t.token)).debt).not.toBe('0.000000');
    await expectCountersExact(app, everyone);

    // A buys again: T's binary pays and repays the debt first (the ledger credits the rest).
    await buyTariff(app, a, 'tariff-3000');
    await buyTariff(app, b, 'tariff-1500');
    await drainFold(db);
    expect((await balances(app, t.token)).debt).toBe('0.000000');
    const [repaid] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payouts where payee_id = ${t.id} and debt_repaid > 0`,
    );
    expect(repaid!.n).toBeGreaterThan(0);
    await expectCountersExact(app, everyone);

    // Lines written, changed and removed outside the fold move the month counters too.
    const line = (reference: string, amount: bigint, month: string, status = 'completed') =>
      db.execute(
        sql`insert into wallet_operations (user_id, operation_type, bonus_type, currency, amount, status, reference, created_at)
            values (${t.id}, 'bonus', 'leader_pool', 'USDT', ${amount}, ${status}, ${reference}, ${`${month}-15T12:00:00Z`}::timestamptz)`,
      );
    const thisMonth = windowStart(new Date(), 1).toISOString().slice(0, 7);
    const earlier = windowStart(new Date(), 5).toISOString().slice(0, 7);
    await line('test:1', 7_000_000n, thisMonth);
    await line('test:2', 3_000_000n, thisMonth, 'pending');
    await expectCountersExact(app, everyone);
    await db.execute(sql`update wallet_operations set status = 'completed' where reference = 'test:2'`);
    await db.execute(
      sql`update wallet_operations set created_at = ${`${earlier}-02T00:00:00Z`}::timestamptz where reference = 'test:1'`,
    );
    await expectCountersExact(app, everyone);
    await db.execute(sql`delete from wallet_operations where reference = 'test:2'`);
    const { lines } = await expectCountersExact(app, everyone);
    expect(lines.get(`${t.id}:${earlier}:leader_pool`)).toBe(7_000_000n);
    expect(lines.get(`${t.id}:${thisMonth}:leader_pool`)).toBeUndefined();
  }, 240_000);

  it('are back-filled from history by their migration', async () => {
    const app = await testApp();
    const db = app.database.db;
    const t = await partner(app);
    await buyTariff(app, t, 'tariff-500');
    await side(app, t, 'left');
    const a = await partner(app, t);
    await side(app, t, 'right');
    const b = await partner(app, t);
    await buyTariff(app, a, 'tariff-3000');
    await buyTariff(app, b, 'tariff-1500');
    await drainFold(db);
    const refunded = await tariffPurchaseOf(app, b);
    await db.transaction((tx) => refundPurchase(tx, refunded, 'test'));
    await drainFold(db);
    const kept = await expectCountersExact(app, [t, a, b]);

    // As before the migration: no counters; its back-fills alone fill them again.
    await db.execute(sql`delete from ledger_bonus_type_totals`);
    await db.execute(sql`delete from bonus_income_months`);
    const backfills = readFileSync(join(import.meta.dirname, '../../drizzle/0035_bonus_counters.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^INSERT INTO "/m.test(statement));
    expect(backfills).toHaveLength(2);
    for (const statement of backfills) await db.execute(sql.raw(statement));
    expect(await expectCountersExact(app, [t, a, b])).toEqual(kept);
  }, 120_000);

  it('are read by their key, without statistics and with them', async () => {
    const app = await testApp();
    const db = app.database.db;
    // Many partners with two years of counters; the statistics are those of the empty tables.
    await db.execute(sql`insert into users (email, first_name, last_name, referral_id)
      select 'many' || n || '@example.com', 'Many', 'Counters', 'MANY' || n from generate_series(1, 1000) n`);
    await db.execute(sql`insert into ledger_bonus_type_totals (user_id, bonus_type, amount)
      select u.id, t.type, 1 from users u, unnest(array['binary', 'matching', 'invite']) t(type)`);
    await db.execute(sql`insert into bonus_income_months (user_id, month, bonus_type, amount)
      select u.id, to_char(date '2025-01-01' + make_interval(months => m), 'YYYY-MM'), t.type, 1
        from users u, generate_series(0, 23) m, unnest(array['binary', 'matching', 'invite']) t(type)`);
    const [user] = await queryRows<{ id: string }>(db, sql`select max(id)::text as id from users`);
    const plan = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<Record<string, string>>(db, sql`explain ${statement}`))
        .map((row) => Object.values(row)[0])
        .join('\n');
    for (const analyzed of [false, true]) {
      if (analyzed) await db.execute(sql`analyze ledger_bonus_type_totals, bonus_income_months`);
      const binary = await plan(bonusTypeTotalQuery(Number(user!.id), 'binary'));
      expect(binary, binary).toMatch(/Index Scan (using|on) ledger_bonus_type_totals_user_id_bonus_type_pk/);
      expect(binary).not.toMatch(/Seq Scan/);
      const income = await plan(incomeQuery(Number(user!.id), '2025-06'));
      expect(income, income).toMatch(/Index Scan (using|on) bonus_income_months_user_id_month_bonus_type_pk/);
      expect(income).not.toMatch(/Seq Scan/);
    }
  }, 120_000);
});
