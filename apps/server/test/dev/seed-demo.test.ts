import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DEMO_PARTNER, DemoExistsError, SEED_ADDRESS, seedDemo } from '../../src/dev/demo';
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
    expect(Number(info.body.balances.dft_locked)).toBe(7500);

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
