import { sql } from 'drizzle-orm';
import { TEAM_LEVELS } from '@portal/contracts';
import { type Db, idArray, queryRows } from '../../db/client';
import { LOCKS } from '../../db/locks';

/** The tariff whose purchases company_stats counts (`packages_500_count`). */
export const PACKAGE_500_CODE = 'tariff-500';

/** Takes the counters' lock without waiting: false while another transaction holds it. */
export async function tryLock(tx: Db): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LOCKS.teamCounters}) as locked`,
  );
  return Boolean(row?.locked);
}

/** Waits for the counters' lock (an admin change that rewrites counters outside the worker). */
export async function lock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.teamCounters})`);
}

/** A partner's team counters (team_stats; no row = zeros). `levelCounts[k - 1]` = sponsor level k. */
export type TStats = {
  userId: number;
  left: number;
  right: number;
  downline: number;
  firstLine: number;
  levels: number;
  levelCounts: number[];
  own: number;
  downlineDevices: number;
  maxBranch: number;
  /** Active nodes of every kind: the partner's own, and at each sponsor level 1..10 below. */
  ownNodes: number;
  levelNodes: number[];
};

export const emptyStats = (userId: number): TStats => ({
  userId,
  left: 0,
  right: 0,
  downline: 0,
  firstLine: 0,
  levels: 0,
  levelCounts: new Array<number>(TEAM_LEVELS).fill(0),
  own: 0,
  downlineDevices: 0,
  maxBranch: 0,
  ownNodes: 0,
  levelNodes: new Array<number>(TEAM_LEVELS).fill(0),
});

type TStatsRecord = {
  user_id: string;
  left_count: number;
  right_count: number;
  downline_count: number;
  first_line_count: number;
  levels_count: number;
  level_counts: number[] | string;
  own_devices: number;
  downline_devices: number;
  max_branch_devices: number;
  own_nodes: number;
  level_nodes: number[] | string;
};

const STATS_COLUMNS = sql`ts.user_id::text as user_id, ts.left_count, ts.right_count, ts.downline_count,
  ts.first_line_count, ts.levels_count, ts.level_counts, ts.own_devices, ts.downline_devices,
  ts.max_branch_devices, ts.own_nodes, ts.level_nodes`;

/** PGlite and node-postgres both parse int[]; a text form is read too. */
const levelArray = (value: number[] | string): number[] =>
  Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, '').split(',').map(Number);

function toStats(row: TStatsRecord): TStats {
  return {
    userId: Number(row.user_id),
    left: Number(row.left_count),
    right: Number(row.right_count),
    downline: Number(row.downline_count),
    firstLine: Number(row.first_line_count),
    levels: Number(row.levels_count),
    levelCounts: levelArray(row.level_counts),
    own: Number(row.own_devices),
    downlineDevices: Number(row.downline_devices),
    maxBranch: Number(row.max_branch_devices),
    ownNodes: Number(row.own_nodes),
    levelNodes: levelArray(row.level_nodes),
  };
}

/** The counters of the given partners, zeros for those without a row. */
export async function statsOf(db: Db, userIds: readonly number[]): Promise<Map<number, TStats>> {
  const stats = new Map(userIds.map((id) => [id, emptyStats(id)]));
  if (userIds.length === 0) return stats;
  const rows = await queryRows<TStatsRecord>(
    db,
    sql`select ${STATS_COLUMNS} from team_stats ts where ts.user_id = any(${idArray(userIds)})`,
  );
  for (const row of rows) stats.set(Number(row.user_id), toStats(row));
  return stats;
}

/**
 * Writes the counters of the given partners in one statement, in user id order (absolute values:
 * only the transaction holding the counters' lock writes team_stats).
 */
export async function saveStats(tx: Db, rows: readonly TStats[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.userId - b.userId);
  const column = (pick: (row: TStats) => number) => `{${sorted.map(pick).join(',')}}`;
  // One text per row for the level arrays: unnest would flatten a two-dimensional array.
  const arrays = (pick: (row: TStats) => number[]) =>
    `{${sorted.map((row) => `"{${pick(row).join(',')}}"`).join(',')}}`;
  await tx.execute(
    sql`insert into team_stats (user_id, left_count, right_count, downline_count, first_line_count, levels_count,
                                level_counts, own_devices, downline_devices, max_branch_devices, own_nodes,
                                level_nodes, updated_at)
        select v.user_id, v.l, v.r, v.d, v.f, v.lv, v.lc::int[], v.o, v.dd, v.mb, v.onn, v.ln::int[], now()
        from unnest(
          ${column((row) => row.userId)}::bigint[], ${column((row) => row.left)}::int[],
          ${column((row) => row.right)}::int[], ${column((row) => row.downline)}::int[],
          ${column((row) => row.firstLine)}::int[], ${column((row) => row.levels)}::int[],
          ${arrays((row) => row.levelCounts)}::text[], ${column((row) => row.own)}::int[],
          ${column((row) => row.downlineDevices)}::int[], ${column((row) => row.maxBranch)}::int[],
          ${column((row) => row.ownNodes)}::int[], ${arrays((row) => row.levelNodes)}::text[]
        ) as v(user_id, l, r, d, f, lv, lc, o, dd, mb, onn, ln)
        order by v.user_id
        on conflict (user_id) do update set
          left_count = excluded.left_count, right_count = excluded.right_count,
          downline_count = excluded.downline_count, first_line_count = excluded.first_line_count,
          levels_count = excluded.levels_count, level_counts = excluded.level_counts,
          own_devices = excluded.own_devices, downline_devices = excluded.downline_devices,
          max_branch_devices = excluded.max_branch_devices, own_nodes = excluded.own_nodes,
          level_nodes = excluded.level_nodes, updated_at = excluded.updated_at`,
  );
}

