import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nodes, products, purchases, tokenPacks } from '../../db/schema';

export type TNodeRow = typeof nodes.$inferSelect;
export type TTokenPackRow = typeof tokenPacks.$inferSelect;

/** A node with its product's code, name and tier. */
export type TNodeView = TNodeRow & { code: string; name: string; price: bigint; attributes: unknown };

const nodeView = {
  id: nodes.id,
  userId: nodes.userId,
  kind: nodes.kind,
  productId: nodes.productId,
  purchaseId: nodes.purchaseId,
  orderId: nodes.orderId,
  hostingUserId: nodes.hostingUserId,
  upgradedFromId: nodes.upgradedFromId,
  status: nodes.status,
  createdAt: nodes.createdAt,
  incomePaidUntil: nodes.incomePaidUntil,
  code: products.code,
  name: products.name,
  price: products.price,
  attributes: products.attributes,
};

export async function insertNodes(db: Db, rows: (typeof nodes.$inferInsert)[]): Promise<TNodeRow[]> {
  return db.insert(nodes).values(rows).returning();
}

export async function userVirtualNodes(db: Db, userId: number): Promise<TNodeView[]> {
  return db
    .select(nodeView)
    .from(nodes)
    .innerJoin(products, eq(products.id, nodes.productId))
    .where(and(eq(nodes.userId, userId), eq(nodes.kind, 'virtual')))
    .orderBy(asc(nodes.id));
}

export async function nodeViews(db: Db, ids: number[]): Promise<TNodeView[]> {
  if (ids.length === 0) return [];
  return db
    .select(nodeView)
    .from(nodes)
    .innerJoin(products, eq(products.id, nodes.productId))
    .where(inArray(nodes.id, ids))
    .orderBy(asc(nodes.id));
}

/** The caller's own virtual node, locked for the rest of the transaction; undefined for anyone else's. */
export async function lockOwnVirtualNode(db: Db, userId: number, id: number): Promise<TNodeRow | undefined> {
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, id), eq(nodes.userId, userId), eq(nodes.kind, 'virtual')))
    .for('update');
  return row;
}

export async function markUpgraded(db: Db, id: number): Promise<void> {
  await db.update(nodes).set({ status: 'upgraded' }).where(eq(nodes.id, id));
}

export async function insertTokenPack(db: Db, row: typeof tokenPacks.$inferInsert): Promise<TTokenPackRow> {
  const [inserted] = await db.insert(tokenPacks).values(row).returning();
  return inserted!;
}

/** A user's packs with what was paid for them and at which rate. */
export async function userTokenPacks(db: Db, userId: number) {
  return db
    .select({
      pack: tokenPacks,
      code: products.code,
      name: products.name,
      paid: purchases.paid,
      details: purchases.details,
    })
    .from(tokenPacks)
    .innerJoin(purchases, eq(purchases.id, tokenPacks.purchaseId))
    .innerJoin(products, eq(products.id, purchases.productId))
    .where(eq(tokenPacks.userId, userId))
    .orderBy(asc(tokenPacks.id));
}

/**
 * Packs with a pack year not yet paid that started at `startedBefore` (a year ago) or before: the
 * candidates of a payout run, of one user or of everyone.
 */
export async function unfinishedPacks(
  db: Db,
  startedBefore: Date,
  userId?: number,
): Promise<TTokenPackRow[]> {
  return db
    .select()
    .from(tokenPacks)
    .where(
      and(
        sql`${tokenPacks.yearsPaid} < ${tokenPacks.years}`,
        lte(tokenPacks.startsAt, startedBefore),
        userId === undefined ? undefined : eq(tokenPacks.userId, userId),
      ),
    )
    .orderBy(asc(tokenPacks.id));
}

/**
 * Moves a pack's paid years from `from` to `to`; false when another run moved them first (so the
 * yield of a year is paid once, whichever process gets there).
 */
export async function advancePack(db: Db, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(tokenPacks)
    .set({ yearsPaid: to })
    .where(and(eq(tokenPacks.id, id), eq(tokenPacks.yearsPaid, from)))
    .returning({ id: tokenPacks.id });
  return rows.length === 1;
}
