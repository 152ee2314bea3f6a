import { REPORT_TOP } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

// The back office's reports (a read model: it reads the tables of several modules, writes none).
// Every range is [from, to) in instants; a period is named by its first day, in UTC.

export type TRange = { from: Date; to: Date };
export type TGroup = 'day' | 'week' | 'month';

const periodOf = (group: TGroup, column: SQL) =>
  sql`to_char(date_trunc(${group}, ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
const within = (column: SQL, range: TRange) =>
  sql`${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz`;
/** An instant as ISO 8601 text in UTC, as the JSON answers and the CSV write it (either driver). */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A partner's name as the reports show it. */
const nameOf = sql`trim(u.first_name || ' ' || u.last_name)`;

export function salesRows(db: Db, range: TRange, group: TGroup) {
  return queryRows<{
    period: string;
    product_id: string;
    product: string;
    kind: string;
    purchases: string;
    units: string;
    amount: string;
    bv: string;
    refunded: string;
  }>(
    db,
    sql`select ${periodOf(group, sql`p.created_at`)} as period, p.product_id::text, pr.name as product, p.kind,
               count(*) filter (where p.status = 'completed')::text as purchases,
               coalesce(sum(p.units) filter (where p.status = 'completed'), 0)::text as units,
               coalesce(sum(p.net_price) filter (where p.status = 'completed'), 0)::text as amount,
               coalesce(sum(p.bv) filter (where p.status = 'completed'), 0)::text as bv,
               count(*) filter (where p.status = 'refunded')::text as refunded
          from purchases p join products pr on pr.id = p.product_id
         where ${within(sql`p.created_at`, range)}
         group by 1, p.product_id, pr.name, p.kind
         order by 1, p.kind, pr.name, p.product_id`,
  );
}

/** Bonuses paid to partners (not the company root's shares), by type and currency. */
export function bonusRows(db: Db, range: TRange) {
  return queryRows<{
    bonus_type: string;
    currency: string;
    payouts: string;
    gross: string;
    credited: string;
    lost: string;
    reversed: string;
  }>(
    db,
    sql`select bonus_type, currency,
               count(*) filter (where reverses_payout_id is null)::text as payouts,
               coalesce(sum(gross) filter (where reverses_payout_id is null), 0)::text as gross,
               coalesce(sum(credited) filter (where reverses_payout_id is null), 0)::text as credited,
               coalesce(sum(lost) filter (where reverses_payout_id is null), 0)::text as lost,
               coalesce(-sum(credited) filter (where reverses_payout_id is not null), 0)::text as reversed
          from payouts
         where not to_company and ${within(sql`created_at`, range)}
         group by bonus_type, currency
         order by bonus_type, currency`,
  );
}

export function payoutRows(db: Db, range: TRange, group: TGroup) {
  return queryRows<{
    period: string;
    currency: string;
    status: string;
    count: string;
    amount: string;
    fee: string;
  }>(
    db,
    sql`select ${periodOf(group, sql`created_at`)} as period, currency, status, count(*)::text as count,
               sum(amount)::text as amount, sum(fee)::text as fee
          from withdrawals
         where ${within(sql`created_at`, range)}
         group by 1, currency, status
         order by 1, currency, status`,
  );
}

type TPartnerCells = { user_id: string; email: string; name: string };

/** The debts reversals left in the range, per partner, those who owe the most first. */
export async function debtRows(db: Db, range: TRange) {
  const inRange = within(sql`d.created_at`, range);
  const [rows, [total]] = await Promise.all([
    queryRows<TPartnerCells & { debts: string; amount: string; repaid: string; open: string; since: string }>(
      db,
      sql`select d.user_id::text, u.email, ${nameOf} as name, d.debts, d.amount, d.repaid, d.open, ${isoOf(sql`d.since`)} as since
            from (select user_id, count(*)::text as debts, sum(amount)::text as amount, sum(repaid)::text as repaid,
                         sum(amount - repaid) as open, min(created_at) as since
                    from bonus_debts d where ${inRange} group by user_id
                   order by open desc, user_id limit ${REPORT_TOP}) d
            join users u on u.id = d.user_id
           order by d.open desc, d.user_id`,
    ),
    queryRows<{ partners: string; amount: string; repaid: string; open: string }>(
      db,
      sql`select count(distinct user_id)::text as partners, coalesce(sum(amount), 0)::text as amount,
                 coalesce(sum(repaid), 0)::text as repaid, coalesce(sum(amount - repaid), 0)::text as open
            from bonus_debts d where ${inRange}`,
    ),
  ]);
  return { rows, total: total! };
}

/** The partners credited the most USDT of bonuses in the range (net of reversals). */
export function topEarnerRows(db: Db, range: TRange) {
  return queryRows<TPartnerCells & { payouts: string; credited: string; lost: string }>(
    db,
    sql`select e.payee_id::text as user_id, u.email, ${nameOf} as name, e.payouts, e.credited::text, e.lost
          from (select payee_id, count(*) filter (where reverses_payout_id is null)::text as payouts,
                       sum(credited) as credited, sum(lost)::text as lost
                  from payouts
                 where currency = 'USDT' and not to_company and ${within(sql`created_at`, range)}
                 group by payee_id
                 order by credited desc, payee_id limit ${REPORT_TOP}) e
          join users u on u.id = e.payee_id
         order by e.credited desc, e.payee_id`,
  );
}

/** Ranks reached in the range: each rank's one-time bonus, credited or lost, marks the day. */
const RANK_REACHED = sql`bonus_type = 'qualification' and reverses_payout_id is null and period like 'rank:%'`;

export async function rankRows(db: Db, range: TRange) {
  const inRange = within(sql`p.created_at`, range);
  const [byRank, rows] = await Promise.all([
    queryRows<{ rank: string; count: string }>(
      db,
      sql`select substr(period, 6) as rank, count(*)::text as count
            from payouts p where ${RANK_REACHED} and ${inRange}
           group by 1`,
    ),
    queryRows<TPartnerCells & { rank: string; reached_at: string; credited: string }>(
      db,
      sql`select p.payee_id::text as user_id, u.email, ${nameOf} as name, substr(p.period, 6) as rank,
                 ${isoOf(sql`p.created_at`)} as reached_at, p.credited::text
            from payouts p join users u on u.id = p.payee_id
           where ${RANK_REACHED} and ${inRange}
           order by p.created_at desc, p.id desc limit ${REPORT_TOP}`,
    ),
  ]);
  return { byRank, rows };
}

/** Accounts opened in the range, and how many of them hold a tariff by now. */
export function newPartnerRows(db: Db, range: TRange, group: TGroup) {
  return queryRows<{ period: string; signed_up: string; with_tariff: string }>(
    db,
    sql`select ${periodOf(group, sql`u.date_joined`)} as period, count(*)::text as signed_up,
               count(c.first_tariff_at)::text as with_tariff
          from users u left join compensation_partners c on c.user_id = u.id
         where ${within(sql`u.date_joined`, range)}
         group by 1 order by 1`,
  );
}

// ---- the rows behind each report, for its CSV: a keyset walk by id, `limit` at a time ----

export type TCsvStep = { range: TRange; after: number; limit: number };
/** A row behind a report: every value text (amounts in minor units, instants in ISO 8601), a count, or null. */
export type TCsvRow = Record<string, string | number | null> & { id: string };

export function salesCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select p.id::text, ${isoOf(sql`p.created_at`)} as created_at, p.user_id::text, u.email, pr.name as product, p.kind, p.units,
               p.list_price::text, p.discount::text, p.net_price::text, p.currency, p.paid::text, p.bv::text,
               p.promocode, p.status
          from purchases p join products pr on pr.id = p.product_id join users u on u.id = p.user_id
         where ${within(sql`p.created_at`, range)} and p.id > ${after}
         order by p.id limit ${limit}`,
  );
}

