import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { hashPassword } from '../lib/passwords';

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
    }>(
      tx,
      sql`select id::text as id, binary_parent_id::text as parent, binary_position as position,
                 binary_side as side, is_company_root as root
          from users order by id`,
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

    existing.forEach((row, index) => {
      side[index] = row.side === 'right' ? RIGHT : LEFT;
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
                           referral_id, mentor_id, binary_side, binary_parent_id, binary_position, date_joined)
        overriding system value
        select ${first}::bigint + t.n - 1 as id, 'n' || (${first}::bigint + t.n - 1) || '@network.example',
               ${passwordHash}, 'Net', 'Partner ' || (${first}::bigint + t.n - 1),
               '+99' || lpad((${first}::bigint + t.n - 1)::text, 10, '0'), 'Portugal', 'PT',
               'N' || (${first}::bigint + t.n - 1), t.mentor,
               case when t.side = 0 then 'left' else 'right' end, t.parent,
               case when t.position = 0 then 'left' else 'right' end,
               now() - make_interval(secs => ${lastId}::bigint - (${first}::bigint + t.n - 1))
        from unnest(${array(mentorIds, from, to)}::bigint[], ${array(parentIds, from, to)}::bigint[],
                    ${array(side, from, to)}::int[], ${array(position, from, to)}::int[])
             with ordinality as t(mentor, parent, side, position, n)`);
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
    // Fresh statistics for the planner: PGlite has no autovacuum to gather them after the load.
    await tx.execute(sql`analyze users, binary_leg_ends`);
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
