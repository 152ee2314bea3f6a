import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { payouts } from '../../modules/compensation/schema';
import type { purchases } from '../../modules/purchases/schema';

type TPayout = typeof payouts.$inferSelect;
type TPurchaseKind = (typeof purchases.$inferSelect)['kind'];

/** A payout of `payeeId` with its purchase, product and lost profit: one query. */
export type TPayoutRecord = {
  id: number;
  bonusType: TPayout['bonusType'];
  currency: TPayout['currency'];
  createdAt: Date;
  period: string | null;
  level: number | null;
  leg: TPayout['leg'];
  base: bigint;
  rateBp: number;
  gross: bigint;
  credited: bigint;
  lost: bigint;
  capTook: bigint;
  planVersion: string;
  sourceBonusType: TPayout['sourceBonusType'];
  sourcePayeeId: number | null;
  reversedAt: Date | null;
  reversed: bigint;
  purchase: { id: number; createdAt: Date; buyerId: number; kind: TPurchaseKind; productName: string } | null;
  lostProfit: {
    amount: bigint;
    recovered: bigint;
    dropped: bigint;
    expiresAt: Date;
    closedAt: Date | null;
  } | null;
  /** Its place in its event's order, of how many postings (null before the ordered fold). */
  position: { ordinal: number; of: number } | null;
  reverses: number | null;
  reversedBy: number[];
  taken: bigint;
  debt: bigint;
  debtRepaid: bigint;
};

type TRawPayout = {
  id: string;
  bonus_type: TPayout['bonusType'];
  currency: TPayout['currency'];
  created_at: string | Date;
  period: string | null;
  level: number | null;
  leg: TPayout['leg'];
  base: string;
  rate_bp: number;
  gross: string;
  credited: string;
  lost: string;
  cap_took: string;
  plan_version: string;
  source_bonus_type: TPayout['sourceBonusType'];
  source_payee_id: string | null;
  reversed_at: string | Date | null;
  reversed: string;
  purchase_id: string | null;
  purchase_at: string | Date | null;
  buyer_id: string | null;
  kind: TPurchaseKind | null;
  product_name: string | null;
  lp_amount: string | null;
  lp_recovered: string | null;
  lp_dropped: string | null;
  lp_expires_at: string | Date | null;
  lp_closed_at: string | Date | null;
  ordinal: number | null;
  of_count: string | null;
  reverses_payout_id: string | null;
  reversed_by: string[] | null;
  taken: string;
  debt: string;
  debt_repaid: string;
};

const date = (value: string | Date) => new Date(value);

/**
 * One payout, only when `payeeId` received it (a share that went to the company's account is
 * nobody's): the ownership check is in the statement, so another partner's id reads as none.
 */
