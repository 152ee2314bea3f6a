import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { TCurrency } from '@portal/contracts';
import { type Db, idArray, queryRows } from '../../db/client';
import {
  capWindows,
  ledgerAccounts,
  leaderPoolMonths,
  lostProfits,
  nodes,
  payouts,
  purchases,
} from '../../db/schema';

export type TPayoutRow = typeof payouts.$inferSelect;
export type TNewPayout = typeof payouts.$inferInsert;
export type TLostProfitRow = typeof lostProfits.$inferSelect;

/** An upline (or promo owner) as loaded for the engine: their open cap window and matching depth. */
export type TUplineRow = {
  level: number;
  userId: number;
  isCompanyRoot: boolean;
  windowId: number | null;
  cap: bigint | null;
  earned: bigint | null;
  depth: number;
};

type TRawUpline = {
  level: number;
  user_id: string;
  is_company_root: boolean;
  window_id: string | null;
  cap: string | null;
  earned: string | null;
  depth: number | null;
};

const toUpline = (row: TRawUpline): TUplineRow => ({
  level: Number(row.level),
  userId: Number(row.user_id),
  isCompanyRoot: Boolean(row.is_company_root),
  windowId: row.window_id === null ? null : Number(row.window_id),
  cap: row.cap === null ? null : BigInt(row.cap),
  earned: row.earned === null ? null : BigInt(row.earned),
  depth: Number(row.depth ?? 0),
});

/**
 * The buyer's sponsor chain (users.mentor_id), nearest first, up to `levels`, each with their open
 * cap window and its tariff's matching depth: one recursive query.
 */
export async function sponsorChain(db: Db, buyerId: number, levels: number): Promise<TUplineRow[]> {
  const rows = await queryRows<TRawUpline>(
    db,
    sql`with recursive chain(level, id) as (
          select 1, u.mentor_id from users u where u.id = ${buyerId} and u.mentor_id is not null
          union all
          select c.level + 1, u.mentor_id from chain c join users u on u.id = c.id
          where c.level < ${levels} and u.mentor_id is not null
        )
        select c.level, c.id::text as user_id, u.is_company_root, w.id::text as window_id,
               w.cap::text as cap, w.earned::text as earned,
               coalesce((p.attributes->>'matching_depth')::int, 0) as depth
        from chain c
        join users u on u.id = c.id
        left join cap_windows w on w.user_id = c.id and w.closed_at is null
        left join products p on p.id = w.product_id
        order by c.level`,
  );
  return rows.map(toUpline);
}

/** One user as an upline row (level 0): the promo code's owner. */
export async function member(db: Db, userId: number): Promise<TUplineRow | undefined> {
  const [row] = await members(db, [userId]);
  return row;
}

/**
 * Locks cap windows in the order given (the caller passes the sponsor chain nearest first, so
 * every transaction locks windows on one path bottom-up, as a partner's own tariff purchase does:
 * its own window, then its uplines'); their current fill.
 */
export async function lockWindows(
  db: Db,
  ids: number[],
): Promise<Map<number, { cap: bigint; earned: bigint; open: boolean }>> {
  if (ids.length === 0) return new Map();
  const order = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; cap: string; earned: string; open: boolean }>(
    db,
    sql`select id::text as id, cap::text as cap, earned::text as earned, closed_at is null as open
        from cap_windows where id in (${order})
        order by array_position(array[${order}], id)
        for update`,
  );
  return new Map(
    rows.map((row) => [Number(row.id), { cap: BigInt(row.cap), earned: BigInt(row.earned), open: row.open }]),
  );
}

/**
 * Fills open cap windows by the given amounts in one statement, guarded: a window is filled only
 * when `earned + amount <= cap` holds in the statement itself. Returns the ids filled.
 */
