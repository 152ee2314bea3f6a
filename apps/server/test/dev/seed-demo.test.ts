import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DEMO_PARTNER, DemoExistsError, SEED_ADDRESS, seedDemo } from '../../src/dev/demo';
import { finishAuditRun, startAuditRun } from '../../src/modules/compensation/service';
import { post, testApp, testConfig } from '../helpers/app';
import { ledgerHealth } from '../helpers/money';

describe('seed:demo', () => {
  it('writes a demo company through the services: the demo partner signs in to a team, tariffs, bonuses, orders and withdrawals', async () => {
    const app = await testApp();
    const { db } = app.database;
    const summary = await seedDemo(app, { db, config: testConfig() }, { partners: 300, seed: 3 });
    expect(summary).toMatchObject({ partners: 300, ledgerBalanced: true });
    expect(summary.tariffs).toBeGreaterThan(30);
    expect(summary.volumeEvents).toBeGreaterThan(0);

    const login = await post(app, '/api/v1/accounts/login/', {
      email: DEMO_PARTNER.email,
      password: DEMO_PARTNER.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;

    // A team: everyone else in the company but the root sits under the demo partner.
    const [team] = await queryRows<{ below: string; invited: string }>(
      db,
      sql`select count(*) filter (where binary_under(${summary.demo.id}, id) and id <> ${summary.demo.id})::text as below,
                 count(*) filter (where mentor_id = ${summary.demo.id})::text as invited
          from users`,
    );
    expect(Number(team!.below)).toBe(300 - 1);
    expect(Number(team!.invited)).toBeGreaterThan(10);
    // The team views read the counters the seed's workers left: both legs, the whole team.
    const node = await post(app, '/api/v1/mlm/get-binary-object/', {}, token);
    expect(node.status, JSON.stringify(node.body)).toBe(200);
    expect(node.body.left.count + node.body.right.count).toBe(Number(team!.below));
    expect(node.body.right.count).toBeGreaterThan(0);
    const levels = await post(app, '/api/v1/mlm/structure_list/', {}, token);
    expect(levels.body[0]).toEqual({ level: 1, count: Number(team!.invited), nodes: expect.any(Number) });
    expect(levels.body.some((level: { nodes: number }) => level.nodes > 0)).toBe(true);

    // A tariff, Active, and its DFT grant.
    const active = await post(app, '/api/v1/mlm/package/active/', {}, token);
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ status: 'Active', package: { name: '7500' } });
    const info = await post(app, '/api/v1/accounts/info/', {}, token);
    expect(info.body).toMatchObject({ id: summary.demo.id, email: DEMO_PARTNER.email });
    // Bought a year ago: 12 unlocks of 30 days have passed, the whole grant can move to DexNet.
    expect(Number(info.body.balances.dft_locked) + Number(info.body.balances.dft_available)).toBe(7500);
    expect(Number(info.body.balances.dft_available)).toBe(7500);

    // Bonuses in the finances list, and what was bought and withdrawn.
    const lines = async (operation_type: string) => {
      const answer = await post(app, '/api/v1/payments/finances/', { operation_type }, token);
      expect(answer.status).toBe(200);
      return answer.body.results as { operation_type: string; amount: string }[];
    };
    for (const kind of ['deposit', 'purchase', 'bonus', 'withdrawal'])
      expect((await lines(kind)).length, kind).toBeGreaterThan(0);
    // The volume worker ran: binary and matching bonuses, a rank.
    const paid = await queryRows<{ kind: string }>(
      db,
      sql`select distinct t.bonus_type as kind from ledger_transfers t
          join ledger_postings p on p.transfer_id = t.id join ledger_accounts a on a.id = p.account_id
          where a.user_id = ${summary.demo.id} and t.operation_type = 'bonus'`,
    );
    expect(paid.map((row) => row.kind)).toEqual(expect.arrayContaining(['binary', 'matching', 'dft']));
    const [legs] = await queryRows<{ rank: string | null; paired: string }>(
      db,
      sql`select rank, paired_total::text as paired from binary_legs where user_id = ${summary.demo.id}`,
    );
    expect(legs!.rank).not.toBeNull();
    expect(BigInt(legs!.paired)).toBeGreaterThan(0n);
    const orders = await post(app, '/api/v1/products/orders/', {}, token);
    expect(orders.status).toBe(200);
    expect(orders.body.results?.length ?? orders.body.length).toBeGreaterThan(0);

    expect((await ledgerHealth(app)).ok).toBe(true);

    // A year of history: sign-ups, purchases and bonuses over the past 12 months, each partner's
    // purchase after their sign-up, the bonuses after the purchases that caused them.
    const [span] = await queryRows<{
      joined_days: number;
      purchase_months: number;
      bought_before_joining: number;
    }>(
      db,
      sql`select (select extract(day from max(date_joined) - min(date_joined))::int from users where id >= ${summary.demo.id}) as joined_days,
                 (select count(distinct to_char(created_at, 'YYYY-MM'))::int from purchases) as purchase_months,
                 (select count(*)::int from purchases p join users u on u.id = p.user_id where p.created_at < u.date_joined) as bought_before_joining`,
    );
    expect(span!.joined_days).toBeGreaterThan(300);
    // (300 partners: about 40 buyers, 4 a month, so 10 months and today.)
    expect(span!.purchase_months).toBeGreaterThanOrEqual(9);
    expect(span!.bought_before_joining).toBe(0);
    const [early] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payouts pay join purchases p on p.id = pay.purchase_id
           where pay.created_at < p.created_at`,
    );
    expect(early!.n).toBe(0);
    const income = await post(app, '/api/v1/mlm/income-by-month/', { months: 12 }, token);
    expect(income.status, JSON.stringify(income.body)).toBe(200);
    const months = new Set((income.body as { month: string }[]).map((row) => row.month));
    expect(months.size).toBeGreaterThanOrEqual(6);
    // The registrations by date read the spread dates: sign-ups in both halves of the year.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    for (const [date_from, date_to] of [
      [day(366), day(183)],
      [day(182), day(0)],
    ]) {
      const registered = await post(
        app,
        '/api/v1/mlm/get-registrations-tables/all/',
        { date_from, date_to },
        token,
      );
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      expect(registered.body.count, `${date_from}..${date_to}`).toBeGreaterThan(20);
    }
    // The bonuses are what the plan pays for those dated purchases: a replay of the fold agrees.
    const audit = (await finishAuditRun(db, (await startAuditRun(db, 'command'))!))!;
    expect(audit.differences, JSON.stringify(audit.sample)).toBe(0);

    // The seed's sign-ups came from its own address: none counts against a visitor of this
    // machine (with the default limit of 30 an hour, the 41st sign-up from here was refused).
    const counters = await queryRows<{ key: string; hits: number }>(
      db,
      sql`select key, hits from rate_limits where key like 'register:ip:%'`,
    );
    expect(counters.map((row) => row.key)).toEqual([`register:ip:${SEED_ADDRESS}`]);

    // A second run refuses, and changes nothing.
    const [before] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from users`);
    await expect(seedDemo(app, { db, config: testConfig() }, { partners: 300 })).rejects.toBeInstanceOf(
      DemoExistsError,
    );
    const [after] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from users`);
    expect(after!.n).toBe(before!.n);
  }, 240_000);
});
