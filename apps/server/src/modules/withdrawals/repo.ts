import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../accounts/schema';
import { withdrawals } from './schema';

export type TWithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(
  db: Db,
  row: typeof withdrawals.$inferInsert,
): Promise<TWithdrawalRow> {
  const [created] = await db.insert(withdrawals).values(row).returning();
  return created!;
}

/** Moves a withdrawal on only from the statuses given: a decision is taken once. */
export async function transition(
  db: Db,
  id: number,
  from: TWithdrawalRow['status'][],
  patch: Partial<typeof withdrawals.$inferInsert>,
): Promise<TWithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set(patch)
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
    .returning();
  return row;
}

export async function findWithdrawal(db: Db, id: number): Promise<TWithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export type TWithdrawalsFilter = {
  status?: TWithdrawalRow['status'];
  currency?: TWithdrawalRow['currency'];
  network?: TWithdrawalRow['network'];
  /** Only ids below this one (the CSV's keyset walk). */
  beforeId?: number;
};

const whereOf = (filter: TWithdrawalsFilter) =>
  and(
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
    filter.currency ? eq(withdrawals.currency, filter.currency) : undefined,
    filter.network ? eq(withdrawals.network, filter.network) : undefined,
    filter.beforeId !== undefined ? lt(withdrawals.id, filter.beforeId) : undefined,
  );

/** Withdrawals the filter keeps, newest first, with their partner's email. */
export async function listWithdrawals(db: Db, filter: TWithdrawalsFilter, offset: number, limit: number) {
  const [total] = await db.select({ value: count() }).from(withdrawals).where(whereOf(filter));
  return { count: total?.value ?? 0, rows: await withdrawalRows(db, filter, offset, limit) };
}

export async function withdrawalRows(db: Db, filter: TWithdrawalsFilter, offset: number, limit: number) {
  return db
    .select({ withdrawal: withdrawals, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(whereOf(filter))
    .orderBy(desc(withdrawals.id))
    .offset(offset)
    .limit(limit);
}
