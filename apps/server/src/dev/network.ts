import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { lock as lockTeamCounters } from '../modules/team-stats/repo';

/** The password every generated partner signs in with (their emails: `generatedEmail(id)`). */
export const NETWORK_PASSWORD = 'network-password-1';

export const generatedEmail = (id: number) => `n${id}@network.example`;

export type TNetworkOptions = {
  /** How many partners to add. */
  partners: number;
  /** How deep the one spillover leg is: partners placed one under the other on its outer edge. */
  deepLeg: number;
  /** The random stream: the same seed on the same database writes the same network. */
  seed?: number;
  /** How long the sponsor line is (partners each inviting the next): an upline as long as any. */
  line?: number;
  /** Rows per insert statement. */
  batch?: number;
  onProgress?: (message: string) => void;
};

export type TNetwork = {
  firstId: number;
  lastId: number;
  /** The spillover leg's mentor: their left outer leg is `deepLegIds`, top first. */
  leaderId: number;
  /** The leader's binary depth (the company root: 0); `deepLegIds[i]` is at `leaderDepth + i + 1`. */
  leaderDepth: number;
  deepLegIds: number[];
  /** The sponsor line, top first: each one invited the next. */
  lineIds: number[];
};

const LEFT = 0;
const RIGHT = 1;
const SIDES = ['left', 'right'] as const;

/** A small seeded generator (mulberry32): numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes a network of `partners` new partners into the database, as valid users that can sign in
 * (NETWORK_PASSWORD) and be registered under, in one transaction. For development, demos and
 * benchmarks, on a database no server writes to meanwhile.
 *
 * The shape: a leader invited by the company root who invited `deepLeg` partners, all placed
 * down the leader's left outer leg (those invitees place their own invitees on their right, so
 * the leg stays exactly that deep); a sponsor line of `line` partners each inviting the next;
 * everyone else invited by a partner drawn by preferential attachment (a partner's chance to
 * invite grows with the partners they invited: most invite 0-3, a few hundreds), 70% of them
 * placing their invitees on the left.
 *
 * The binary placement is the registration's own rule (compensation-plan.md section 3, as
 * accounts/repo `reserveOuterLegSlot` does it), replayed in memory in the order of the ids over
 * the tree already in the database; the rows then go in with batched set-based inserts, and
 * `binary_leg_ends` gets, for every mentor and side the network placed under, the leg's real
 * end, so the next registration under anyone starts at the bottom.
 */
