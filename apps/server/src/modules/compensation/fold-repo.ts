import { sql } from 'drizzle-orm';
import type { TRankName } from '@portal/compensation';
import { type Db, idArray, queryRows } from '../../db/client';
import type { TCursor, TWindowRow } from './events';
import { LOCKS } from '../../db/locks';
import type { binaryLegs, payouts } from './schema';

type TPayout = typeof payouts.$inferSelect;

/**
 * The fold's reads and writes (modules/compensation/fold.ts): its tables are compensation_events,
 * compensation_fold, compensation_partners, binary_legs, cap_windows, payouts, lost_profits and
 * bonus_debts, and only the fold writes the last six. Reads are set-based over the batch's
 * partners; writes are one statement per table (multi-row, array parameters: PGlite refuses long
 * VALUES lists).
 */

export async function tryFoldLock(tx: Db): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${LOCKS.fold}) as locked`,
  );
  return Boolean(row?.locked);
}

/** A place in the binary tree: the parent and the side under it. */
export type TPlace = { parent: number | null; leg: 'left' | 'right' | null; root: boolean };

/** Every partner on the binary paths from the given users to the top, each once: one recursive query. */
export async function binaryPlaces(tx: Db, userIds: readonly number[]): Promise<Map<number, TPlace>> {
  const places = new Map<number, TPlace>();
  if (userIds.length === 0) return places;
  const rows = await queryRows<{ id: string; parent: string | null; position: string | null; root: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select unnest(${idArray(userIds)})
          union
          select u.binary_parent_id from up join users u on u.id = up.id where u.binary_parent_id is not null
        )
        select u.id::text as id, u.binary_parent_id::text as parent, u.binary_position as position,
               u.is_company_root as root
        from up join users u on u.id = up.id`,
  );
  for (const row of rows) {
    places.set(Number(row.id), {
      parent: row.parent === null ? null : Number(row.parent),
      leg: row.position === 'left' || row.position === 'right' ? row.position : null,
      root: Boolean(row.root),
    });
  }
  return places;
}

/**
 * The sponsor chains from the given users up to `levels`, as the fold must see them at `cursor`:
 * a partner whose mentor an operator moved after the cursor still has the mentor they had then
 * (the `from` of their first mentor event after it). Answers every partner met and their mentor.
 */
export async function mentorsUp(
  tx: Db,
  userIds: readonly number[],
  levels: number,
  cursor: TCursor,
): Promise<Map<number, number | null>> {
  const mentors = new Map<number, number | null>();
  if (userIds.length === 0) return mentors;
  const rows = await queryRows<{ id: string; mentor: string | null }>(
    tx,
    sql`with recursive moved as (
          select distinct on (user_id) user_id, (details->>'from')::bigint as mentor
          from compensation_events
          where kind = 'mentor' and (xid, id) > (${cursor.xid}::bigint, ${cursor.eventId}::bigint)
          order by user_id, xid, id
        ),
        chain(id, mentor, level) as (
          select u.id, case when m.user_id is null then u.mentor_id else m.mentor end, 0
          from users u left join moved m on m.user_id = u.id
          where u.id = any(${idArray(userIds)})
          union
          select u.id, case when m.user_id is null then u.mentor_id else m.mentor end, c.level + 1
          from chain c join users u on u.id = c.mentor left join moved m on m.user_id = u.id
          where c.level < ${levels}
        )
        select distinct id::text as id, mentor::text as mentor from chain`,
  );
  for (const row of rows) mentors.set(Number(row.id), row.mentor === null ? null : Number(row.mentor));
  return mentors;
}

/** A partner as the fold loads them: their legs, quick start and debt state, and their open window. */
export type TPartnerRow = {
  id: number;
  root: boolean;
  leftUnpaid: bigint;
  rightUnpaid: bigint;
  leftTotal: bigint;
  rightTotal: bigint;
  pairedTotal: bigint;
  invitedBuyers: number;
  active: boolean;
  counted: boolean;
  rank: TRankName | null;
  firstTariffAt: Date | null;
  qsInvitees: number;
  qsCounted: boolean;
  qsPaid: boolean;
  winterGiven: boolean;
  debt: bigint;
  window: TWindowRow | null;
};

