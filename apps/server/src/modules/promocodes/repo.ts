import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promocodeRedemptions, promocodes } from './schema';

export type TPromocodeRow = typeof promocodes.$inferSelect;

/**
 * Inserts a code; undefined when a unique index refuses it (the code is taken, or the partner has
 * a personal code already): `on conflict do nothing`, so a transaction stays usable on PostgreSQL.
 */
export async function insert(
  db: Db,
  row: typeof promocodes.$inferInsert,
): Promise<TPromocodeRow | undefined> {
  const [inserted] = await db.insert(promocodes).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findPersonal(db: Db, userId: number): Promise<TPromocodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promocodes)
    .where(and(eq(promocodes.userId, userId), eq(promocodes.kind, 'personal')));
  return row;
}

/** The owner's codes, newest first. */
export function listOwn(db: Db, userId: number): Promise<TPromocodeRow[]> {
  return db.select().from(promocodes).where(eq(promocodes.userId, userId)).orderBy(desc(promocodes.id));
}

export async function findByCode(db: Db, code: string): Promise<TPromocodeRow | undefined> {
  const [row] = await db.select().from(promocodes).where(eq(promocodes.code, code));
  return row;
}

/**
 * Takes one use of a code for `buyerId` at `now`, in one conditional update: not the owner's, not
 * expired, uses left. Two transactions taking the last use of a private code queue on the row, and
 * the second sees `uses = max_uses` after the first commits: it updates nothing (undefined).
 */
export async function takeUse(
  db: Db,
  code: string,
  buyerId: number,
  now: Date,
): Promise<TPromocodeRow | undefined> {
  const [row] = await db
    .update(promocodes)
    .set({ uses: sql`${promocodes.uses} + 1` })
    .where(
      and(
        eq(promocodes.code, code),
        sql`${promocodes.userId} <> ${buyerId}`,
        or(isNull(promocodes.expiresAt), gt(promocodes.expiresAt, now)),
        or(isNull(promocodes.maxUses), lt(promocodes.uses, promocodes.maxUses)),
      ),
    )
    .returning();
  return row;
}

export async function insertRedemption(db: Db, row: typeof promocodeRedemptions.$inferInsert): Promise<void> {
  await db.insert(promocodeRedemptions).values(row);
}