export async function generateNetwork(db: Db, options: TNetworkOptions): Promise<TNetwork> {
  const { partners, deepLeg } = options;
  const line = options.line ?? 30;
  const batch = options.batch ?? 20_000;
  const progress = options.onProgress ?? (() => undefined);
  if (!Number.isInteger(partners) || !Number.isInteger(deepLeg) || deepLeg < 1 || line < 1)
    throw new Error('partners, deepLeg and line must be positive integers');
  if (partners < 1 + deepLeg + line)
    throw new Error(`${partners} partners cannot hold a leg of ${deepLeg} and a line of ${line}`);
  const next = random(options.seed ?? 1);
  const passwordHash = await hashPassword(NETWORK_PASSWORD);

  return db.transaction(async (tx) => {
    // The tree as it is: every user, their slot and their side.
    const existing = await queryRows<{
      id: string;
      parent: string | null;
      position: string | null;
      side: string;
      root: boolean;
      mentor: string | null;
    }>(
      tx,
      sql`select id::text as id, binary_parent_id::text as parent, binary_position as position,
                 binary_side as side, is_company_root as root, mentor_id::text as mentor
          from users order by users.id`,
    );
    const root = existing.find((row) => row.root);
    if (!root) throw new Error('The company root account is missing: start the server once first');
    const known = existing.length;
    const total = known + partners;
    const indexOf = new Map<number, number>();
    existing.forEach((row, index) => indexOf.set(Number(row.id), index));
    const firstId = (existing.length ? Number(existing[existing.length - 1]!.id) : 0) + 1;
    const idOf = (index: number) => (index < known ? Number(existing[index]!.id) : firstId + index - known);

    const children = new Int32Array(2 * total).fill(-1);
    const parent = new Int32Array(total).fill(-1);
    const position = new Uint8Array(total);
    const side = new Uint8Array(total);
    const mentor = new Int32Array(total).fill(-1);
    const depth = new Int32Array(total).fill(-1);
    /** Where each partner's leg on each side was last seen to end (-1: not yet). */
    const legEnd = new Int32Array(2 * total).fill(-1);
    const touched: number[] = [];
    /** The mentor's leg each new partner was placed in. */
    const placementLeg = new Uint8Array(total);

    existing.forEach((row, index) => {
      side[index] = row.side === 'right' ? RIGHT : LEFT;
      if (row.mentor !== null) mentor[index] = indexOf.get(Number(row.mentor))!;
      if (row.parent === null) return;
      const parentIndex = indexOf.get(Number(row.parent))!;
      const at = row.position === 'right' ? RIGHT : LEFT;
      parent[index] = parentIndex;
      position[index] = at;
      children[2 * parentIndex + at] = index;
    });
    const depthOf = (index: number): number => {
      if (depth[index]! >= 0) return depth[index]!;
      const path: number[] = [];
      let at = index;
      while (depth[at]! < 0 && parent[at]! >= 0) {
        path.push(at);
        at = parent[at]!;
      }
      if (depth[at]! < 0) depth[at] = 0;
      for (let step = path.length - 1; step >= 0; step--)
        depth[path[step]!] = depth[parent[path[step]!]!]! + 1;
      return depth[index]!;
    };
    const bottomOf = (index: number, at: number) => {
      let bottom = legEnd[2 * index + at]! >= 0 ? legEnd[2 * index + at]! : index;
      while (children[2 * bottom + at]! >= 0) bottom = children[2 * bottom + at]!;
      return bottom;
    };
    /** Registers partner `index` under `mentorIndex`, placed by the plan's rule. */
    const place = (index: number, mentorIndex: number, ownSide: number) => {
      const at = side[mentorIndex]!;
      const bottom = bottomOf(mentorIndex, at);
      children[2 * bottom + at] = index;
      parent[index] = bottom;
      position[index] = at;
      depth[index] = depthOf(bottom) + 1;
      mentor[index] = mentorIndex;
      side[index] = ownSide;
      placementLeg[index] = at;
      if (legEnd[2 * mentorIndex + at]! < 0) touched.push(2 * mentorIndex + at);
      legEnd[2 * mentorIndex + at] = index;
    };

    const rootIndex = indexOf.get(Number(root.id))!;
    const leader = known;
    place(leader, rootIndex, LEFT);
    const deepLegIndexes: number[] = [];
    for (let step = 1; step <= deepLeg; step++) {
      place(known + step, leader, RIGHT);
      deepLegIndexes.push(known + step);
    }
    const lineIndexes: number[] = [];
    for (let step = 0; step < line; step++) {
      const index = known + 1 + deepLeg + step;
      place(index, step === 0 ? deepLegIndexes[0]! : index - 1, LEFT);
      lineIndexes.push(index);
    }
    // Preferential attachment: one ticket per partner and one more per partner they invited.
    const tickets = new Int32Array(2 * partners);
    let ticketCount = 0;
    for (const index of [...deepLegIndexes, ...lineIndexes]) tickets[ticketCount++] = index;
    for (let index = known + 1 + deepLeg + line; index < total; index++) {
      const mentorIndex = tickets[Math.floor(next() * ticketCount)]!;
      place(index, mentorIndex, next() < 0.7 ? LEFT : RIGHT);
      tickets[ticketCount++] = index;
      tickets[ticketCount++] = mentorIndex;
    }
    progress(`placed ${partners} partners in memory`);

    const array = (values: ArrayLike<number | string>, from: number, to: number) => {
      const parts: string[] = [];
      for (let index = from; index < to; index++) parts.push(String(values[index]));
      return `{${parts.join(',')}}`;
    };
    const ids = new Float64Array(total);
    for (let index = 0; index < total; index++) ids[index] = idOf(index);
    const mentorIds = Array.from(mentor, (index) => (index < 0 ? 0 : ids[index]!));
    const parentIds = Array.from(parent, (index) => (index < 0 ? 0 : ids[index]!));
    const lastId = firstId + partners - 1;
    for (let from = known; from < total; from += batch) {
      const to = Math.min(total, from + batch);
      const first = idOf(from);
      await tx.execute(sql`
        insert into users (id, email, password_hash, first_name, last_name, phone, country, country_code,
                           referral_id, mentor_id, binary_side, binary_parent_id, binary_position, date_joined,
                           placement_leg, team_counted)
        overriding system value
        select ${first}::bigint + t.n - 1 as id, 'n' || (${first}::bigint + t.n - 1) || '@network.example',
               ${passwordHash}, 'Net', 'Partner ' || (${first}::bigint + t.n - 1),
               '+99' || lpad((${first}::bigint + t.n - 1)::text, 10, '0'), 'Portugal', 'PT',
               'N' || (${first}::bigint + t.n - 1), t.mentor,
               case when t.side = 0 then 'left' else 'right' end, t.parent,
               case when t.position = 0 then 'left' else 'right' end,
               now() - make_interval(secs => ${lastId}::bigint - (${first}::bigint + t.n - 1)),
               case when t.leg = 0 then 'left' else 'right' end, true
        from unnest(${array(mentorIds, from, to)}::bigint[], ${array(parentIds, from, to)}::bigint[],
                    ${array(side, from, to)}::int[], ${array(position, from, to)}::int[],
                    ${array(placementLeg, from, to)}::int[])
             with ordinality as t(mentor, parent, side, position, leg, n)`);
      progress(`users ${to - known}/${partners}`);
    }
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);

    for (let from = 0; from < touched.length; from += batch) {
      const keys = touched.slice(from, from + batch);
      const users = keys.map((key) => ids[key >> 1]!);
      const sides = keys.map((key) => SIDES[key & 1]!);
      const bottoms = keys.map((key) => ids[bottomOf(key >> 1, key & 1)]!);
      await tx.execute(sql`
        insert into binary_leg_ends (user_id, side, bottom_id)
        select * from unnest(${`{${users.join(',')}}`}::bigint[], ${`{${sides.join(',')}}`}::text[],
                             ${`{${bottoms.join(',')}}`}::bigint[])
        on conflict (user_id, side) do update set bottom_id = excluded.bottom_id`);
    }
    progress(`leg ends ${touched.length}`);
    await writeTeamCounters(tx, { total, parent, mentor, children, ids, batch, progress });
    // Fresh statistics for the planner: PGlite has no autovacuum to gather them after the load.
    await tx.execute(sql`analyze users, binary_leg_ends, team_stats`);
    progress('analyzed');

    return {
      firstId,
      lastId,
      leaderId: idOf(leader),
      leaderDepth: depthOf(leader),
      deepLegIds: deepLegIndexes.map(idOf),
      lineIds: lineIndexes.map(idOf),
    };
  });
}