export async function ownPayout(db: Db, payeeId: number, payoutId: number): Promise<TPayoutRecord | null> {
  const [row] = await queryRows<TRawPayout>(
    db,
    sql`select p.id::text as id, p.bonus_type, p.currency, p.created_at, p.period, p.level, p.leg,
               p.base::text as base, p.rate_bp, p.gross::text as gross, p.credited::text as credited,
               p.lost::text as lost, p.cap_took::text as cap_took, p.plan_version, p.source_bonus_type,
               p.source_payee_id::text as source_payee_id, p.reversed_at, p.reversed::text as reversed,
               pu.id::text as purchase_id, pu.created_at as purchase_at, pu.user_id::text as buyer_id,
               pu.kind, pr.name as product_name,
               lp.amount::text as lp_amount, lp.recovered::text as lp_recovered, lp.dropped::text as lp_dropped,
               lp.expires_at as lp_expires_at, lp.closed_at as lp_closed_at,
               p.ordinal, (select count(*) from payouts x where x.event_id = p.event_id)::text as of_count,
               p.reverses_payout_id::text as reverses_payout_id,
               array(select r.id::text from payouts r
                     where r.reverses_payout_id = p.id and r.payee_id = p.payee_id order by r.id) as reversed_by,
               p.taken::text as taken, p.debt::text as debt, p.debt_repaid::text as debt_repaid
        from payouts p
        left join purchases pu on pu.id = p.purchase_id
        left join products pr on pr.id = pu.product_id
        left join lost_profits lp on lp.payout_id = p.id
        where p.id = ${payoutId} and p.payee_id = ${payeeId} and not p.to_company`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    bonusType: row.bonus_type,
    currency: row.currency,
    createdAt: date(row.created_at),
    period: row.period,
    level: row.level === null ? null : Number(row.level),
    leg: row.leg,
    base: BigInt(row.base),
    rateBp: Number(row.rate_bp),
    gross: BigInt(row.gross),
    credited: BigInt(row.credited),
    lost: BigInt(row.lost),
    capTook: BigInt(row.cap_took),
    planVersion: row.plan_version,
    sourceBonusType: row.source_bonus_type,
    sourcePayeeId: row.source_payee_id === null ? null : Number(row.source_payee_id),
    reversedAt: row.reversed_at === null ? null : date(row.reversed_at),
    reversed: BigInt(row.reversed),
    purchase:
      row.purchase_id === null
        ? null
        : {
            id: Number(row.purchase_id),
            createdAt: date(row.purchase_at!),
            buyerId: Number(row.buyer_id),
            kind: row.kind!,
            productName: row.product_name!,
          },
    lostProfit:
      row.lp_amount === null
        ? null
        : {
            amount: BigInt(row.lp_amount),
            recovered: BigInt(row.lp_recovered!),
            dropped: BigInt(row.lp_dropped!),
            expiresAt: date(row.lp_expires_at!),
            closedAt: row.lp_closed_at === null ? null : date(row.lp_closed_at),
          },
    position: row.ordinal === null ? null : { ordinal: Number(row.ordinal), of: Number(row.of_count) },
    reverses: row.reverses_payout_id === null ? null : Number(row.reverses_payout_id),
    reversedBy: (row.reversed_by ?? []).map(Number),
    taken: BigInt(row.taken),
    debt: BigInt(row.debt),
    debtRepaid: BigInt(row.debt_repaid),
  };
}

export type TMemberRecord = { id: number; username: string | null; firstName: string; lastName: string };

/**
 * Those of `userIds` who are in `ancestorId`'s sponsor downline (ancestorId is on their mentor
 * chain), with their names: one recursive query up the chains. `union` (not `union all`) stops a
 * chain that an admin's mentor change could ever have made circular.
 */
export async function downlineMembers(
  db: Db,
  ancestorId: number,
  userIds: number[],
): Promise<TMemberRecord[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: string;
    username: string | null;
    first_name: string;
    last_name: string;
  }>(
    db,
    sql`with recursive up(start, id) as (
          select u.id, u.mentor_id from users u where u.id in (${ids}) and u.mentor_id is not null
          union
          select up.start, u.mentor_id from up join users u on u.id = up.id
          where up.id <> ${ancestorId} and u.mentor_id is not null
        )
        select u.id::text as id, u.username, u.first_name, u.last_name
        from users u where u.id in (select start from up where id = ${ancestorId})`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}

export type TLostProfitRecord = {
  id: number;
  payoutId: number;
  bonusType: TPayout['bonusType'];
  amount: bigint;
  recovered: bigint;
  createdAt: Date;
  expiresAt: Date;
};

