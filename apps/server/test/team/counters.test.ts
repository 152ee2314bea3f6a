import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { generateNetwork } from '../../src/dev/network';
import { findProductByCode } from '../../src/modules/catalog/service';
import { refundPurchase } from '../../src/modules/purchases/service';
import { drainTeamCounters } from '../../src/modules/team-stats/service';
import { post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin } from '../helpers/factories';
import { expectCountersExact, fundedPartner as partner } from '../helpers/team-counters';
import { buyTariff } from '../helpers/tariffs';

async function pending(app: TTestApp): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    app.database.db,
    sql`select ((select count(*) from users where not team_counted)
              + (select count(*) from nodes where team_counted <> (status = 'active'))
              + (select count(*) from purchases where kind = 'tariff' and team_counted <> (status = 'completed')))::text as n`,
  );
  return Number(row!.n);
}

/** Active nodes for every seventh generated partner (devices, a virtual node for every third). */
async function addNodes(app: TTestApp, firstId: number, lastId: number) {
  const db = app.database.db;
  const device = (await findProductByCode(db, 'device'))!.id;
  const virtual = (await findProductByCode(db, 'virtual-node-100'))!.id;
  await app.database.db.execute(sql`
    insert into nodes (user_id, kind, product_id)
    select id, case when id % 3 = 0 then 'virtual' else 'device' end,
           case when id % 3 = 0 then ${virtual}::bigint else ${device}::bigint end
    from users where id between ${firstId} and ${lastId} and id % 7 = 0`);
}

/** Every counter from scratch: no rows, nothing counted. */
async function forgetCounters(app: TTestApp) {
  const db = app.database.db;
  await db.execute(sql`delete from team_stats`);
  await db.execute(sql`delete from team_package_counts`);
  await db.execute(
    sql`update team_company_stats set total_devices = 0, purchased_devices = 0, packages_500 = 0`,
  );
  await db.execute(sql`update users set team_counted = false`);
  await db.execute(sql`update nodes set team_counted = false`);
  await db.execute(sql`update purchases set team_counted = false`);
}

