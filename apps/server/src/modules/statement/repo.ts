import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { type Db, insertColumns, type TCell } from '../../db/client';
import { walletOperations } from '../../db/schema';

export type TOperationRow = typeof walletOperations.$inferSelect;
export type TNewOperation = typeof walletOperations.$inferInsert;

/** Writes an operation once per reference; a second write of the same reference changes nothing. */
export async function insertOperation(db: Db, operation: TNewOperation): Promise<void> {
  await db
    .insert(walletOperations)
    .values(operation)
    .onConflictDoNothing({ target: walletOperations.reference });
}

/**
 * Writes many operations in one statement, each once per reference, whatever their number (one
 * array parameter per column: a bonus batch writes tens of thousands of lines).
 */
export async function insertOperations(db: Db, rows: TNewOperation[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (name: string, type: string, pick: (row: TNewOperation) => TCell | undefined) => ({
    name,
    type,
    values: rows.map((row) => pick(row) ?? null),
  });
  await db.execute(
    insertColumns(
      'wallet_operations',
      [
        column('user_id', 'bigint', (row) => row.userId),
        column('operation_type', 'text', (row) => row.operationType),
        column('bonus_type', 'text', (row) => row.bonusType),
        column('currency', 'text', (row) => row.currency),
        column('amount', 'bigint', (row) => row.amount),
        column('status', 'text', (row) => row.status),
        column('confirmations', 'int', (row) => row.confirmations),
        column('hash', 'text', (row) => row.hash),
        column('details', 'jsonb', (row) => JSON.stringify(row.details ?? {})),
        column('reference', 'text', (row) => row.reference),
      ],
      { tail: sql`on conflict (reference) do nothing` },
    ),
  );
}

/** The insert of `insertOperation` for one line, as a statement to run inside another (a purchase's). */
export function operationInsert(db: Db, operation: PgInsertValue<typeof walletOperations>): SQL {
  return db
    .insert(walletOperations)
    .values(operation)
    .onConflictDoNothing({ target: walletOperations.reference })
    .getSQL();
}

/** Changes an operation's line; with `whileStatus`, only while it still has that status. */
export async function updateOperation(
  db: Db,
  reference: string,
  patch: Partial<Pick<TNewOperation, 'status' | 'confirmations' | 'hash' | 'details' | 'amount'>>,
  whileStatus?: string,
): Promise<void> {
  await db
    .update(walletOperations)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(walletOperations.reference, reference),
        whileStatus ? eq(walletOperations.status, whileStatus) : undefined,
      ),
    );
}

export type TFilter = {
  userId: number;
  operationType?: string;
  bonusType?: string;
  currency?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
};

export const ORDER = {
  date: [asc(walletOperations.createdAt), asc(walletOperations.id)],
  '-date': [desc(walletOperations.createdAt), desc(walletOperations.id)],
  // Amounts of different currencies do not compare: amount orders within each currency,
  // currencies in name order, and `-amount` is its exact reverse (docs/decisions.md).
  amount: [asc(walletOperations.currency), asc(walletOperations.amount), asc(walletOperations.id)],
  '-amount': [desc(walletOperations.currency), desc(walletOperations.amount), desc(walletOperations.id)],
} as const;

/** Where a partner's page reads from; exported for the plan test. */
export function operationsWhere(filter: TFilter): SQL | undefined {
  return and(
    eq(walletOperations.userId, filter.userId),
    filter.operationType ? eq(walletOperations.operationType, filter.operationType) : undefined,
    filter.bonusType ? eq(walletOperations.bonusType, filter.bonusType) : undefined,
    filter.currency ? eq(walletOperations.currency, filter.currency) : undefined,
    filter.from ? gte(walletOperations.createdAt, filter.from) : undefined,
    filter.to ? lt(walletOperations.createdAt, filter.to) : undefined,
  );
}

/** The rows of one page, in `ordering`; exported for the plan test. */
export function pageQuery(
  db: Db,
  filter: TFilter,
  ordering: keyof typeof ORDER,
  offset: number,
  limit: number,
) {
  return db
    .select()
    .from(walletOperations)
    .where(operationsWhere(filter))
    .orderBy(...ORDER[ordering])
    .offset(offset)
    .limit(limit);
}

export async function listOperations(
  db: Db,
  filter: TFilter,
  ordering: keyof typeof ORDER,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: TOperationRow[] }> {
  const where = operationsWhere(filter);
  const [total] = await db.select({ value: count() }).from(walletOperations).where(where);
  const lines = total?.value ?? 0;
  // Each order walks an index (user, key, id) from one end. A page in the back half is read from
  // the other end, the order reversed, so that the last page costs what the first does.
  const fromEnd = offset + limit / 2 > lines / 2;
  if (fromEnd && offset >= lines) return { count: lines, rows: [] };
  const rows = fromEnd
    ? await pageQuery(
        db,
        filter,
        reversed(ordering),
        Math.max(0, lines - offset - limit),
        Math.min(limit, lines - offset),
      )
    : await pageQuery(db, filter, ordering, offset, limit);
  return { count: lines, rows: fromEnd ? rows.reverse() : rows };
}

/** `x` and `-x` are exact reverses of each other, tie-breaker included. */
function reversed(ordering: keyof typeof ORDER): keyof typeof ORDER {
  return (ordering.startsWith('-') ? ordering.slice(1) : `-${ordering}`) as keyof typeof ORDER;
}