/**
 * New partners not counted yet, lowest id first. Ordered by the column, not by the text it is
 * answered as, so that the pending index is read whatever the statistics.
 */
export const pendingUsersQuery = (limit: number) =>
  sql`select id::text as id from users where not team_counted order by users.id limit ${limit}`;

export async function pendingUsers(tx: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(tx, pendingUsersQuery(limit));
  return rows.map((row) => Number(row.id));
}

/** A node whose counted state differs from its status: `active` is what it counts as now. */
export type TPendingNode = { id: number; userId: number; physical: boolean; active: boolean };

/** Read off the pending index by the column (as `pendingUsersQuery`). */
export const pendingNodesQuery = (limit: number) =>
  sql`select id::text as id, user_id::text as user_id, kind, status = 'active' as active from nodes
      where team_counted <> (status = 'active') order by nodes.id limit ${limit}`;

export async function pendingNodes(tx: Db, limit: number): Promise<TPendingNode[]> {
  const rows = await queryRows<{ id: string; user_id: string; kind: string; active: boolean }>(
    tx,
    pendingNodesQuery(limit),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    physical: row.kind === 'device',
    active: Boolean(row.active),
  }));
}

/** A tariff purchase whose counted state differs from "completed": `live` is what it counts as now. */
export type TPendingTariff = { id: number; userId: number; productId: number; code: string; live: boolean };

