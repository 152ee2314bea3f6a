import { and, desc, eq, SQL, sql, type Table } from 'drizzle-orm';
import {
  type Db,
  insertValues,
  jsonRows,
  queryRows,
  rowOf,
  type TInsertRow,
  type TPart,
  withParts,
} from '../../db/client';
import { purchases } from './schema';

export type TPurchaseRow = typeof purchases.$inferSelect;

/** The purchase's id inside `insertPurchase`'s statement, for the statements that run with it. */
export const PURCHASE_ID = sql`(select id from purchase)`;

/**
 * A statement that runs with the purchase, in its statement (`with along_<n> as (...)`, or as
 * `name`, for another part that reads its rows); one that names the table of the rows it returns
 * answers them (`insertPurchase`'s `along`).
 */
export type TAlong = SQL | { statement: SQL; returning?: Table; name?: string };

/**
 * Inserts a purchase and, in the same statement, the `with` statements that name it by
 * `PURCHASE_ID` (its statement line, its event, a product's rows); answers the rows of each that
 * names its table, in the order given, raw (`rowOf` of that table reads them; null for the others). `payment`: the `with` parts that pay
 * for it, before it (`ledger/service.ts` `paymentParts`), and whether they paid; `paid` answers it
 * (true without a payment).
 */
export async function insertPurchase(
  db: Db,
  row: TInsertRow<typeof purchases>,
  along: TAlong[] = [],
  payment?: { parts: TPart[]; paid: SQL },
): Promise<{ purchase: TPurchaseRow; paid: boolean; along: (Record<string, unknown>[] | null)[] }> {
  const parts = along.map((part, index) => {
    const {
      statement,
      returning = null,
      name = `along_${index}`,
    } = part instanceof SQL ? { statement: part } : part;
    if (name === 'purchase') throw new Error('A part of a purchase is not named purchase');
    return { statement, returning, name };
  });
  const [inserted] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${withParts([
      ...(payment?.parts ?? []),
      { name: 'purchase', statement: sql`${insertValues(purchases, row)} returning *` },
      ...parts,
    ])} select *, ${payment ? payment.paid : sql`true`} as purchase_paid${sql.join(
      parts.map(({ returning, name }, index) =>
        returning ? sql`, ${jsonRows(returning, name)} as ${sql.raw(`along_${index}`)}` : sql``,
      ),
    )} from purchase`,
  );
  return {
    purchase: rowOf(purchases, inserted!),
    paid: inserted!.purchase_paid === true,
    along: parts.map(({ returning }, index) =>
      returning ? (inserted![`along_${index}`] as Record<string, unknown>[]) : null,
    ),
  };
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