describe('team counter worker', () => {
  it("a generated network's own counters, and the worker's from nothing, equal a brute-force count", async () => {
    const app = await testApp();
    const early = await partner(app);
    await buyTariff(app, early, 'tariff-1500');
    const network = await generateNetwork(app.database.db, { partners: 300, deepLeg: 70, line: 25, seed: 5 });
    // The generator counts every partner (the earlier one too) itself: only the nodes wait.
    const users = await queryRows<{ n: string }>(
      app.database.db,
      sql`select count(*)::text as n from users where not team_counted`,
    );
    expect(Number(users[0]!.n)).toBe(0);
    await drainTeamCounters(app.database.db);
    const expected = await expectCountersExact(app);
    const root = [...expected.stats.values()].reduce((top, row) => (row.downline > top.downline ? row : top));
    const [mentored] = await queryRows<{ n: string }>(
      app.database.db,
      sql`select count(*)::text as n from users where mentor_id is not null`,
    );
    // The company root's downline: everyone with a mentor (the early partner and the 300 among them).
    expect(root.downline).toBe(Number(mentored!.n));
    expect(root.downline).toBeGreaterThanOrEqual(301);
    expect(Math.max(...[...expected.stats.values()].map((row) => row.levels))).toBeGreaterThanOrEqual(25);

    // Nodes and a refund later; then the worker alone, from nothing, in small batches.
    await addNodes(app, network.firstId, network.lastId);
    expect(await drainTeamCounters(app.database.db, 7)).toBeGreaterThan(0);
    await expectCountersExact(app);
    await forgetCounters(app);
    expect(await pending(app)).toBeGreaterThan(300);
    await drainTeamCounters(app.database.db, 13);
    expect(await pending(app)).toBe(0);
    await expectCountersExact(app);
  });

  it('two drains at once count everyone once', async () => {
    const app = await testApp();
    const network = await generateNetwork(app.database.db, { partners: 250, deepLeg: 40, line: 20, seed: 9 });
    await addNodes(app, network.firstId, network.lastId);
    await forgetCounters(app);
    const folded = await Promise.all([
      drainTeamCounters(app.database.db, 20),
      drainTeamCounters(app.database.db, 20),
    ]);
    expect(await pending(app)).toBe(0);
    expect(folded[0] + folded[1]).toBeGreaterThanOrEqual(250);
    await expectCountersExact(app);
    // Nothing left: a third drain folds nothing and changes nothing.
    expect(await drainTeamCounters(app.database.db)).toBe(0);
    await expectCountersExact(app);
  });

  it('refunds and cancelled devices take their counts back; the largest branch is recomputed', async () => {
    const app = await testApp();
    const db = app.database.db;
    const t = await partner(app);
    const a = await partner(app, t);
    const b = await partner(app, t);
    const c = await partner(app, b);
    await buyTariff(app, a, 'tariff-500');
    await buyTariff(app, b, 'tariff-3000');
    await buyTariff(app, c, 'tariff-7500');
    await drainTeamCounters(db);
    let expected = await expectCountersExact(app);
    expect(expected.stats.get(t.id)!.maxBranch).toBe(3);
    expect(expected.company.packages500).toBe(1);

    // C's devices go (the order cancelled): T's largest branch (B's) drops from 3 to 1.
    await db.execute(sql`update nodes set status = 'canceled' where user_id = ${c.id}`);
    const [purchase] = await queryRows<{ id: string }>(
      db,
      sql`select id::text as id from purchases where user_id = ${a.id} and kind = 'tariff'`,
    );
    await db.transaction((tx) => refundPurchase(tx, Number(purchase!.id), 'test'));
    await drainTeamCounters(db);
    expected = await expectCountersExact(app);
    expect(expected.stats.get(t.id)!.maxBranch).toBe(1);
    expect(expected.stats.get(t.id)!.downlineDevices).toBe(1);
    expect(expected.company.packages500).toBe(0);
    const statistics = await post(app, '/api/v1/mlm/get_purchase_statistics_by_packages/', {}, t.token);
    expect(
      statistics.body.purchase_statistics.find((row: { package: string }) => row.package === '500'),
    ).toEqual({
      package: '500',
      left: 0,
      right: 0,
    });
  });

  it("an admin's mentor change moves the partner's sponsor counts from the old upline to the new one", async () => {
    const app = await testApp();
    const db = app.database.db;
    const t = await partner(app);
    const u = await partner(app, t);
    const v = await partner(app, t);
    const f = await partner(app, u);
    const g = await partner(app, f);
    await buyTariff(app, g, 'tariff-1500');
    await drainTeamCounters(db);
    await expectCountersExact(app);
    const admin = await loginAdmin(app);

    // F (no tariff) with G under them moves from U to V; then a newcomer under G before the worker runs.
    const moved = await post(app, `/api/v1/admin/users/${f.id}/mentor/`, { mentor_id: v.id }, admin);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    let expected = await expectCountersExact(app);
    expect(expected.stats.get(u.id)!.downline).toBe(0);
    expect(expected.stats.get(v.id)!).toMatchObject({
      downline: 2,
      firstLine: 1,
      downlineDevices: 1,
      maxBranch: 1,
    });
    await partner(app, g);
    const late = await partner(app, v);
    // A partner not counted yet moved before the worker saw them: counted once, under the new mentor.
    const again = await post(app, `/api/v1/admin/users/${late.id}/mentor/`, { mentor_id: u.id }, admin);
    expect(again.status).toBe(200);
    await drainTeamCounters(db);
    expected = await expectCountersExact(app);
    expect(expected.stats.get(t.id)!.levelCounts.slice(0, 4)).toEqual([2, 2, 1, 1]);
  });
});