/** Each node's depth in a forest given by `up` (the parent's index, -1 at a top): no recursion. */
function depthsOf(up: Int32Array): Int32Array {
  const depth = new Int32Array(up.length).fill(-1);
  const path: number[] = [];
  for (let index = 0; index < up.length; index++) {
    let at = index;
    while (depth[at]! < 0 && up[at]! >= 0) {
      path.push(at);
      at = up[at]!;
    }
    if (depth[at]! < 0) depth[at] = 0;
    while (path.length > 0) {
      const node = path.pop()!;
      depth[node] = depth[up[node]!]! + 1;
    }
  }
  return depth;
}

/** The indexes deepest first (a counting sort by depth): each child before its parent. */
function deepestFirst(up: Int32Array): Int32Array {
  const depth = depthsOf(up);
  let deepest = 0;
  for (const value of depth) deepest = Math.max(deepest, value);
  const start = new Int32Array(deepest + 2);
  for (const value of depth) start[deepest - value + 1]! += 1;
  for (let slot = 1; slot < start.length; slot++) start[slot]! += start[slot - 1]!;
  const order = new Int32Array(up.length);
  for (let index = 0; index < up.length; index++) order[start[deepest - depth[index]!]!++] = index;
  return order;
}

const LEVELS = 10;

/**
 * The team counters of every user (docs/team.md "Counters"), counted over the whole tree in
 * memory, children before parents: binary legs from subtree sizes, sponsor counters from the first
 * lines'. Written as absolute values (the device counters, which nodes feed, are left as they
 * are), and every user is marked counted: the counter worker has no backlog after a network.
 */