export async function partnerRows(tx: Db, userIds: readonly number[]): Promise<TPartnerRow[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<
    Record<string, string | number | boolean | Date | null> & {
      rank: (typeof binaryLegs.$inferSelect)['rank'];
    }
  >(
    tx,
    sql`select u.id::text as id, u.is_company_root as root,
               coalesce(l.left_unpaid, 0)::text as left_unpaid, coalesce(l.right_unpaid, 0)::text as right_unpaid,
               coalesce(l.left_total, 0)::text as left_total, coalesce(l.right_total, 0)::text as right_total,
               coalesce(l.paired_total, 0)::text as paired_total, coalesce(l.invited_buyers, 0) as invited_buyers,
               coalesce(l.active, false) as active, coalesce(l.counted, false) as counted, l.rank,
               c.first_tariff_at, coalesce(c.qs_invitees, 0) as qs_invitees, coalesce(c.qs_counted, false) as qs_counted,
               coalesce(c.qs_paid, false) as qs_paid, coalesce(c.winter_given, false) as winter_given,
               coalesce(c.debt, 0)::text as debt,
               w.id::text as window_id, w.product_id::text as product_id, p.code, w.matching_depth,
               w.tariff_price::text as tariff_price, w.cap::text as cap, w.earned::text as earned, w.opened_at
        from users u
        left join binary_legs l on l.user_id = u.id
        left join compensation_partners c on c.user_id = u.id
        left join cap_windows w on w.user_id = u.id and w.closed_at is null
        left join products p on p.id = w.product_id
        where u.id = any(${idArray(userIds)})`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    root: Boolean(row.root),
    leftUnpaid: BigInt(row.left_unpaid as string),
    rightUnpaid: BigInt(row.right_unpaid as string),
    leftTotal: BigInt(row.left_total as string),
    rightTotal: BigInt(row.right_total as string),
    pairedTotal: BigInt(row.paired_total as string),
    invitedBuyers: Number(row.invited_buyers),
    active: Boolean(row.active),
    counted: Boolean(row.counted),
    rank: row.rank,
    firstTariffAt: row.first_tariff_at === null ? null : new Date(row.first_tariff_at as string),
    qsInvitees: Number(row.qs_invitees),
    qsCounted: Boolean(row.qs_counted),
    qsPaid: Boolean(row.qs_paid),
    winterGiven: Boolean(row.winter_given),
    debt: BigInt(row.debt as string),
    window:
      row.window_id === null
        ? null
        : {
            id: Number(row.window_id),
            productId: Number(row.product_id),
            code: String(row.code),
            depth: Number(row.matching_depth),
            price: BigInt(row.tariff_price as string),
            cap: BigInt(row.cap as string),
            earned: BigInt(row.earned as string),
            openedAt: new Date(row.opened_at as string),
          },
  }));
}

/** Partners holding `rank` (the leader pool's Diamonds). */
export async function holdersOf(tx: Db, rank: TRankName): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select user_id::text as id from binary_legs where rank = ${rank} order by user_id`,
  );
  return rows.map((row) => Number(row.id));
}

export type TLostRow = {
  id: number;
  userId: number;
  payoutId: number;
  eventId: number | null;
  ordinal: number | null;
  amount: bigint;
  recovered: bigint;
  dropped: bigint;
  createdAt: Date;
  expiresAt: Date;
};

type TRawLost = Record<'id' | 'user_id' | 'payout_id' | 'amount' | 'recovered' | 'dropped', string> & {
  event_id: string | null;
  ordinal: number | null;
  created_at: string | Date;
  expires_at: string | Date;
};

const LOST_COLUMNS = sql`lp.id::text as id, lp.user_id::text as user_id, lp.payout_id::text as payout_id,
  p.event_id::text as event_id, p.ordinal, lp.amount::text as amount, lp.recovered::text as recovered,
  lp.dropped::text as dropped, lp.created_at, lp.expires_at`;

const toLost = (row: TRawLost): TLostRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  payoutId: Number(row.payout_id),
  eventId: row.event_id === null ? null : Number(row.event_id),
  ordinal: row.ordinal,
  amount: BigInt(row.amount),
  recovered: BigInt(row.recovered),
  dropped: BigInt(row.dropped),
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
});

/** The partners' lost profit that may still be pending at `at` or later, oldest first. */
export async function pendingLost(tx: Db, userIds: readonly number[], at: Date): Promise<TLostRow[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<TRawLost>(
    tx,
    sql`select ${LOST_COLUMNS} from lost_profits lp join payouts p on p.id = lp.payout_id
        where lp.user_id = any(${idArray(userIds)}) and lp.closed_at is null and lp.expires_at >= ${at.toISOString()}::timestamptz
        order by lp.created_at, lp.id`,
  );
  return rows.map(toLost);
}

/** The lost profit the given payouts left. */
export async function lostOfPayouts(tx: Db, payoutIds: readonly number[]): Promise<TLostRow[]> {
  if (payoutIds.length === 0) return [];
  const rows = await queryRows<TRawLost>(
    tx,
    sql`select ${LOST_COLUMNS} from lost_profits lp join payouts p on p.id = lp.payout_id
        where lp.payout_id = any(${idArray(payoutIds)})`,
  );
  return rows.map(toLost);
}

export type TDebtRow = {
  id: number;
  userId: number;
  payoutId: number;
  eventId: number | null;
  ordinal: number | null;
  amount: bigint;
  repaid: bigint;
  createdAt: Date;
};

/** The partners' open debts, oldest first. */
export async function openDebts(tx: Db, userIds: readonly number[]): Promise<TDebtRow[]> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<Record<string, string | number | Date | null>>(
    tx,
    sql`select d.id::text as id, d.user_id::text as user_id, d.payout_id::text as payout_id,
               p.event_id::text as event_id, p.ordinal, d.amount::text as amount, d.repaid::text as repaid, d.created_at
        from bonus_debts d join payouts p on p.id = d.payout_id
        where d.user_id = any(${idArray(userIds)}) and d.repaid < d.amount
        order by d.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    payoutId: Number(row.payout_id),
    eventId: row.event_id === null ? null : Number(row.event_id),
    ordinal: row.ordinal === null ? null : Number(row.ordinal),
    amount: BigInt(row.amount as string),
    repaid: BigInt(row.repaid as string),
    createdAt: new Date(row.created_at as string),
  }));
}

