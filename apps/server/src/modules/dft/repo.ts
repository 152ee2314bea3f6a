import { and, asc, eq, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { type Db, queryRows, rowOf } from '../../db/client';
import { dftGrants } from './schema';

export type TGrantRow = typeof dftGrants.$inferSelect;

/** The insert of a grant (once per reference), to run inside another statement. */
export function grantInsert(db: Db, grant: PgInsertValue<typeof dftGrants>): SQL {
  return db.insert(dftGrants).values(grant).onConflictDoNothing({ target: dftGrants.reference }).getSQL();
}

/** Inserts a grant with `along` (its statement line) in one statement: the grant, unless it was there. */
export async function insertGrant(
  db: Db,
  grant: typeof dftGrants.$inferInsert,
  along: SQL,
): Promise<TGrantRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`with grant_row as (${grantInsert(db, grant)} returning *), along as (${along}) select * from grant_row`,
  );
  return row && rowOf(dftGrants, row);
}

/** Grants of a user that still have locked twelfths. */
export async function lockedGrants(db: Db, userId: number): Promise<TGrantRow[]> {
  return db
    .select()
    .from(dftGrants)
    .where(and(eq(dftGrants.userId, userId), lt(dftGrants.unlockedParts, 12)));
}

/**
 * Claims up to `limit` grants with a twelfth due by `now`, oldest due first, by the partial index
 * on `next_unlock_at`; locked until the caller's transaction ends, and skipped by any other
 * process's claim meanwhile (`for update skip locked`), so each is unlocked once.
 */
export async function claimDueGrants(db: Db, now: Date, limit: number): Promise<TGrantRow[]> {
  return claimDueGrantsQuery(db, now, limit);
}

/** The select of `claimDueGrants` (its plan is tested: the due-time index). */
export function claimDueGrantsQuery(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(dftGrants)
    .where(and(isNotNull(dftGrants.nextUnlockAt), lte(dftGrants.nextUnlockAt, now)))
    .orderBy(asc(dftGrants.nextUnlockAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Records `parts` twelfths unlocked and when the next one is due, only if no one else advanced
 * the grant since `seen` was read.
 */
export async function advanceGrant(
  db: Db,
  id: number,
  seen: number,
  parts: number,
  nextUnlockAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(dftGrants)
    .set({ unlockedParts: parts, nextUnlockAt })
    .where(and(eq(dftGrants.id, id), eq(dftGrants.unlockedParts, seen)))
    .returning({ id: dftGrants.id });
  return rows.length === 1;
}
