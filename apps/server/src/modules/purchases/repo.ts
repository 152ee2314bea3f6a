import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchases } from '../../db/schema';

export type TPurchaseRow = typeof purchases.$inferSelect;

export async function insertPurchase(db: Db, row: typeof purchases.$inferInsert): Promise<TPurchaseRow> {
  const [inserted] = await db.insert(purchases).values(row).returning();
  return inserted!;
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
