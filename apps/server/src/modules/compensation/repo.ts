import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { TRankName } from '@portal/compensation';
import { type Db, idArray, queryRows } from '../../db/client';
import { nodes } from '../products/schema';
import { compensationPartners, leaderPoolMonths } from './schema';

/**
 * The module's reads outside the fold (fold-repo.ts has the fold's own): the partners' state for
 * the team views and the screens, and the periodic DXN bonuses' inputs.
 */

/** A partner as a DXN bonus of a period sees them: level in the chain, matching depth of the tariff held. */
export type TUplineRow = { level: number; userId: number; isCompanyRoot: boolean; depth: number };

/**
 * The user's sponsor chain (users.mentor_id), nearest first, up to `levels`, each with the matching
 * depth of their open window: one recursive query.
 */
export async function sponsorChain(db: Db, userId: number, levels: number): Promise<TUplineRow[]> {
  const rows = await queryRows<{
    level: number;
    user_id: string;
    is_company_root: boolean;
    depth: number | null;
  }>(
    db,
    sql`with recursive chain(level, id) as (
          select 1, u.mentor_id from users u where u.id = ${userId} and u.mentor_id is not null
          union all
          select c.level + 1, u.mentor_id from chain c join users u on u.id = c.id
          where c.level < ${levels} and u.mentor_id is not null
        )
        select c.level, c.id::text as user_id, u.is_company_root, w.matching_depth as depth
        from chain c
        join users u on u.id = c.id
        left join cap_windows w on w.user_id = c.id and w.closed_at is null
        order by c.level`,
  );
  return rows.map((row) => ({
    level: Number(row.level),
    userId: Number(row.user_id),
    isCompanyRoot: Boolean(row.is_company_root),
    depth: Number(row.depth ?? 0),
  }));
}

/** Whether the user is the company root. */
export async function isCompanyRoot(db: Db, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ root: boolean }>(
    db,
    sql`select is_company_root as root from users where id = ${userId}`,
  );
  return Boolean(row?.root);
}

// ---- the partners' state ------------------------------------------------------------------------

/** A partner in the binary tree: its parent and its side under it, its mentor. */
export type TNode = {
  id: number;
  parentId: number | null;
  position: 'left' | 'right' | null;
  mentorId: number | null;
  isCompanyRoot: boolean;
};

/**
 * Every partner on the binary paths from the given users (the buyers) up to the top, each once
 * (UNION stops where paths meet): one recursive query. The caller walks each path by `parentId`
 * in memory.
 */
export async function binaryPaths(tx: Db, userIds: readonly number[]): Promise<Map<number, TNode>> {
  const start = [...new Set(userIds)];
  if (start.length === 0) return new Map();
  const rows = await queryRows<{
    id: string;
    parent_id: string | null;
    position: string | null;
    mentor_id: string | null;
    is_company_root: boolean;
  }>(
    tx,
    sql`with recursive up(id) as (
          select unnest(${idArray(start)})
          union
          select u.binary_parent_id from up join users u on u.id = up.id
          where u.binary_parent_id is not null
        )
        select u.id::text as id, u.binary_parent_id::text as parent_id, u.binary_position as position,
               u.mentor_id::text as mentor_id, u.is_company_root
        from up join users u on u.id = up.id`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        parentId: row.parent_id === null ? null : Number(row.parent_id),
        position: row.position === 'left' || row.position === 'right' ? row.position : null,
        mentorId: row.mentor_id === null ? null : Number(row.mentor_id),
        isCompanyRoot: Boolean(row.is_company_root),
      },
    ]),
  );
}

/** A partner's binary counters (binary_legs; no row = zeros). */
export type TLegRow = {
  userId: number;
  leftUnpaid: bigint;
  rightUnpaid: bigint;
  leftTotal: bigint;
  rightTotal: bigint;
  pairedTotal: bigint;
  invitedBuyers: number;
  active: boolean;
  counted: boolean;
  rank: TRankName | null;
};

export const emptyLegs = (userId: number): TLegRow => ({
  userId,
  leftUnpaid: 0n,
  rightUnpaid: 0n,
  leftTotal: 0n,
  rightTotal: 0n,
  pairedTotal: 0n,
  invitedBuyers: 0,
  active: false,
  counted: false,
  rank: null,
});