export async function fillWindows(db: Db, fills: { id: number; amount: bigint }[]): Promise<number[]> {
  if (fills.length === 0) return [];
  const values = sql.join(
    fills.map((fill) => sql`(${fill.id}::bigint, ${fill.amount}::bigint)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update cap_windows w set earned = w.earned + v.amount
        from (values ${values}) as v(id, amount)
        where w.id = v.id and w.closed_at is null and w.earned + v.amount <= w.cap
        returning w.id::text as id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Gives back `amount` of the fill of the window a payout made at `paidAt` filled (a reversed
 * bonus), never below 0: only while that window is still the open one (a window closed since
 * stays as it was; the new one was not filled by the payout).
 */
export async function unfillWindow(db: Db, userId: number, amount: bigint, paidAt: Date): Promise<void> {
  await db
    .update(capWindows)
    .set({ earned: sql`greatest(0, ${capWindows.earned} - ${amount})` })
    .where(and(eq(capWindows.userId, userId), isNull(capWindows.closedAt), lte(capWindows.openedAt, paidAt)));
}

/** Inserts payouts in one statement; the rows come back in the order given. */
export async function insertPayouts(db: Db, rows: TNewPayout[]): Promise<TPayoutRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(payouts).values(rows).returning();
  return inserted.sort((a, b) => a.id - b.id);
}

export async function insertLostProfits(db: Db, rows: (typeof lostProfits.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(lostProfits).values(rows);
}

export const purchasePayouts = (db: Db, purchaseId: number) =>
  db.select().from(payouts).where(eq(payouts.purchaseId, purchaseId)).orderBy(asc(payouts.id));

/** Marks a purchase's payouts reversed; false when they were reversed before. */
export async function markReversed(db: Db, purchaseId: number, at: Date): Promise<TPayoutRow[]> {
  return db
    .update(payouts)
    .set({ reversedAt: at })
    .where(and(eq(payouts.purchaseId, purchaseId), isNull(payouts.reversedAt)))
    .returning();
}

/** Closes the lost profit the given payouts left (their purchase was refunded). */
export async function closeLostProfitsOf(db: Db, payoutIds: number[], at: Date): Promise<void> {
  if (payoutIds.length === 0) return;
  await db
    .update(lostProfits)
    .set({ closedAt: at })
    .where(and(inArray(lostProfits.payoutId, payoutIds), isNull(lostProfits.closedAt)));
}

/** The partner's lost profit still pending at `now` (not expired, not fully recovered), oldest first. */
export async function pendingLostProfits(db: Db, userId: number, now: Date, lock = false) {
  const query = db
    .select()
    .from(lostProfits)
    .where(and(eq(lostProfits.userId, userId), isNull(lostProfits.closedAt), gt(lostProfits.expiresAt, now)))
    .orderBy(asc(lostProfits.createdAt), asc(lostProfits.id));
  return lock ? query.for('update') : query;
}

/** Sum of the partner's pending lost profit at `now`: one indexed query. */
export async function pendingLostProfitSum(db: Db, userId: number, now: Date): Promise<bigint> {
  const [row] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(amount - recovered)::text as total from lost_profits
        where user_id = ${userId} and closed_at is null and expires_at > ${now.toISOString()}::timestamptz`,
  );
  return BigInt(row?.total ?? '0');
}

export async function recoverLostProfit(db: Db, id: number, amount: bigint, at: Date): Promise<void> {
  await db
    .update(lostProfits)
    .set({
      recovered: sql`${lostProfits.recovered} + ${amount}`,
      closedAt: sql`case when ${lostProfits.recovered} + ${amount} >= ${lostProfits.amount} then ${at.toISOString()}::timestamptz else null end`,
    })
    .where(eq(lostProfits.id, id));
}

/** The expiry job: closes up to `limit` entries past their deadline; returns how many. */
export async function expireLostProfits(db: Db, now: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update lost_profits set closed_at = ${now.toISOString()}::timestamptz
        where id in (select id from lost_profits where closed_at is null and expires_at <= ${now.toISOString()}::timestamptz
                     order by expires_at limit ${limit} for update skip locked)
        returning id::text as id`,
  );
  return rows.length;
}

/** Locks the users' main accounts of a currency in id order; their balances (0 when they have none). */
export async function lockBalances(
  db: Db,
  userIds: number[],
  currency: TCurrency,
): Promise<Map<number, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.userId, userIds),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.purpose, 'main'),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((row) => [row.userId!, row.balance]));
}

export async function setReversed(db: Db, id: number, amount: bigint): Promise<void> {
  await db.update(payouts).set({ reversed: amount }).where(eq(payouts.id, id));
}

/** Several users as upline rows (level 0), with their open cap windows and matching depth: one query. */
export async function members(db: Db, userIds: readonly number[]): Promise<TUplineRow[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<TRawUpline>(
    db,
    sql`select 0 as level, u.id::text as user_id, u.is_company_root, w.id::text as window_id,
               w.cap::text as cap, w.earned::text as earned,
               coalesce((p.attributes->>'matching_depth')::int, 0) as depth
        from users u
        left join cap_windows w on w.user_id = u.id and w.closed_at is null
        left join products p on p.id = w.product_id
        where u.id = any(${idArray(userIds)})`,
  );
  return rows.map(toUpline);
}

/**
 * The sponsor chains (users.mentor_id) of several users, up to `levels` each, in one recursive
 * query: user id -> the ids of their uplines, nearest first.
 */
export async function sponsorChains(
  db: Db,
  userIds: readonly number[],
  levels: number,
): Promise<Map<number, number[]>> {
  const chains = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return chains;
  const rows = await queryRows<{ user_id: string; upline_id: string }>(
    db,
    sql`with recursive chain(user_id, level, id) as (
          select u.id, 1, u.mentor_id from users u
          where u.id = any(${idArray(userIds)}) and u.mentor_id is not null
          union all
          select c.user_id, c.level + 1, u.mentor_id from chain c join users u on u.id = c.id
          where c.level < ${levels} and u.mentor_id is not null
        )
        select user_id::text as user_id, id::text as upline_id from chain order by user_id, level`,
  );
  for (const row of rows) chains.get(Number(row.user_id))!.push(Number(row.upline_id));
  return chains;
}

// ---- periodic bonuses ------------------------------------------------------------------------------

/**
 * Locks the partner's open cap window (quick start: two purchases that could each complete a
 * partner's quick start run one after the other here) and answers its tariff's product code.
 */
export async function lockOpenWindowOf(
  db: Db,
  userId: number,
): Promise<{ id: number; code: string } | undefined> {
  const [row] = await queryRows<{ id: string; code: string }>(
    db,
    sql`select w.id::text as id, p.code from cap_windows w join products p on p.id = w.product_id
        where w.user_id = ${userId} and w.closed_at is null
        for update of w`,
  );
  return row && { id: Number(row.id), code: row.code };
}

/** Whether the partner has a quick start payout (credited or lost). */
/**
 * Whether a purchase of `buyerId` already brought its inviter the Hot Winter gift (not reversed):
 * read through the buyer's few purchases (payouts_purchase_idx), not the inviter's payouts.
 */
export async function hasHotWinterGiftFor(db: Db, buyerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: payouts.id })
    .from(purchases)
    .innerJoin(payouts, eq(payouts.purchaseId, purchases.id))
    .where(
      and(eq(purchases.userId, buyerId), eq(payouts.bonusType, 'winter_gift'), isNull(payouts.reversedAt)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function hasQuickStart(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.payeeId, userId), eq(payouts.bonusType, 'quick_start')))
    .limit(1);
  return rows.length > 0;
}

/** When the partner first bought a tariff (completed purchases), or null. */
export async function firstTariffAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select min(created_at)::text as at from purchases
        where user_id = ${userId} and kind = 'tariff' and status = 'completed'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Tariff purchases (completed) of the partner's direct invitees: who, which tariff, when. */
export async function inviteeTariffPurchases(
  db: Db,
  mentorId: number,
): Promise<{ inviteeId: number; code: string; at: Date }[]> {
  const rows = await queryRows<{ user_id: string; code: string; at: string }>(
    db,
    sql`select p.user_id::text as user_id, pr.code, p.created_at::text as at
        from users u
        join purchases p on p.user_id = u.id and p.kind = 'tariff' and p.status = 'completed'
        join products pr on pr.id = p.product_id
        where u.mentor_id = ${mentorId}`,
  );
  return rows.map((row) => ({ inviteeId: Number(row.user_id), code: row.code, at: new Date(row.at) }));
}

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

/** Takes a month for the leader pool; false when it was taken (paid) before. */
export async function claimLeaderPoolMonth(db: Db, period: string): Promise<boolean> {
  const rows = await db
    .insert(leaderPoolMonths)
    .values({ period, bv: 0n, pool: 0n, share: 0n, payees: 0, companyRemainder: 0n })
    .onConflictDoNothing({ target: leaderPoolMonths.period })
    .returning({ period: leaderPoolMonths.period });
  return rows.length === 1;
}

export async function recordLeaderPoolMonth(
  db: Db,
  row: Omit<typeof leaderPoolMonths.$inferInsert, 'paidAt'>,
): Promise<void> {
  await db.update(leaderPoolMonths).set(row).where(eq(leaderPoolMonths.period, row.period));
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

/** Partners holding `rank` now (binary_legs.rank), by id. */
export async function partnersOfRank(db: Db, rank: string): Promise<number[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id::text as user_id from binary_legs where rank = ${rank} order by user_id`,
  );
  return rows.map((row) => Number(row.user_id));
}
