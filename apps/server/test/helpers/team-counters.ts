import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client';
import { companyCounters, emptyStats, statsOf, type TStats } from '../../src/modules/team-stats/repo';
import type { TTestApp } from './app';
import { registerPartner, type TPartner } from './factories';
import { adjust } from './money';

type TUser = { id: number; mentor: number | null; parent: number | null; position: 'left' | 'right' | null };

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * The team counters as a brute-force count over every user, node and tariff purchase (docs/team.md
 * "Counters"): each partner's walks up both trees, nothing kept.
 */
export async function bruteForceCounters(app: TTestApp) {
  const db = app.database.db;
  const rows = await queryRows<{
    id: string;
    mentor: string | null;
    parent: string | null;
    position: string | null;
  }>(
    db,
    sql`select id::text as id, mentor_id::text as mentor, binary_parent_id::text as parent,
               binary_position as position from users`,
  );
  const users = new Map<number, TUser>(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        mentor: num(row.mentor),
        parent: num(row.parent),
        position: row.position === 'left' || row.position === 'right' ? row.position : null,
      },
    ]),
  );
  const stats = new Map<number, TStats>([...users.keys()].map((id) => [id, emptyStats(id)]));
  const sponsorsOf = (id: number) => {
    const chain: number[] = [];
    for (let at = users.get(id)!.mentor; at !== null; at = users.get(at)!.mentor) chain.push(at);
    return chain;
  };
  const binaryOf = (id: number) => {
    const path: { id: number; leg: 'left' | 'right' }[] = [];
    for (let user = users.get(id)!; user.parent !== null && user.position; user = users.get(user.parent)!)
      path.push({ id: user.parent, leg: user.position });
    return path;
  };
  for (const user of users.values()) {
    for (const step of binaryOf(user.id)) stats.get(step.id)![step.leg] += 1;
    sponsorsOf(user.id).forEach((ancestorId, index) => {
      const ancestor = stats.get(ancestorId)!;
      ancestor.downline += 1;
      if (index < 10) ancestor.levelCounts[index]! += 1;
      ancestor.levels = Math.max(ancestor.levels, index + 1);
      if (index === 0) ancestor.firstLine += 1;
    });
  }
  const devices = await queryRows<{ user_id: string; kind: string }>(
    db,
    sql`select user_id::text as user_id, kind from nodes where status = 'active'`,
  );
  for (const node of devices) {
    stats.get(Number(node.user_id))!.ownNodes += 1;
    sponsorsOf(Number(node.user_id)).forEach((ancestorId, index) => {
      if (index < 10) stats.get(ancestorId)!.levelNodes[index]! += 1;
    });
  }
  for (const device of devices.filter((item) => item.kind === 'device')) {
    stats.get(Number(device.user_id))!.own += 1;
    for (const ancestorId of sponsorsOf(Number(device.user_id))) stats.get(ancestorId)!.downlineDevices += 1;
  }
  for (const user of users.values()) {
    if (user.mentor === null) continue;
    const mentor = stats.get(user.mentor)!;
    const child = stats.get(user.id)!;
    mentor.maxBranch = Math.max(mentor.maxBranch, child.own + child.downlineDevices);
  }
  const tariffs = await queryRows<{ user_id: string; product_id: string; code: string }>(
    db,
    sql`select p.user_id::text as user_id, p.product_id::text as product_id, pr.code from purchases p
        join products pr on pr.id = p.product_id where p.kind = 'tariff' and p.status = 'completed'`,
  );
  const packages = new Map<string, { left: number; right: number }>();
  for (const tariff of tariffs)
    for (const step of binaryOf(Number(tariff.user_id))) {
      const key = `${step.id}:${tariff.product_id}`;
      const count = packages.get(key) ?? { left: 0, right: 0 };
      count[step.leg] += 1;
      packages.set(key, count);
    }
  const company = {
    totalDevices: devices.length,
    purchasedDevices: devices.filter((item) => item.kind === 'device').length,
    packages500: tariffs.filter((tariff) => tariff.code === 'tariff-500').length,
  };
  return { stats, packages, company };
}

/** The kept counters (team_stats, team_package_counts without zero rows, team_company_stats). */
export async function keptCounters(app: TTestApp, userIds: readonly number[]) {
  const db = app.database.db;
  const stats = await statsOf(db, userIds);
  const rows = await queryRows<{
    user_id: string;
    product_id: string;
    left_count: number;
    right_count: number;
  }>(
    db,
    sql`select user_id::text as user_id, product_id::text as product_id, left_count, right_count
        from team_package_counts where left_count > 0 or right_count > 0`,
  );
  const packages = new Map(
    rows.map((row) => [
      `${row.user_id}:${row.product_id}`,
      { left: Number(row.left_count), right: Number(row.right_count) },
    ]),
  );
  return { stats, packages, company: await companyCounters(db) };
}

/** The kept counters equal the brute-force count, for every user. */
export async function expectCountersExact(app: TTestApp) {
  const expected = await bruteForceCounters(app);
  const kept = await keptCounters(app, [...expected.stats.keys()]);
  for (const [id, row] of expected.stats) expect(kept.stats.get(id), `user ${id}`).toEqual(row);
  expect(kept.packages).toEqual(expected.packages);
  expect(kept.company).toEqual(expected.company);
  return expected;
}

/** A partner invited by `mentor` (none: the company root), with 100000 USDT to buy tariffs with. */
export async function fundedPartner(app: TTestApp, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  await adjust(app, created.id, 'USDT', '100000');
  return created;
}