/** A payout as a later reversal needs it. */
export type TPayoutRecordRow = {
  id: number;
  eventId: number | null;
  ordinal: number | null;
  payeeId: number;
  bonusType: string;
  currency: TPayout['currency'];
  gross: bigint;
  credited: bigint;
  lost: bigint;
  toCompany: boolean;
  windowId: number | null;
  sourcePayoutId: number | null;
  leg: TPayout['leg'];
  level: number | null;
  base: bigint;
  rateBp: number;
  reversed: bigint;
  reversedCredited: bigint;
};

/**
 * Payouts (credits, not reversals) of the given events, or the binary bonuses of the given
 * partners not wholly reversed, and in both cases the matching each of them gave.
 */
export async function payoutRecords(
  tx: Db,
  of: { events?: readonly number[]; binaryOf?: readonly number[] },
): Promise<TPayoutRecordRow[]> {
  const events = of.events ?? [];
  const binaryOf = of.binaryOf ?? [];
  if (events.length === 0 && binaryOf.length === 0) return [];
  const rows = await queryRows<
    Record<string, string | number | boolean | null> & Pick<TPayout, 'currency' | 'leg'>
  >(
    tx,
    sql`with base as (
          select * from payouts where reverses_payout_id is null and (
            event_id = any(${idArray(events)})
            or (payee_id = any(${idArray(binaryOf)}) and bonus_type = 'binary' and reversed < gross))
        )
        select * from base
        union
        select m.* from payouts m join base b on m.source_payout_id = b.id where m.reverses_payout_id is null`,
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      eventId: row.event_id === null ? null : Number(row.event_id),
      ordinal: row.ordinal === null ? null : Number(row.ordinal),
      payeeId: Number(row.payee_id),
      bonusType: String(row.bonus_type),
      currency: row.currency,
      gross: BigInt(row.gross as string),
      credited: BigInt(row.credited as string),
      lost: BigInt(row.lost as string),
      toCompany: Boolean(row.to_company),
      windowId: row.window_id === null ? null : Number(row.window_id),
      sourcePayoutId: row.source_payout_id === null ? null : Number(row.source_payout_id),
      leg: row.leg,
      level: row.level === null ? null : Number(row.level),
      base: BigInt(row.base as string),
      rateBp: Number(row.rate_bp),
      reversed: BigInt(row.reversed as string),
      reversedCredited: BigInt(row.reversed_credited as string),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Locks the users' spendable accounts of USDT and DXN in the ledger's order (user, currency,
 * purpose: ledger/service.ts) and answers their balances (0
 * when they have none): what a refund's reversals can take back.
 */
export async function lockSpendable(tx: Db, userIds: readonly number[]): Promise<Map<string, bigint>> {
  const held = new Map<string, bigint>();
  if (userIds.length === 0) return held;
  const rows = await queryRows<{ user_id: string; currency: string; balance: string }>(
    tx,
    sql`select user_id::text as user_id, currency, balance::text as balance from ledger_accounts
        where user_id = any(${idArray(userIds)}) and purpose = 'main' and currency in ('USDT', 'DXN')
        order by ledger_accounts.user_id, currency, purpose for update`,
  );
  for (const row of rows) held.set(`${row.user_id}:${row.currency}`, BigInt(row.balance));
  return held;
}

// ---- writes --------------------------------------------------------------------------------------

type TSequenced = 'payouts' | 'cap_windows' | 'bonus_debts' | 'ledger_transfers';

/** The sequence a table's ids come from: a payout's is the statement lines' (migration 0030). */
const idSequence = (table: TSequenced) =>
  table === 'payouts'
    ? sql`'wallet_operations_id_seq'::regclass`
    : sql`pg_get_serial_sequence(${table}, 'id')::regclass`;

/**
 * `n` ids of a table's sequence, in one statement and one row: the sequence is looked up
 * once (named per row, the catalog look-up was four fifths of the statement: 260 ms for a batch's
 * 76,000 payouts, 40 ms now).
 */
export async function nextIds(tx: Db, table: TSequenced, n: number): Promise<number[]> {
  if (n === 0) return [];
  const [row] = await queryRows<{ ids: string }>(
    tx,
    sql`with s as materialized (select ${idSequence(table)} as seq)
        select string_agg(nextval(s.seq)::text, ',') as ids from s, generate_series(1, ${n}::int)`,
  );
  return row!.ids.split(',').map(Number);
}
