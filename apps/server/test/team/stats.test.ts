import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMinor } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { drainFold } from '../../src/modules/compensation/service';
import { refundPurchase } from '../../src/modules/purchases/service';
import { drainTeamCounters } from '../../src/modules/team-stats/service';
import { post, testApp, type TTestApp } from '../helpers/app';
import type { TPartner } from '../helpers/factories';
import { expectCountersExact, fundedPartner as partner } from '../helpers/team-counters';
import { buyTariff } from '../helpers/tariffs';

async function side(app: TTestApp, who: TPartner, leg: 'left' | 'right') {
  const response = await post(app, '/api/v1/mlm/set-binary-structure-side/', { side: leg }, who.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function ask<T = any>(app: TTestApp, who: TPartner, url: string, body: unknown = {}): Promise<T> {
  const response = await post(app, `/api/v1/mlm/${url}/`, body, who.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

/**
 * T places A on the left, then B and C down the right (C under B); B invites D (B's left), D
 * invites E (D's left). Sponsor levels of T: A, B, C (1), D (2), E (3). T's binary legs: A on the
 * left; B, C, D, E on the right. Tariffs: A 1500 (a device), B 500 and C 500 (a virtual node
 * each), D 3000 (a device), E 7500 (two devices).
 */
async function network(app: TTestApp, options: { tariffFirst?: boolean } = {}) {
  const t = await partner(app);
  // T's own tariff first, so that T may earn when the legs pair (the binary pays as volume arrives).
  if (options.tariffFirst) await buyTariff(app, t, 'tariff-500');
  await side(app, t, 'left');
  const a = await partner(app, t);
  await side(app, t, 'right');
  const b = await partner(app, t);
  const c = await partner(app, t);
  const d = await partner(app, b);
  const e = await partner(app, d);
  await buyTariff(app, a, 'tariff-1500');
  await buyTariff(app, b, 'tariff-500');
  await buyTariff(app, c, 'tariff-500');
  await buyTariff(app, d, 'tariff-3000');
  await buyTariff(app, e, 'tariff-7500');
  return { t, a, b, c, d, e };
}

describe('the node counters per level', () => {
  it('are filled by their migration from the nodes counted before it', async () => {
    const app = await testApp();
    const { t } = await network(app);
    await drainTeamCounters(app.database.db);
    // As before the migration: the columns at their defaults, the nodes already counted.
    await app.database.db.execute(
      sql`update team_stats set own_nodes = 0, level_nodes = '{0,0,0,0,0,0,0,0,0,0}'`,
    );
    const migration = readFileSync(
      join(import.meta.dirname, '../../drizzle/0031_team_level_nodes.sql'),
      'utf8',
    ).split('--> statement-breakpoint');
    // Its first two statements add the columns; the rest fill them.
    for (const statement of migration.slice(2)) await app.database.db.execute(sql.raw(statement));
    await expectCountersExact(app);
    expect((await ask<{ nodes: number }[]>(app, t, 'structure_list')).map((level) => level.nodes)).toEqual([
      3, 1, 2, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe('team statistics calls', () => {
  it('answer the known counts of a hand-built network once the worker has folded it', async () => {
    const app = await testApp();
    const { t, a, b, c, d, e } = await network(app);
    const placed = await queryRows<{ id: string; parent: string; position: string }>(
      app.database.db,
      sql`select id::text as id, binary_parent_id::text as parent, binary_position as position from users
          where id in (${a.id}, ${b.id}, ${c.id}, ${d.id}, ${e.id}) order by id`,
    );
    expect(placed.map((row) => [Number(row.id), Number(row.parent), row.position])).toEqual([
      [a.id, t.id, 'left'],
      [b.id, t.id, 'right'],
      [c.id, b.id, 'right'],
      [d.id, b.id, 'left'],
      [e.id, d.id, 'left'],
    ]);

    // Before the worker runs nothing is counted: the calls read kept rows only.
    expect((await ask(app, t, 'referral_structure_info')).users_count).toBe(0);
    expect(await drainTeamCounters(app.database.db)).toBeGreaterThan(0);
    await expectCountersExact(app);

    // Partners at each sponsor level, and their nodes: A's device, B's and C's virtual nodes (1);
    // D's device (2); E's two devices (3).
    const levels = (counts: number[], nodes: number[]) =>
      counts.map((count, index) => ({ level: index + 1, count, nodes: nodes[index] ?? 0 }));
    expect(await ask(app, t, 'structure_list')).toEqual(levels([3, 1, 1, 0, 0, 0, 0, 0, 0, 0], [3, 1, 2]));
    expect(await ask(app, t, 'structure_list', { user_id: b.id })).toEqual(
      levels([1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 2]),
    );
    // Outside the caller's downline (T is above B): 404.
    expect((await post(app, '/api/v1/mlm/structure_list/', { user_id: t.id }, b.token)).status).toBe(404);

    expect(await ask(app, t, 'referral_structure_info')).toEqual({
      users_count: 5,
      users_count_first_line: 3,
      levels_count: 3,
      total_devices_in_all_branches: 4,
      max_branch_devices_count: 3,
      other_branches_devices_sum: 1,
    });
    expect(await ask(app, d, 'referral_structure_info')).toEqual({
      users_count: 1,
      users_count_first_line: 1,
      levels_count: 1,
      total_devices_in_all_branches: 2,
      max_branch_devices_count: 2,
      other_branches_devices_sum: 0,
    });
    expect(await ask(app, t, 'company_stats')).toEqual({
      total_devices: 6,
      packages_500_count: 2,
      purchased_devices_count: 4,
    });

    const statistics = await ask(app, t, 'get_purchase_statistics_by_packages');
    expect(statistics.purchase_statistics).toEqual([
      { package: '50 Promo', left: 0, right: 0 },
      { package: '500', left: 0, right: 2 },
      { package: '1500', left: 1, right: 0 },
      { package: '3000', left: 0, right: 1 },
      { package: '7500', left: 0, right: 1 },
      { package: '45000', left: 0, right: 0 },
    ]);
    expect(statistics.binary_bonus).toBe('0.000000');
    const ofB = await ask(app, b, 'get_purchase_statistics_by_packages');
    expect(
      ofB.purchase_statistics.filter((row: { left: number; right: number }) => row.left + row.right > 0),
    ).toEqual([
      { package: '500', left: 0, right: 1 },
      { package: '3000', left: 1, right: 0 },
      { package: '7500', left: 1, right: 0 },
    ]);
  });

  it("binary bonus and qualification: the caller's credited binary bonus and weaker leg against the plan's ranks", async () => {
    const app = await testApp();
    const { t, a } = await network(app, { tariffFirst: true });
    await drainFold(app.database.db);
    const [bonus] = await queryRows<{ total: string | null }>(
      app.database.db,
      sql`select sum(credited)::text as total from payouts
          where payee_id = ${t.id} and bonus_type = 'binary' and reverses_payout_id is null`,
    );
    // Left: A's 1500; right: 500 + 500 + 3000 + 7500 = 11500 (lifetime); weaker = 1500.
    expect(await ask(app, t, 'get_qualification')).toEqual({
      rank: null,
      next_rank: 'Bronze',
      weak_leg_volume: '1500.000000',
      next_rank_volume: '5000.000000',
    });
    const statistics = await ask(app, t, 'get_purchase_statistics_by_packages');
    expect(BigInt(bonus!.total ?? '0')).toBeGreaterThan(0n);
    expect(statistics.binary_bonus).toBe(formatMinor(BigInt(bonus!.total!), 'USDT'));

    // A's purchase (T's weaker left leg, all of it paired) is refunded: its 1500 leaves the left
    // leg, where nothing waits, so its pairing is undone and 10% of it is reversed from T
    // (compensation-plan.md 5a). The statistic shows the bonus net of the reversal.
    const [paid] = await queryRows<{ id: string }>(
      app.database.db,
      sql`select id::text as id from purchases where user_id = ${a.id} and kind = 'tariff'`,
    );
    await app.database.db.transaction((tx) => refundPurchase(tx, Number(paid!.id), 'test'));
    await drainFold(app.database.db);
    const [net] = await queryRows<{ total: string }>(
      app.database.db,
      sql`select sum(credited)::text as total from payouts where payee_id = ${t.id} and bonus_type = 'binary'`,
    );
    expect(BigInt(net!.total)).toBe(BigInt(bonus!.total!) - 150_000_000n);
    expect((await ask(app, t, 'get_purchase_statistics_by_packages')).binary_bonus).toBe(
      formatMinor(BigInt(net!.total), 'USDT'),
    );
  });
});
