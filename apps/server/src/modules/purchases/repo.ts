import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, insertValues, queryRows, rowOf, type TInsertRow } from '../../db/client';
import { purchases } from './schema';

export type TPurchaseRow = typeof purchases.$inferSelect;

/** The purchase's id inside `insertPurchase`'s statement, for the statements that run with it. */
export const PURCHASE_ID = sql`(select id from purchase)`;

/**
 * Inserts a purchase and, in the same statement, the `with` statements that name it by
 * `PURCHASE_ID` (its statement line, its event). `payment`: the `with` parts that pay for it,
 * before it (`ledger/service.ts` `paymentParts`), and whether they paid; `paid` answers it (true
 * without a payment).
 */
export async function insertPurchase(
  db: Db,
  row: TInsertRow<typeof purchases>,
  along: SQL[] = [],
  payment?: { parts: SQL; paid: SQL },
): Promise<{ purchase: TPurchaseRow; paid: boolean }> {
  const [inserted] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${payment ? sql`${payment.parts}, ` : sql``}purchase as (${insertValues(purchases, row)} returning *)${sql.join(
      along.map((statement, index) => sql`, ${sql.raw(`along_${index}`)} as (${statement})`),
    )} select *, ${payment ? payment.paid : sql`true`} as purchase_paid from purchase`,
  );
  return { purchase: rowOf(purchases, inserted!), paid: inserted!.purchase_paid === true };
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
