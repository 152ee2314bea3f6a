import { inArray, sql } from 'drizzle-orm';
import type { TRankName } from '@portal/compensation';
import { type Db, idArray, queryRows } from '../../db/client';
import { purchases } from '../../db/schema';
import type { TPurchaseRow } from '../purchases/service';

/** Any fixed number: the advisory lock held by the one transaction folding volume at a time. */
const BINARY_LOCK = 72_008;

export type TVolumeEvent = {
  id: number;
  purchaseId: number;
  userId: number;
  kind: 'purchase' | 'refund';
  bv: bigint;
};

/**
 * Claims the next batch of unprocessed volume events, lowest id first, for this transaction: the
 * advisory lock is taken without waiting, so while one process folds a batch the others skip
 * (null), and the batch stays claimed until the transaction ends (commit or kill: rolled back).
 */
export async function claimBatch(tx: Db, limit: number): Promise<TVolumeEvent[] | null> {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${BINARY_LOCK}) as locked`,
  );
  if (!lock?.locked) return null;
  const rows = await queryRows<{
    id: string;
    purchase_id: string;
    user_id: string;
    kind: string;
    bv: string;
  }>(
    tx,
    sql`select id::text as id, purchase_id::text as purchase_id, user_id::text as user_id, kind, bv::text as bv
        from purchase_events where processed_at is null order by id limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    purchaseId: Number(row.purchase_id),
    userId: Number(row.user_id),
    kind: row.kind === 'refund' ? 'refund' : 'purchase',
    bv: BigInt(row.bv),
  }));
}

/** The refund events of the given purchases, processed or not: purchase id -> refund event. */
export async function refundEvents(
  tx: Db,
  purchaseIds: readonly number[],
): Promise<Map<number, { id: number; processed: boolean }>> {
  if (purchaseIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; purchase_id: string; processed: boolean }>(
    tx,
    sql`select id::text as id, purchase_id::text as purchase_id, processed_at is not null as processed
        from purchase_events where kind = 'refund' and purchase_id = any(${idArray(purchaseIds)})`,
  );
  return new Map(
    rows.map((row) => [Number(row.purchase_id), { id: Number(row.id), processed: Boolean(row.processed) }]),
  );
}

export async function purchasesByIds(tx: Db, ids: readonly number[]): Promise<Map<number, TPurchaseRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(purchases)
    .where(inArray(purchases.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

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

const arrayOf = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value}"`)).join(',')}}`;

/**
 * Writes the counters of the given partners in one statement, in user id order (absolute values:
 * only the transaction holding the worker's advisory lock writes binary_legs).
 */
export async function saveLegs(tx: Db, rows: readonly TLegRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.userId - b.userId);
  const column = (pick: (row: TLegRow) => string | null) => arrayOf(sorted.map(pick));
  await tx.execute(
    sql`insert into binary_legs (user_id, left_unpaid, right_unpaid, left_total, right_total, paired_total,
                                 invited_buyers, active, counted, rank, updated_at)
        select v.*, now() from unnest(
          ${column((row) => String(row.userId))}::bigint[],
          ${column((row) => row.leftUnpaid.toString())}::bigint[],
          ${column((row) => row.rightUnpaid.toString())}::bigint[],
          ${column((row) => row.leftTotal.toString())}::bigint[],
          ${column((row) => row.rightTotal.toString())}::bigint[],
          ${column((row) => row.pairedTotal.toString())}::bigint[],
          ${column((row) => String(row.invitedBuyers))}::int[],
          ${column((row) => String(row.active))}::boolean[],
          ${column((row) => String(row.counted))}::boolean[],
          ${column((row) => row.rank)}::text[]
        ) as v(user_id, left_unpaid, right_unpaid, left_total, right_total, paired_total,
               invited_buyers, active, counted, rank)
        order by v.user_id
        on conflict (user_id) do update set
          left_unpaid = excluded.left_unpaid, right_unpaid = excluded.right_unpaid,
          left_total = excluded.left_total, right_total = excluded.right_total,
          paired_total = excluded.paired_total, invited_buyers = excluded.invited_buyers,
          active = excluded.active, counted = excluded.counted, rank = excluded.rank,
          updated_at = excluded.updated_at`,
  );
}

export async function markProcessed(tx: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await tx.execute(
    sql`update purchase_events set processed_at = now()
        where id = any(${idArray(eventIds)}) and processed_at is null`,
  );
}

/** Unprocessed volume events (the job's backlog). */
export async function pendingCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from purchase_events where processed_at is null`,
  );
  return Number(row?.n ?? 0);
}
