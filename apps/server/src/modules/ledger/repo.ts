import { eq, inArray, SQL, sql } from 'drizzle-orm';
import { arrayLiteral, type Db, partName, queryNamed, queryRows, type TPart } from '../../db/client';
import { ledgerAccounts, type ledgerBonusTotals, ledgerTransfers } from './schema';

/** The bonus groups of the header's lifetime totals (api.md): `ledger_bonus_totals.bonus_group`. */
export type TBonusGroup = (typeof ledgerBonusTotals.$inferSelect)['bonusGroup'];

export type TTransferRow = {
  /** Taken from the transfers' sequence before; by default the next of it. */
  id?: number;
  operationType: string;
  bonusType: string | null;
  reference: string;
  details: Record<string, unknown>;
  /** In the order their rows are locked: by user, currency and purpose. */
  userLegs: { userId: number; currency: string; purpose: string; amount: bigint }[];
  companyLegs: { currency: string; purpose: string; amount: bigint }[];
  /**
   * What a bonus transfer adds to its users' lifetime USDT totals, in user order, one per user: by
   * the header's group (`ledger_bonus_totals`) and, when the transfer has a bonus type, by that type
   * (`ledger_bonus_type_totals`).
   */
  bonusTotals: { userId: number; group: TBonusGroup; amount: bigint }[];
};

/** A list of values as one array parameter (the statement's text stays the same whatever the count). */
const array = (values: readonly (number | bigint | string)[], type: 'bigint' | 'text'): SQL =>
  sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;

/**
 * A whole transfer in one statement: the user accounts it moves are locked in the order given
 * (`select ... for update`, whose locks are taken in the sorted order, so two transfers touching
 * the same accounts never wait on each other crosswise), and when none would go below zero (an
 * account not there yet holds zero) the transfer row is inserted; only then, in the same statement,
 * the balances move, the accounts not there yet are opened (an upsert: one opened meanwhile by
 * another transaction is moved instead), the company accounts are found (opened when missing, an
 * upsert too; they keep no balance: migration 0028 opens them all), the postings and the lifetime
 * bonus counters (by group and by bonus type) are written. The database checks
 * at the end of the statement that the postings balance per currency (migration 0013).
 *
 * Answers the transfer's id, or null when its reference was posted before; `short`, the index in
 * `userLegs` of the first account that would go below zero (nothing written then).
 */
export async function insertTransfer(
  db: Db,
  transfer: TTransferRow,
): Promise<{ id: number | null; short: number | null }> {
  const [row] = await queryNamed<{ id: string | null; short: number | null }>(
    db,
    transfer.id === undefined ? 'ledger_transfer' : 'ledger_transfer_with_id',
    transferStatement(transfer),
  );
  return {
    id: row!.id === null ? null : Number(row!.id),
    short: row!.short === null ? null : row!.short - 1,
  };
}

