import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { nodes, products, purchaseRequests, purchases, users } from '../../db/schema';

export type TPurchaseRequestRow = typeof purchaseRequests.$inferSelect;

/**
 * Locks the user's row: a user's tariff purchases and mentor changes run one at a time. "No key
 * update": rows that reference the user (the Idempotency-Key's, the ledger's) take key-share locks
 * on it, which a plain FOR UPDATE would wait on, deadlocking two confirmations.
 */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, mentorId: users.mentorId, isCompanyRoot: users.isCompanyRoot })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, mentorId: users.mentorId, isCompanyRoot: users.isCompanyRoot })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The new mentor, and the sponsor depths and anchors of the partner's sponsor downline after it. */
export async function setMentor(db: Db, userId: number, mentorId: number): Promise<void> {
  await db.update(users).set({ mentorId }).where(eq(users.id, userId));
  await db.execute(sql`select sponsor_rebase(${userId}::bigint)`);
}

export async function setBinarySide(db: Db, userId: number, side: string): Promise<void> {
  await db.update(users).set({ binarySide: side }).where(eq(users.id, userId));
}

/** True when `candidateId` is `userId` or sits in `userId`'s sponsor downline (a walk up, migration 0019). */
export async function inSponsorDownline(db: Db, userId: number, candidateId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select sponsor_under(${userId}::bigint, ${candidateId}::bigint) as found`,
  );
  return Boolean(row?.found);
}

/** True once the user has paid any tariff (a refund does not make the mentor changeable again). */
export async function hasPaidTariff(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'tariff')))
    .limit(1);
  return row !== undefined;
}

export async function insertRequest(
  db: Db,
  row: typeof purchaseRequests.$inferInsert,
): Promise<TPurchaseRequestRow> {
  const [inserted] = await db.insert(purchaseRequests).values(row).returning();
  return inserted!;
}

/** The user's own request (anyone else's is not found). */
export async function ownRequest(
  db: Db,
  userId: number,
  id: string,
): Promise<TPurchaseRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.userId, userId)));
  return row;
}

export async function markRequestPaid(db: Db, id: string, purchaseId: number): Promise<void> {
  await db.update(purchaseRequests).set({ purchaseId }).where(eq(purchaseRequests.id, id));
}

/**
 * The cleanup job: unpaid requests expired before `before`, in batches by the due index (`for
 * update skip locked`, so processes running it at once share the work). Returns how many.
 */
export async function deleteExpiredRequests(db: Db, before: Date, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from purchase_requests where id in (
            select id from purchase_requests
            where purchase_id is null and expires_at < ${before.toISOString()}::timestamptz
            order by expires_at limit ${batch} for update skip locked)
          returning id`,
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/** The lowest tier of virtual node on the catalogue: the node a tariff includes. */
export async function lowestVirtualNodeProduct(db: Db) {
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.kind, 'virtual_node'))
    .orderBy(asc(sql`coalesce((${products.attributes}->>'tier')::int, 0)`), asc(products.id))
    .limit(1);
  return row;
}

export async function insertVirtualNodes(db: Db, rows: (typeof nodes.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(nodes).values(rows).returning();
}
