import { and, count, desc, eq, inArray } from 'drizzle-orm';
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

export async function listWithdrawals(
  db: Db,
  status: TWithdrawalRow['status'] | undefined,
  offset: number,
  limit: number,
) {
  const where = status ? eq(withdrawals.status, status) : undefined;
  const [total] = await db.select({ value: count() }).from(withdrawals).where(where);
  const rows = await db
    .select({ withdrawal: withdrawals, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .offset(offset)
    .limit(limit);
  return { count: total?.value ?? 0, rows };
}