/** The partner's pending lost profit at `now`: totals over all entries, the first `limit` by deadline. */
export async function pendingLostProfit(
  db: Db,
  userId: number,
  now: Date,
  limit: number,
): Promise<{ total: bigint; count: number; earliest: Date | null; entries: TLostProfitRecord[] }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [summary] = await queryRows<{ total: string | null; count: string; earliest: string | Date | null }>(
    db,
    sql`select sum(amount - recovered - dropped)::text as total, count(*)::text as count, min(expires_at) as earliest
        from lost_profits where user_id = ${userId} and closed_at is null and expires_at >= ${at}`,
  );
  const rows = await queryRows<{
    id: string;
    payout_id: string;
    bonus_type: TPayout['bonusType'];
    amount: string;
    recovered: string;
    created_at: string | Date;
    expires_at: string | Date;
  }>(
    db,
    sql`select lp.id::text as id, lp.payout_id::text as payout_id, p.bonus_type, lp.amount::text as amount,
               (lp.recovered + lp.dropped)::text as recovered, lp.created_at, lp.expires_at
        from lost_profits lp join payouts p on p.id = lp.payout_id
        where lp.user_id = ${userId} and lp.closed_at is null and lp.expires_at >= ${at}
        order by lp.expires_at, lp.id
        limit ${limit}`,
  );
  return {
    total: BigInt(summary?.total ?? '0'),
    count: Number(summary?.count ?? 0),
    earliest: summary?.earliest ? date(summary.earliest) : null,
    entries: rows.map((row) => ({
      id: Number(row.id),
      payoutId: Number(row.payout_id),
      bonusType: row.bonus_type,
      amount: BigInt(row.amount),
      recovered: BigInt(row.recovered),
      createdAt: date(row.created_at),
      expiresAt: date(row.expires_at),
    })),
  };
}

/** The partner's binary legs (none: null) and open cap window (none: null), in one query. */
export async function binaryBase(db: Db, userId: number) {
  const [row] = await queryRows<{
    left_unpaid: string | null;
    right_unpaid: string | null;
    paired_total: string | null;
    active: boolean | null;
    invited_buyers: number | null;
    cap: string | null;
    earned: string | null;
  }>(
    db,
    sql`select b.left_unpaid::text as left_unpaid, b.right_unpaid::text as right_unpaid,
               b.paired_total::text as paired_total, b.active, b.invited_buyers,
               w.cap::text as cap, w.earned::text as earned
        from users u
        left join binary_legs b on b.user_id = u.id
        left join cap_windows w on w.user_id = u.id and w.closed_at is null
        where u.id = ${userId}`,
  );
  return {
    legs:
      !row || row.left_unpaid === null
        ? null
        : {
            left: BigInt(row.left_unpaid),
            right: BigInt(row.right_unpaid!),
            pairedTotal: BigInt(row.paired_total!),
            active: Boolean(row.active),
            invitedBuyers: Number(row.invited_buyers ?? 0),
          },
    window: !row || row.cap === null ? null : { cap: BigInt(row.cap), earned: BigInt(row.earned!) },
  };
}

/** The partner's open debts, oldest first, each with the reversal that left it and the purchase refunded. */
export async function openDebts(db: Db, userId: number) {
  const rows = await queryRows<{
    id: string;
    amount: string;
    repaid: string;
    created_at: string | Date;
    payout_id: string;
    bonus_type: TPayout['bonusType'];
    purchase_id: string | null;
    product_name: string | null;
    kind: TPurchaseKind | null;
  }>(
    db,
    sql`select d.id::text as id, d.amount::text as amount, d.repaid::text as repaid, d.created_at,
               d.payout_id::text as payout_id, p.bonus_type, pu.id::text as purchase_id,
               pr.name as product_name, pu.kind
        from bonus_debts d
        join payouts p on p.id = d.payout_id
        left join purchases pu on pu.id = p.purchase_id
        left join products pr on pr.id = pu.product_id
        where d.user_id = ${userId} and d.repaid < d.amount
        order by d.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    amount: BigInt(row.amount),
    repaid: BigInt(row.repaid),
    createdAt: date(row.created_at),
    payoutId: Number(row.payout_id),
    bonusType: row.bonus_type,
    purchase:
      row.purchase_id === null
        ? null
        : { id: Number(row.purchase_id), productName: row.product_name!, kind: row.kind! },
  }));
}
