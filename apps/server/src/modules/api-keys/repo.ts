import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../accounts/schema';
import { apiKeys } from './schema';

export type TApiKeyRow = typeof apiKeys.$inferSelect;

/** Locks the owner's row: creations of one partner's keys queue, so the limit holds under a burst. */
export async function lockOwner(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countActive(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insert(
  db: Db,
  key: { userId: number; name: string; prefix: string; keyHash: string },
): Promise<TApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

/** The owner's active keys, newest first. */
export function listActive(db: Db, userId: number): Promise<TApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
}

/** Revokes the owner's active key `id`; undefined when the owner has no such active key. */
export async function revoke(db: Db, userId: number, id: number): Promise<TApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
}

/** The active key with this hash and its owner, if the owner is active. */
export async function findActiveByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), eq(users.isActive, true)));
  return row;
}

/** Marks the key used now, unless that was done less than `seconds` ago (a burst writes once). */
export async function touch(db: Db, id: number, seconds: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      ),
    );
}