/** The statement of `insertTransfer` (its plan is tested: index lookups only, whatever the statistics). */
export function transferStatement(transfer: TTransferRow): SQL {
  const { userLegs: users, companyLegs: company, bonusTotals: totals } = transfer;
  return sql`with ul as (
          select * from unnest(${array(
            users.map((leg) => leg.userId),
            'bigint',
          )}, ${array(
            users.map((leg) => leg.currency),
            'text',
          )},
                               ${array(
                                 users.map((leg) => leg.purpose),
                                 'text',
                               )}, ${array(
                                 users.map((leg) => leg.amount),
                                 'bigint',
                               )})
                 with ordinality as l(user_id, currency, purpose, amount, n)),
        locked as (
          select a.id, a.balance, l.n from ul l
            join ledger_accounts a on a.user_id = l.user_id and a.currency = l.currency and a.purpose = l.purpose
           order by l.n for update of a),
        short as (
          select l.n from ul l left join locked k on k.n = l.n
           where coalesce(k.balance, 0) + l.amount < 0 order by l.n limit 1),
        t as (
          insert into ledger_transfers (${transfer.id === undefined ? sql`` : sql`id, `}operation_type, bonus_type, reference, details)
          ${transfer.id === undefined ? sql`` : sql`overriding system value`}
          select ${transfer.id === undefined ? sql`` : sql`${transfer.id}::bigint, `}${transfer.operationType}::text, ${transfer.bonusType}::text, ${transfer.reference}::text,
                 ${JSON.stringify(transfer.details)}::jsonb
           where not exists (select 1 from short)
          on conflict (reference) do nothing
          returning id),
        moved as (
          update ledger_accounts a set balance = a.balance + l.amount
            from locked k join ul l on l.n = k.n
           where a.id = k.id and exists (select 1 from t)
          returning a.id, l.n),
        opened as (
          insert into ledger_accounts as a (user_id, currency, purpose, balance)
          select l.user_id, l.currency, l.purpose, l.amount from ul l
           where exists (select 1 from t) and not exists (select 1 from locked k where k.n = l.n)
           order by l.n
          on conflict (user_id, currency, purpose) do update set balance = a.balance + excluded.balance
          returning a.id, a.user_id, a.currency, a.purpose),
        cl as (
          select * from unnest(${array(
            company.map((leg) => leg.currency),
            'text',
          )}, ${array(
            company.map((leg) => leg.purpose),
            'text',
          )},
                               ${array(
                                 company.map((leg) => leg.amount),
                                 'bigint',
                               )}) as l(currency, purpose, amount)),
        found as (
          select a.id, l.currency, l.purpose, l.amount from cl l
            join ledger_accounts a on a.user_id is null and a.currency = l.currency and a.purpose = l.purpose),
        founded as (
          insert into ledger_accounts (user_id, currency, purpose)
          select null, l.currency, l.purpose from cl l
           where exists (select 1 from t) and not exists (select 1 from found f where f.currency = l.currency and f.purpose = l.purpose)
          on conflict (user_id, currency, purpose) do update set purpose = excluded.purpose
          returning id, currency, purpose),
        posted as (
          insert into ledger_postings (transfer_id, account_id, currency, amount)
          select t.id, m.id, l.currency, l.amount from t, moved m join ul l on l.n = m.n
          union all
          select t.id, o.id, o.currency, l.amount
            from t, opened o join ul l on l.user_id = o.user_id and l.currency = o.currency and l.purpose = o.purpose
          union all
          select t.id, f.id, f.currency, f.amount from t, found f
          union all
          select t.id, o.id, o.currency, l.amount from t, founded o join cl l on l.currency = o.currency and l.purpose = o.purpose
          returning 1),
        bt as (
          select * from unnest(${array(
            totals.map((total) => total.userId),
            'bigint',
          )}, ${array(
            totals.map((total) => total.group),
            'text',
          )}, ${array(
            totals.map((total) => total.amount),
            'bigint',
          )}) as l(user_id, bonus_group, amount)),
        totals as (
          insert into ledger_bonus_totals as b (user_id, bonus_group, amount)
          select l.user_id, l.bonus_group, l.amount from bt l
           where exists (select 1 from t)
          on conflict (user_id, bonus_group) do update set amount = b.amount + excluded.amount
          returning 1),
        type_totals as (
          insert into ledger_bonus_type_totals as b (user_id, bonus_type, amount)
          select l.user_id, ${transfer.bonusType}::text, l.amount from bt l
           where exists (select 1 from t) and ${transfer.bonusType}::text is not null
          on conflict (user_id, bonus_type) do update set amount = b.amount + excluded.amount
          returning 1)
        select (select id from t)::text as id, (select n from short)::int as short`;
}

/** A payment from one user account to one company account (`debitParts`). */
export type TDebitRow = {
  operationType: string;
  reference: string;
  details: Record<string, unknown>;
  userId: number;
  currency: string;
  purpose: string;
  /** Taken from the user's account, given to the company's: above zero. */
  amount: bigint;
  companyPurpose: string;
};

/** The transfer's id inside a statement that holds `debitParts`; null when the account was short. */
export const DEBIT_TRANSFER_ID = sql`(select id from ledger_transfer)`;

/**
 * A payment as the `with` parts of another statement (a purchase's): the user's balance goes down
 * by the amount only when it holds it (an update of that one row, which locks it), and only then
 * the transfer row and its two postings are written (the company account, opened by the
 * migrations, keeps no balance: see `transferStatement`). A third of the general statement's work
 * for the one movement every purchase makes (docs/performance.md "Purchases"). `DEBIT_TRANSFER_ID`
 * is then the transfer's id, or null when the account was short: nothing of the payment was
 * written, and the statement's other parts must be thrown away with the transaction. A reference
 * posted before is a unique violation (a payment names what it pays for: it is never replayed).
 */