async function writeTeamCounters(
  tx: Db,
  tree: {
    total: number;
    parent: Int32Array;
    mentor: Int32Array;
    children: Int32Array;
    ids: Float64Array;
    batch: number;
    progress: (message: string) => void;
  },
) {
  const { total, parent, mentor, children, ids, batch, progress } = tree;
  await lockTeamCounters(tx);
  const size = new Int32Array(total);
  for (const index of deepestFirst(parent)) {
    const left = children[2 * index]!;
    const right = children[2 * index + 1]!;
    size[index] = 1 + (left >= 0 ? size[left]! : 0) + (right >= 0 ? size[right]! : 0);
  }
  const legCount = (index: number, at: number) => {
    const child = children[2 * index + at]!;
    return child >= 0 ? size[child]! : 0;
  };
  const downline = new Int32Array(total);
  const firstLine = new Int32Array(total);
  const levels = new Int32Array(total);
  const levelCounts = new Int32Array(total * LEVELS);
  for (const index of deepestFirst(mentor)) {
    const up = mentor[index]!;
    if (up < 0) continue;
    downline[up]! += 1 + downline[index]!;
    firstLine[up]! += 1;
    levels[up] = Math.max(levels[up]!, levels[index]! + 1);
    levelCounts[up * LEVELS]! += 1;
    for (let level = 1; level < LEVELS; level++)
      levelCounts[up * LEVELS + level]! += levelCounts[index * LEVELS + level - 1]!;
  }
  progress('team counters counted');

  const counted: number[] = [];
  for (let index = 0; index < total; index++)
    if (legCount(index, LEFT) + legCount(index, RIGHT) + downline[index]! > 0) counted.push(index);
  for (let from = 0; from < counted.length; from += batch) {
    const part = counted.slice(from, from + batch);
    const column = (pick: (index: number) => number | string) => `{${part.map(pick).join(',')}}`;
    const levelText = (index: number) =>
      `"{${Array.from(levelCounts.subarray(index * LEVELS, (index + 1) * LEVELS)).join(',')}}"`;
    await tx.execute(sql`
      insert into team_stats (user_id, left_count, right_count, downline_count, first_line_count, levels_count,
                              level_counts, updated_at)
      select v.user_id, v.l, v.r, v.d, v.f, v.lv, v.lc::int[], now()
      from unnest(${column((index) => ids[index]!)}::bigint[], ${column((index) => legCount(index, LEFT))}::int[],
                  ${column((index) => legCount(index, RIGHT))}::int[], ${column((index) => downline[index]!)}::int[],
                  ${column((index) => firstLine[index]!)}::int[], ${column((index) => levels[index]!)}::int[],
                  ${column(levelText)}::text[]) as v(user_id, l, r, d, f, lv, lc)
      on conflict (user_id) do update set
        left_count = excluded.left_count, right_count = excluded.right_count,
        downline_count = excluded.downline_count, first_line_count = excluded.first_line_count,
        levels_count = excluded.levels_count, level_counts = excluded.level_counts,
        updated_at = excluded.updated_at`);
    progress(`team counters ${Math.min(from + batch, counted.length)}/${counted.length}`);
  }
  await tx.execute(sql`update users set team_counted = true where not team_counted`);
}
