import { and, asc, desc, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TProductKind } from '@portal/contracts';
import type { Db } from '../../db/client';
import { users } from '../accounts/schema';
import { purchases } from '../purchases/schema';
import { productPrices, products } from './schema';

/**
 * A product as every read answers it: its row and the id of its current price record (the latest
 * one), read together, so that a purchase names its price without a second statement.
 */
const productWithPrice = {
  ...getTableColumns(products),
  // Qualified by hand: drizzle names a column without its table in a single-table select, and an
  // unqualified "id" here would be the price record's own.
  priceId:
    sql<number>`(select max(price.id) from ${productPrices} price where price.product_id = ${products}.id)`.mapWith(
      Number,
    ),
};

export type TProductRow = typeof products.$inferSelect & { priceId: number };
export type TProductPriceRow = typeof productPrices.$inferSelect;

export async function listProducts(db: Db, kind?: TProductKind): Promise<TProductRow[]> {
  return db
    .select(productWithPrice)
    .from(products)
    .where(kind ? eq(products.kind, kind) : undefined)
    .orderBy(asc(products.position), asc(products.id));
}

export async function findProduct(db: Db, id: number): Promise<TProductRow | undefined> {
  const [row] = await db.select(productWithPrice).from(products).where(eq(products.id, id));
  return row;
}

/** Several products by id or by code, in one statement (those not there are left out). */
export async function findProducts(db: Db, ids: number[], codes: string[] = []): Promise<TProductRow[]> {
  return db
    .select(productWithPrice)
    .from(products)
    .where(
      codes.length ? or(inArray(products.id, ids), inArray(products.code, codes)) : inArray(products.id, ids),
    );
}

export async function findProductByCode(db: Db, code: string): Promise<TProductRow | undefined> {
  const [row] = await db.select(productWithPrice).from(products).where(eq(products.code, code));
  return row;
}

/** Locks the product's row for the rest of the transaction (a price change, seats). */
export async function lockProduct(db: Db, id: number): Promise<TProductRow | undefined> {
  const [row] = await db
    .select(productWithPrice)
    .from(products)
    .where(eq(products.id, id))
    .for('update', { of: products });
  return row;
}

export async function updateProduct(
  db: Db,
  id: number,
  patch: Partial<Pick<TProductRow, 'price' | 'available' | 'name' | 'attributes'>>,
): Promise<typeof products.$inferSelect> {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

export async function insertPrice(db: Db, row: typeof productPrices.$inferInsert): Promise<TProductPriceRow> {
  const [inserted] = await db.insert(productPrices).values(row).returning();
  return inserted!;
}

/** A product's price records, newest first, each with its admin's email (null for the seed). */
export async function priceHistory(
  db: Db,
  productId: number,
): Promise<{ row: TProductPriceRow; email: string | null }[]> {
  return db
    .select({ row: productPrices, email: users.email })
    .from(productPrices)
    .leftJoin(users, eq(users.id, productPrices.changedBy))
    .where(eq(productPrices.productId, productId))
    .orderBy(desc(productPrices.id));
}

/** `text` for a LIKE pattern that matches it literally (its %, _ and \ escaped). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A page of everyone's purchases, newest first, with the buyer's email and the product's name:
 * of one kind, and/or of buyers whose email contains `email` (any case).
 */
export async function purchasesPage(
  db: Db,
  filter: { kind?: TProductKind; email?: string },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(purchases.kind, filter.kind));
  if (filter.email) conditions.push(ilike(users.email, `%${likeLiteral(filter.email)}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(where);
  const rows = await db
    .select({ purchase: purchases, email: users.email, productName: products.name })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(products, eq(products.id, purchases.productId))
    .where(where)
    .orderBy(desc(purchases.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.count ?? 0, rows };
}

/**
 * Takes `count` seats of a product that counts them, in one statement that checks what is left:
 * false when fewer are left (nothing taken). Two buyers of the last seat never both get it.
 */
export async function takeSeats(db: Db, id: number, count: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ sold: sql`${products.sold} + ${count}` })
    .where(and(eq(products.id, id), lt(sql`${products.sold} + ${count - 1}`, products.seats)))
    .returning({ id: products.id });
  return rows.length === 1;
}

/** Gives seats back (a refunded ticket). */
export async function returnSeats(db: Db, id: number, count: number): Promise<void> {
  await db
    .update(products)
    .set({ sold: sql`${products.sold} - ${count}` })
    .where(eq(products.id, id));
}