export function debitParts(debit: TDebitRow): TPart[] {
  return [
    {
      name: 'ledger_debit',
      statement: sql`update ledger_accounts set balance = balance - ${debit.amount}::bigint
           where user_id = ${debit.userId}::bigint and currency = ${debit.currency}::text
             and purpose = ${debit.purpose}::text and balance >= ${debit.amount}::bigint
          returning id`,
    },
    {
      name: 'ledger_transfer',
      statement: sql`insert into ledger_transfers (operation_type, reference, details)
          select ${debit.operationType}::text, ${debit.reference}::text, ${JSON.stringify(debit.details)}::jsonb
           where exists (select 1 from ledger_debit)
          returning id`,
    },
    {
      name: 'ledger_posted',
      statement: sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
          select t.id, d.id, ${debit.currency}::text, -${debit.amount}::bigint from ledger_transfer t, ledger_debit d
          union all
          select t.id, a.id, a.currency, ${debit.amount}::bigint from ledger_transfer t, ledger_accounts a
           where a.user_id is null and a.currency = ${debit.currency}::text and a.purpose = ${debit.companyPurpose}::text`,
    },
  ];
}

/** A credit from one company account to one user account (`creditParts`). */
export type TCreditRow = {
  /** The parts' names start with it. */
  name: string;
  operationType: string;
  bonusType: string | null;
  reference: string | SQL;
  details: Record<string, unknown> | SQL;
  userId: number;
  currency: string;
  purpose: string;
  /** Given to the user's account, taken from the company's: above zero. */
  amount: bigint;
  companyPurpose: string;
};

/**
 * A credit as named `with` parts of another statement (a token pack's locked DXN, in its
 * purchase's): the user's account goes up by the amount (opened when it is not there yet: an
 * upsert, which locks the row), then the transfer row and its two postings. A credit is never
 * short; a reference posted before is a unique violation, as for `debitParts`. It adds to no
 * lifetime bonus counter: those count USDT, and a credit with a bonus type here is not in USDT
 * (`ledger/service.ts` refuses one).
 */
export function creditParts(credit: TCreditRow): TPart[] {
  const account = `${partName(credit.name)}_account`;
  const transfer = `${credit.name}_transfer`;
  const details =
    credit.details instanceof SQL ? credit.details : sql`${JSON.stringify(credit.details)}::jsonb`;
  return [
    {
      name: account,
      statement: sql`insert into ledger_accounts as a (user_id, currency, purpose, balance)
          values (${credit.userId}::bigint, ${credit.currency}::text, ${credit.purpose}::text, ${credit.amount}::bigint)
          on conflict (user_id, currency, purpose) do update set balance = a.balance + excluded.balance
          returning a.id`,
    },
    {
      name: transfer,
      statement: sql`insert into ledger_transfers (operation_type, bonus_type, reference, details)
          values (${credit.operationType}::text, ${credit.bonusType}::text, ${credit.reference}, ${details})
          returning id`,
    },
    {
      name: `${credit.name}_posted`,
      statement: sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
          select t.id, a.id, ${credit.currency}::text, ${credit.amount}::bigint
            from ${sql.raw(transfer)} t, ${sql.raw(account)} a
          union all
          select t.id, c.id, c.currency, -${credit.amount}::bigint from ${sql.raw(transfer)} t, ledger_accounts c
           where c.user_id is null and c.currency = ${credit.currency}::text and c.purpose = ${credit.companyPurpose}::text`,
    },
  ];
}

/** The id of the transfer of `reference`, if it was posted. */
export async function transferIdOf(db: Db, reference: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, reference));
  return row?.id;
}

export async function accountBalances(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
}

// ---- health -------------------------------------------------------------------------------------------

export async function postingSumsByCurrency(db: Db) {
  return queryRows<{ currency: string; total: string }>(
    db,
    sql`select currency, coalesce(sum(amount), 0)::text as total from ledger_postings group by currency order by currency`,
  );
}

export async function unbalancedTransferCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from (
          select transfer_id from ledger_postings group by transfer_id, currency having sum(amount) <> 0
        ) unbalanced`,
  );
  return Number(row!.n);
}

/** User accounts whose kept balance differs from the sum of their postings. */
export async function mismatchedAccounts(db: Db) {
  return queryRows<{ account_id: number; cached: string; postings: string }>(
    db,
    sql`select a.id::int as account_id, a.balance::text as cached, coalesce(p.total, 0)::text as postings
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p on p.account_id = a.id
        where a.user_id is not null and a.balance <> coalesce(p.total, 0)
        order by a.id limit 100`,
  );
}

export async function negativeUserAccountCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_accounts where user_id is not null and balance < 0`,
  );
  return Number(row!.n);
}
