import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../db/schema';
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
 * The ids of several accounts in one statement, opening any not there yet (the rare first use
 * goes one account at a time). By the accounts' unique index: user accounts by user, company
 * accounts by currency and purpose.
 */
export async function accountIds(db: Db, accounts: TAccountRef[]): Promise<number[]> {
  const key = (account: { userId: number | null; currency: string; purpose: string }) =>
    `${account.userId ?? ''}/${account.currency}/${account.purpose}`;
  const found = await accountIdsQuery(db, accounts);
  const ids = new Map(found.map((row) => [key(row), row.id]));
  const result: number[] = [];
  for (const account of accounts) result.push(ids.get(key(account)) ?? (await accountId(db, account)));
  return result;
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

/** The account's id, opening it on first use. */
export async function accountId(db: Db, account: TAccountRef): Promise<number> {
  const [opened] = await db
    .insert(ledgerAccounts)
    .values({ userId: account.userId, currency: account.currency, purpose: account.purpose })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (opened) return opened.id;
  const [existing] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        account.userId === null
          ? sql`${ledgerAccounts.userId} is null`
          : eq(ledgerAccounts.userId, account.userId),
        eq(ledgerAccounts.currency, account.currency),
        eq(ledgerAccounts.purpose, account.purpose),
      ),
    );
  return existing!.id;
}

/**
 * Moves a user account's balance by `delta` in the one statement that also checks it stays at
 * zero or above: concurrent movements queue on the row, and each sees the balance the one before
 * it left. False when the balance would go negative (nothing changed).
 */
export async function moveUserBalance(db: Db, id: number, delta: bigint): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ledger_accounts set balance = balance + ${delta}
        where id = ${id} and balance + ${delta} >= 0 returning id::text`,
  );
  return rows.length === 1;
}

export async function insertPostings(
  db: Db,
  postings: { transferId: number; accountId: number; currency: string; amount: bigint }[],
): Promise<void> {
  await db.insert(ledgerPostings).values(postings);
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
