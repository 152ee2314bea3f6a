import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import type { TAccountRef } from './accounts';

/** The transfer of `reference`, inserted now or found from before. */
export async function insertTransfer(
  db: Db,
  transfer: {
    operationType: string;
    bonusType: string | null;
    reference: string;
    details: Record<string, unknown>;
  },
): Promise<{ id: number; created: boolean }> {
  const [created] = await db
    .insert(ledgerTransfers)
    .values(transfer)
    .onConflictDoNothing({ target: ledgerTransfers.reference })
    .returning({ id: ledgerTransfers.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, transfer.reference));
  return { id: existing!.id, created: false };
}

/**
 * The ids of several accounts in one statement, opening any not there yet in one more (and, when
 * another transaction opened some of them meanwhile, one more select). By the accounts' unique
 * index: user accounts by user, company accounts by currency and purpose.
 */
export async function accountIds(db: Db, accounts: TAccountRef[]): Promise<number[]> {
  const key = (account: { userId: number | null; currency: string; purpose: string }) =>
    `${account.userId ?? ''}/${account.currency}/${account.purpose}`;
  const ids = new Map((await accountIdsQuery(db, accounts)).map((row) => [key(row), row.id]));
  const missing = () => accounts.filter((account) => !ids.has(key(account)));
  if (missing().length > 0) {
    // In the order of their keys, so two transactions opening the same accounts do not cross.
    const opening = [...new Map(missing().map((account) => [key(account), account])).values()].sort((a, b) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0,
    );
    const opened = await db
      .insert(ledgerAccounts)
      .values(
        opening.map((account) => ({
          userId: account.userId,
          currency: account.currency,
          purpose: account.purpose,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: ledgerAccounts.id,
        userId: ledgerAccounts.userId,
        currency: ledgerAccounts.currency,
        purpose: ledgerAccounts.purpose,
      });
    for (const row of opened) ids.set(key(row), row.id);
    if (missing().length > 0)
      for (const row of await accountIdsQuery(db, missing())) ids.set(key(row), row.id);
  }
  return accounts.map((account) => ids.get(key(account))!);
}

/** The select of `accountIds` (its plan is tested: the unique index, whatever the statistics). */
export function accountIdsQuery(db: Db, accounts: TAccountRef[]) {
  const users = accounts.filter((account) => account.userId !== null);
  const company = accounts.filter((account) => account.userId === null);
  const conditions = [
    ...(users.length
      ? [
          sql`(${ledgerAccounts.userId}, ${ledgerAccounts.currency}, ${ledgerAccounts.purpose}) in (${sql.join(
            users.map((account) => sql`(${account.userId}::bigint, ${account.currency}, ${account.purpose})`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(company.length
      ? [
          sql`(${ledgerAccounts.userId} is null and (${ledgerAccounts.currency}, ${ledgerAccounts.purpose}) in (${sql.join(
            company.map((account) => sql`(${account.currency}, ${account.purpose})`),
            sql`, `,
          )}))`,
        ]
      : []),
  ];
  return db
    .select({
      id: ledgerAccounts.id,
      userId: ledgerAccounts.userId,
      currency: ledgerAccounts.currency,
      purpose: ledgerAccounts.purpose,
    })
    .from(ledgerAccounts)
    .where(sql.join(conditions, sql` or `));
}

/**
 * Moves several user accounts' balances by their deltas in one statement, all or none: the rows
 * are first locked in the order of their ids (`select ... order by id for update`, whose row locks
 * are taken in the sorted order, so two transfers touching the same accounts never wait on each
 * other crosswise; an `update ... from` alone locks in whatever order its join plan visits them),
 * then updated only when none would go below zero. Concurrent movements queue on the rows, and
 * each sees the balances the one before it left. Answers the first account (by id) that would go
 * negative, nothing changed, or null when all moved.
 */
export async function moveUserBalances(
  db: Db,
  moves: { id: number; amount: bigint }[],
): Promise<number | null> {
  if (moves.length === 0) return null;
  const values = sql.join(
    moves.map((move) => sql`(${move.id}::bigint, ${move.amount}::bigint)`),
    sql`, `,
  );
  const [row] = await queryRows<{ short: number | null; moved: number }>(
    db,
    sql`with v(id, amount) as (values ${values}),
        locked as (
          select a.id, a.balance from ledger_accounts a
           where a.id in (select id from v) order by a.id for update),
        short as (
          select l.id from locked l join v on v.id = l.id
           where l.balance + v.amount < 0 order by l.id limit 1),
        moved as (
          update ledger_accounts a set balance = a.balance + v.amount
            from v join locked l on l.id = v.id
           where a.id = v.id and not exists (select 1 from short)
          returning a.id)
        select (select id from short)::int as short, (select count(*) from moved)::int as moved`,
  );
  if (row!.short !== null) return row!.short;
  if (row!.moved !== moves.length) throw new Error(`Moved ${row!.moved} of ${moves.length} ledger balances`);
  return null;
}

/** The bonus groups of the header's lifetime totals (api.md): `ledger_bonus_totals.bonus_group`. */
export type TBonusGroup = 'matching' | 'vp' | 'other';

/**
 * A transfer's postings in one statement, and in the same statement the lifetime bonus counters
 * it adds to (`ledger_bonus_totals`, by user in order). The database checks at the end of the
 * statement that the inserted postings balance per transfer and currency (migration 0013).
 */
export async function insertPostings(
  db: Db,
  postings: { transferId: number; accountId: number; currency: string; amount: bigint }[],
  bonusTotals: { userId: number; group: TBonusGroup; amount: bigint }[] = [],
): Promise<void> {
  // Four array parameters whatever the number of postings (PGlite aborts on a VALUES list of a
  // few hundred rows of parameters).
  const array = (values: (number | bigint | string)[]) => `{${values.join(',')}}`;
  const insert = sql`insert into ledger_postings (transfer_id, account_id, currency, amount)
    select * from unnest(${array(postings.map((posting) => posting.transferId))}::bigint[],
                         ${array(postings.map((posting) => posting.accountId))}::bigint[],
                         ${array(postings.map((posting) => posting.currency))}::text[],
                         ${array(postings.map((posting) => posting.amount))}::bigint[])`;
  if (bonusTotals.length === 0) {
    await db.execute(insert);
    return;
  }
  const totals = sql.join(
    [...bonusTotals]
      .sort((a, b) => a.userId - b.userId || a.group.localeCompare(b.group))
      .map((total) => sql`(${total.userId}::bigint, ${total.group}, ${total.amount}::bigint)`),
    sql`, `,
  );
  await db.execute(
    sql`with posted as (${insert})
        insert into ledger_bonus_totals as b (user_id, bonus_group, amount) values ${totals}
        on conflict (user_id, bonus_group) do update set amount = b.amount + excluded.amount`,
  );
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
