import { and, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { giftCertificates } from './schema';

export type TGiftCertificateRow = typeof giftCertificates.$inferSelect;

export async function insertCertificate(
  db: Db,
  row: typeof giftCertificates.$inferInsert,
): Promise<TGiftCertificateRow> {
  const [inserted] = await db.insert(giftCertificates).values(row).returning();
  return inserted!;
}

export async function findByHash(db: Db, codeHash: string): Promise<TGiftCertificateRow | undefined> {
  const [row] = await db.select().from(giftCertificates).where(eq(giftCertificates.codeHash, codeHash));
  return row;
}

/**
 * Activates the certificate of `codeHash` for `userId` in one statement that checks it is still
 * active and not expired at `now`: of any number of racing activations, one gets the row.
 */
export async function activate(
  db: Db,
  codeHash: string,
  userId: number,
  now: Date,
): Promise<TGiftCertificateRow | undefined> {
  const [row] = await db
    .update(giftCertificates)
    .set({ status: 'activated', activatedBy: userId, activatedAt: now })
    .where(
      and(
        eq(giftCertificates.codeHash, codeHash),
        eq(giftCertificates.status, 'active'),
        gt(giftCertificates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Cancels an active certificate past its time; false when it is no longer active (activated, or canceled by another run). */
export async function cancelExpired(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(giftCertificates)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(giftCertificates.id, id),
        eq(giftCertificates.status, 'active'),
        lte(giftCertificates.expiresAt, now),
      ),
    )
    .returning({ id: giftCertificates.id });
  return rows.length === 1;
}

/** Active certificates past their time by `now`: of one buyer, of one code, or all (the job). */
export async function dueForExpiry(
  db: Db,
  now: Date,
  filter: { buyerId?: number; codeHash?: string },
): Promise<TGiftCertificateRow[]> {
  const conditions: SQL[] = [eq(giftCertificates.status, 'active'), lte(giftCertificates.expiresAt, now)];
  if (filter.buyerId !== undefined) conditions.push(eq(giftCertificates.buyerId, filter.buyerId));
  if (filter.codeHash !== undefined) conditions.push(eq(giftCertificates.codeHash, filter.codeHash));
  return db
    .select()
    .from(giftCertificates)
    .where(and(...conditions))
    .limit(500);
}

export async function buyerCertificates(db: Db, buyerId: number): Promise<TGiftCertificateRow[]> {
  return db
    .select()
    .from(giftCertificates)
    .where(eq(giftCertificates.buyerId, buyerId))
    .orderBy(desc(giftCertificates.id))
    .limit(200);
}