export function bonusCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select p.id::text, ${isoOf(sql`p.created_at`)} as created_at, p.payee_id::text as user_id, u.email, p.bonus_type, p.currency,
               p.gross::text, p.credited::text, p.lost::text, p.level, p.leg, p.purchase_id::text, p.period,
               p.reverses_payout_id::text
          from payouts p join users u on u.id = p.payee_id
         where not p.to_company and ${within(sql`p.created_at`, range)} and p.id > ${after}
         order by p.id limit ${limit}`,
  );
}

export function payoutCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select w.id::text, ${isoOf(sql`w.created_at`)} as created_at, w.user_id::text, u.email, w.currency, w.network, w.address,
               w.amount::text, w.fee::text, w.status, w.tx_hash, ${isoOf(sql`w.decided_at`)} as decided_at,
               ${isoOf(sql`w.sent_at`)} as sent_at
          from withdrawals w join users u on u.id = w.user_id
         where ${within(sql`w.created_at`, range)} and w.id > ${after}
         order by w.id limit ${limit}`,
  );
}

export function debtCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select d.id::text, ${isoOf(sql`d.created_at`)} as created_at, d.user_id::text, u.email, d.amount::text, d.repaid::text,
               (d.amount - d.repaid)::text as open, d.payout_id::text, r.bonus_type, r.purchase_id::text
          from bonus_debts d join users u on u.id = d.user_id join payouts r on r.id = d.payout_id
         where ${within(sql`d.created_at`, range)} and d.id > ${after}
         order by d.id limit ${limit}`,
  );
}

/** Every earner of the range with their totals, by partner id (the keyset walks the payees). */
export function earnerCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select e.payee_id::text as id, u.email, ${nameOf} as name, e.payouts, e.credited, e.lost
          from (select payee_id, count(*) filter (where reverses_payout_id is null)::text as payouts,
                       sum(credited)::text as credited, sum(lost)::text as lost
                  from payouts
                 where currency = 'USDT' and not to_company and ${within(sql`created_at`, range)}
                       and payee_id > ${after}
                 group by payee_id order by payee_id limit ${limit}) e
          join users u on u.id = e.payee_id
         order by e.payee_id`,
  );
}

export function rankCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select p.id::text, ${isoOf(sql`p.created_at`)} as created_at, p.payee_id::text as user_id, u.email, ${nameOf} as name,
               substr(p.period, 6) as rank, p.gross::text, p.credited::text
          from payouts p join users u on u.id = p.payee_id
         where ${RANK_REACHED} and ${within(sql`p.created_at`, range)} and p.id > ${after}
         order by p.id limit ${limit}`,
  );
}

export function newPartnerCsvRows(db: Db, { range, after, limit }: TCsvStep) {
  return queryRows<TCsvRow>(
    db,
    sql`select u.id::text, ${isoOf(sql`u.date_joined`)} as date_joined, u.email, u.username, u.first_name, u.last_name, u.mentor_id::text,
               u.country, ${isoOf(sql`c.first_tariff_at`)} as first_tariff_at
          from users u left join compensation_partners c on c.user_id = u.id
         where ${within(sql`u.date_joined`, range)} and u.id > ${after}
         order by u.id limit ${limit}`,
  );
}
