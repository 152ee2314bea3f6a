import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dftGrants } from '../../db/schema';

export type TGrantRow = typeof dftGrants.$inferSelect;

export async function insertGrant(
  db: Db,
  grant: typeof dftGrants.$inferInsert,
): Promise<TGrantRow | undefined> {
  const [row] = await db
    .insert(dftGrants)
    .values(grant)
    .onConflictDoNothing({ target: dftGrants.reference })
    .returning();
  return row;
}

/** Grants of a user that still have locked twelfths. */
export async function lockedGrants(db: Db, userId: number): Promise<TGrantRow[]> {
  return db
    .select()
    .from(dftGrants)
    .where(and(eq(dftGrants.userId, userId), lt(dftGrants.unlockedParts, 12)));
}

/** Users with a twelfth due by `now`, for the unlock job. */
export async function usersWithDueParts(
  db: Db,
  now: Date,
  periodDays: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: dftGrants.userId })
    .from(dftGrants)
    .where(
      and(
        lt(dftGrants.unlockedParts, 12),
        sql`${dftGrants.grantedAt} + make_interval(days => ${periodDays} * (${dftGrants.unlockedParts} + 1)) <= ${now}`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** Records `parts` twelfths unlocked, only if no one else did since `seen` was read. */
export async function advanceGrant(db: Db, id: number, seen: number, parts: number): Promise<boolean> {
  const rows = await db
    .update(dftGrants)
    .set({ unlockedParts: parts })
    .where(and(eq(dftGrants.id, id), eq(dftGrants.unlockedParts, seen)))
    .returning({ id: dftGrants.id });
  return rows.length === 1;
}