/** The counters of the given partners, zeros for those without a row. */
export async function legsOf(tx: Db, userIds: readonly number[]): Promise<Map<number, TLegRow>> {
  const legs = new Map(userIds.map((id) => [id, emptyLegs(id)]));
  if (userIds.length === 0) return legs;
  const rows = await queryRows<{
    user_id: string;
    left_unpaid: string;
    right_unpaid: string;
    left_total: string;
    right_total: string;
    paired_total: string;
    invited_buyers: number;
    active: boolean;
    counted: boolean;
    rank: TRankName | null;
  }>(
    tx,
    sql`select user_id::text as user_id, left_unpaid::text as left_unpaid, right_unpaid::text as right_unpaid,
               left_total::text as left_total, right_total::text as right_total,
               paired_total::text as paired_total, invited_buyers, active, counted, rank
        from binary_legs where user_id = any(${idArray(userIds)})`,
  );
  for (const row of rows) {
    legs.set(Number(row.user_id), {
      userId: Number(row.user_id),
      leftUnpaid: BigInt(row.left_unpaid),
      rightUnpaid: BigInt(row.right_unpaid),
      leftTotal: BigInt(row.left_total),
      rightTotal: BigInt(row.right_total),
      pairedTotal: BigInt(row.paired_total),
      invitedBuyers: Number(row.invited_buyers),
      active: Boolean(row.active),
      counted: Boolean(row.counted),
      rank: row.rank,
    });
  }
  return legs;
}

/** Sum of the partner's lost profit pending at `now` (not expired, not recovered or dropped): one indexed query. */
export async function pendingLostProfitSum(db: Db, userId: number, now: Date): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(amount - recovered - dropped)::text as total from lost_profits
        where user_id = ${userId} and closed_at is null and expires_at >= ${now.toISOString()}::timestamptz`,
  );
  return BigInt(row?.total ?? '0');
}

/** The partner's open debt (0 without one). */
export async function debtOf(db: Db, userId: number): Promise<bigint> {
  const [row] = await queryRows<{ debt: string }>(
    db,
    sql`select debt::text as debt from compensation_partners where user_id = ${userId}`,
  );
  return BigInt(row?.debt ?? '0');
}

export const debtRow = (userId: SQL): SQL =>
  sql`(select c.debt::text from ${compensationPartners} c where c.user_id = ${userId})`;

// ---- periodic bonuses ---------------------------------------------------------------------------

export type TDueNode = {
  id: number;
  userId: number;
  kind: string;
  purchaseId: number | null;
  orderId: number | null;
  hostingUserId: number | null;
  incomePaidUntil: Date;
};

/**
 * Claims up to `limit` active nodes with a whole day of income due by `now` (paid until
 * `now - 1 day` or earlier), oldest due first, by the partial index on income_paid_until; locked
 * until the caller's transaction ends and skipped by any other run meanwhile.
 */
export function claimDueNodes(db: Db, dueBefore: Date, limit: number) {
  return db
    .select({
      id: nodes.id,
      userId: nodes.userId,
      kind: nodes.kind,
      purchaseId: nodes.purchaseId,
      orderId: nodes.orderId,
      hostingUserId: nodes.hostingUserId,
      incomePaidUntil: nodes.incomePaidUntil,
    })
    .from(nodes)
    .where(and(eq(nodes.status, 'active'), lte(nodes.incomePaidUntil, dueBefore)))
    .orderBy(asc(nodes.incomePaidUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function advanceNodeIncome(db: Db, id: number, paidUntil: Date): Promise<void> {
  await db.update(nodes).set({ incomePaidUntil: paidUntil }).where(eq(nodes.id, id));
}

/**
 * Takes a month for the leader pool with its company BV and pool (the fold pays it and fills in
 * the share and payees); false when it was taken before.
 */
export async function claimLeaderPoolMonth(
  db: Db,
  month: { period: string; bv: bigint; pool: bigint },
): Promise<boolean> {
  const rows = await db
    .insert(leaderPoolMonths)
    .values({ ...month, share: 0n, payees: 0, companyRemainder: month.pool })
    .onConflictDoNothing({ target: leaderPoolMonths.period })
    .returning({ period: leaderPoolMonths.period });
  return rows.length === 1;
}

/** What the fold paid of a month's pool. */
export async function recordLeaderPoolPaid(
  db: Db,
  period: string,
  paid: { share: bigint; payees: number },
): Promise<void> {
  await db
    .update(leaderPoolMonths)
    .set({
      share: paid.share,
      payees: paid.payees,
      companyRemainder: sql`${leaderPoolMonths.pool} - ${paid.share * BigInt(paid.payees)}`,
    })
    .where(eq(leaderPoolMonths.period, period));
}

/** Company BV of purchases made in [from, to) and not refunded (by the created_at index). */
export async function volumeBetween(db: Db, from: Date, to: Date): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(bv)::text as total from purchases
        where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
          and status = 'completed'`,
  );
  return BigInt(row?.total ?? '0');
}
