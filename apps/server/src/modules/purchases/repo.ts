import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, insertValues, queryRows, rowOf } from '../../db/client';
import { purchases } from './schema';

export type TPurchaseRow = typeof purchases.$inferSelect;

/** The purchase's id inside `insertPurchase`'s statement, for the statements that run with it. */
export const PURCHASE_ID = sql`(select id from purchase)`;

/**
 * Inserts a purchase and, in the same statement, the `with` statements that name it by
 * `PURCHASE_ID` (its statement line, its event).
 */
export async function insertPurchase(
  db: Db,
  row: typeof purchases.$inferInsert,
  along: SQL[] = [],
): Promise<TPurchaseRow> {
  const [inserted] = await queryRows<Record<string, unknown>>(
    db,
    sql`with purchase as (${insertValues(purchases, row)} returning *)${sql.join(
      along.map((statement, index) => sql`, ${sql.raw(`along_${index}`)} as (${statement})`),
    )} select * from purchase`,
  );
  return rowOf(purchases, inserted!);
}

export async function findPurchaseByReference(db: Db, reference: string): Promise<TPurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.reference, reference));
  return row;
}

export async function findPurchase(db: Db, id: number): Promise<TPurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

/** Marks a completed purchase refunded; false when it was not completed (refunded already). */
export async function markRefunded(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ status: 'refunded' })
    .where(and(eq(purchases.id, id), eq(purchases.status, 'completed')))
    .returning({ id: purchases.id });
  return rows.length === 1;
}

export async function userPurchases(db: Db, userId: number, limit: number): Promise<TPurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.id))
    .limit(limit);
}