export async function pendingTariffs(tx: Db, limit: number): Promise<TPendingTariff[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    product_id: string;
    code: string;
    live: boolean;
  }>(
    tx,
    sql`select p.id::text as id, p.user_id::text as user_id, p.product_id::text as product_id, pr.code,
               p.status = 'completed' as live
        from purchases p join products pr on pr.id = p.product_id
        where p.kind = 'tariff' and p.team_counted <> (p.status = 'completed') order by p.id limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    productId: Number(row.product_id),
    code: row.code,
    live: Boolean(row.live),
  }));
}

/**
 * Every partner on the sponsor chains from the given users up to the top, each once, with their
 * mentor (null at the top): one recursive query; the caller walks each chain in memory.
 */
export async function sponsorPaths(tx: Db, userIds: readonly number[]): Promise<Map<number, number | null>> {
  const start = [...new Set(userIds)];
  if (start.length === 0) return new Map();
  const rows = await queryRows<{ id: string; mentor_id: string | null }>(
    tx,
    sql`with recursive up(id) as (
          select unnest(${idArray(start)})
          union
          select u.mentor_id from up join users u on u.id = up.id where u.mentor_id is not null
        )
        select u.id::text as id, u.mentor_id::text as mentor_id from up join users u on u.id = up.id`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.mentor_id === null ? null : Number(row.mentor_id)]));
}

/** A first-line partner of one of the given mentors: counted or not, and their counters. */
export type TFirstLineMember = { mentorId: number; counted: boolean; stats: TStats };

/** The first lines of the given partners with their counters (an indexed read per mentor). */
export async function firstLines(tx: Db, mentorIds: readonly number[]): Promise<TFirstLineMember[]> {
  if (mentorIds.length === 0) return [];
  const rows = await queryRows<TStatsRecord & { id: string; mentor_id: string; counted: boolean }>(
    tx,
    sql`select u.id::text as id, u.mentor_id::text as mentor_id, u.team_counted as counted, ${STATS_COLUMNS}
        from users u left join team_stats ts on ts.user_id = u.id
        where u.mentor_id = any(${idArray(mentorIds)})`,
  );
  return rows.map((row) => ({
    mentorId: Number(row.mentor_id),
    counted: Boolean(row.counted),
    stats: row.user_id === null ? emptyStats(Number(row.id)) : toStats(row),
  }));
}

/** Tariff purchases in each leg of a partner, by tariff product. */
export type TPackageCount = { userId: number; productId: number; left: number; right: number };

const packageKey = (userId: number, productId: number) => `${userId}:${productId}`;

/** The rows of the given (partner, tariff) pairs, zeros for those without one; keyed `user:product`. */
export async function packageCountsOf(
  tx: Db,
  pairs: readonly { userId: number; productId: number }[],
): Promise<Map<string, TPackageCount>> {
  const counts = new Map(
    pairs.map(({ userId, productId }) => [
      packageKey(userId, productId),
      { userId, productId, left: 0, right: 0 },
    ]),
  );
  if (pairs.length === 0) return counts;
  const rows = await queryRows<{
    user_id: string;
    product_id: string;
    left_count: number;
    right_count: number;
  }>(
    tx,
    sql`select c.user_id::text as user_id, c.product_id::text as product_id, c.left_count, c.right_count
        from team_package_counts c
        join unnest(${idArray(pairs.map((pair) => pair.userId))}, ${idArray(pairs.map((pair) => pair.productId))})
          as k(user_id, product_id) on k.user_id = c.user_id and k.product_id = c.product_id`,
  );
  for (const row of rows) {
    const key = packageKey(Number(row.user_id), Number(row.product_id));
    counts.set(key, { ...counts.get(key)!, left: Number(row.left_count), right: Number(row.right_count) });
  }
  return counts;
}

export { packageKey };

export async function savePackageCounts(tx: Db, rows: readonly TPackageCount[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.userId - b.userId || a.productId - b.productId);
  const column = (pick: (row: TPackageCount) => number) => `{${sorted.map(pick).join(',')}}`;
  await tx.execute(
    sql`insert into team_package_counts (user_id, product_id, left_count, right_count)
        select * from unnest(${column((row) => row.userId)}::bigint[], ${column((row) => row.productId)}::bigint[],
                             ${column((row) => row.left)}::int[], ${column((row) => row.right)}::int[])
        on conflict (user_id, product_id) do update set
          left_count = excluded.left_count, right_count = excluded.right_count`,
  );
}

/** The company's counters (team_company_stats, one row). */
export type TCompanyCounters = { totalDevices: number; purchasedDevices: number; packages500: number };

export async function companyCounters(db: Db): Promise<TCompanyCounters> {
  const [row] = await queryRows<{ total_devices: number; purchased_devices: number; packages_500: number }>(
    db,
    sql`select total_devices, purchased_devices, packages_500 from team_company_stats where id = 1`,
  );
  return {
    totalDevices: Number(row?.total_devices ?? 0),
    purchasedDevices: Number(row?.purchased_devices ?? 0),
    packages500: Number(row?.packages_500 ?? 0),
  };
}

export async function saveCompanyCounters(tx: Db, counters: TCompanyCounters): Promise<void> {
  await tx.execute(
    sql`insert into team_company_stats (id, total_devices, purchased_devices, packages_500, updated_at)
        values (1, ${counters.totalDevices}, ${counters.purchasedDevices}, ${counters.packages500}, now())
        on conflict (id) do update set total_devices = excluded.total_devices,
          purchased_devices = excluded.purchased_devices, packages_500 = excluded.packages_500,
          updated_at = excluded.updated_at`,
  );
}

export async function markUsers(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update users set team_counted = true where id = any(${idArray(ids)})`);
}

/** Sets each row's counted state to the one the batch folded (a later change stays pending). */
async function markCounted(tx: Db, table: 'nodes' | 'purchases', rows: { id: number; on: boolean }[]) {
  if (rows.length === 0) return;
  const ids = idArray(rows.map((row) => row.id));
  const states = `{${rows.map((row) => row.on).join(',')}}`;
  await tx.execute(
    sql`update ${sql.identifier(table)} t set team_counted = v.counted
        from unnest(${ids}, ${states}::boolean[]) as v(id, counted) where t.id = v.id`,
  );
}

export const markNodes = (tx: Db, rows: readonly TPendingNode[]) =>
  markCounted(
    tx,
    'nodes',
    rows.map((row) => ({ id: row.id, on: row.active })),
  );

export const markTariffs = (tx: Db, rows: readonly TPendingTariff[]) =>
  markCounted(
    tx,
    'purchases',
    rows.map((row) => ({ id: row.id, on: row.live })),
  );

/** Every tariff in catalogue order with the partner's counts in each leg (zeros included). */
export async function packageStatistics(
  db: Db,
  userId: number,
): Promise<{ name: string; left: number; right: number }[]> {
  const rows = await queryRows<{ name: string; left_count: number | null; right_count: number | null }>(
    db,
    sql`select p.name, c.left_count, c.right_count from products p
        left join team_package_counts c on c.product_id = p.id and c.user_id = ${userId}
        where p.kind = 'tariff' order by p.position, p.id`,
  );
  return rows.map((row) => ({
    name: row.name,
    left: Number(row.left_count ?? 0),
    right: Number(row.right_count ?? 0),
  }));
}
