import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type Db, insertValues, rowOf, type TInsertRow } from '../../db/client';
import type { TAlong } from '../purchases/service';
import { products } from '../catalog/schema';
import { purchases } from '../purchases/schema';
import { nodes, tokenPacks } from './schema';

export type TNodeRow = typeof nodes.$inferSelect;
export type TTokenPackRow = typeof tokenPacks.$inferSelect;

/** A node with its product's code, name and tier. */
export type TNodeView = TNodeRow &
  Pick<typeof products.$inferSelect, 'code' | 'name' | 'price' | 'attributes'>;

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
  teamCounted: nodes.teamCounted,
  code: products.code,
  name: products.name,
  price: products.price,
  attributes: products.attributes,
};

export async function insertNodes(db: Db, rows: (typeof nodes.$inferInsert)[]): Promise<TNodeRow[]> {
  return db.insert(nodes).values(rows).returning();
}

/** Nodes inserted with their purchase, in its statement (`TAlong`: it answers their rows, `nodeRows` reads them). */
export function nodesInsert(rows: TInsertRow<typeof nodes>[]): TAlong {
  return { statement: sql`${insertValues(nodes, rows)} returning *`, returning: nodes };
}

/** The rows `nodesInsert` answered. */
export const nodeRows = (raw: Record<string, unknown>[]): TNodeRow[] => raw.map((row) => rowOf(nodes, row));

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

/** A token pack inserted with its purchase, in its statement (`TAlong`; `tokenPackRow` reads it). */
export function tokenPackInsert(name: string, row: TInsertRow<typeof tokenPacks>): TAlong {
  return { name, statement: sql`${insertValues(tokenPacks, row)} returning *`, returning: tokenPacks };
}

/** The row `tokenPackInsert` answered. */
export const tokenPackRow = (raw: Record<string, unknown>[]): TTokenPackRow => rowOf(tokenPacks, raw[0]!);

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
 * Claims up to `limit` packs with a pack year ended by `now` (next_payout_at due), oldest due
 * first, by the partial index on next_payout_at; locked until the caller's transaction ends and
 * skipped by any other run meanwhile (`for update skip locked`), so each year is paid once.
 */
export async function claimDuePacks(db: Db, now: Date, limit: number): Promise<TTokenPackRow[]> {
  return db
    .select()
    .from(tokenPacks)
    .where(and(isNotNull(tokenPacks.nextPayoutAt), lte(tokenPacks.nextPayoutAt, now)))
    .orderBy(asc(tokenPacks.nextPayoutAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records a claimed pack's paid years and when its next year ends (null when all are paid). */
export async function advancePack(db: Db, id: number, yearsPaid: number, nextPayoutAt: Date | null) {
  await db.update(tokenPacks).set({ yearsPaid, nextPayoutAt }).where(eq(tokenPacks.id, id));
}
