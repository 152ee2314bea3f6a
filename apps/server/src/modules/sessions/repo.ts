import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, prepareNamed } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/**
 * The live session and its active user, or undefined. Every signed-in call asks it, so it is a
 * named prepared statement: parsed and planned once per connection.
 */
export function prepareFindLiveSession(db: Db) {
  const query = prepareNamed(
    db,
    db
      .select({ userId: users.id, isSuperuser: users.isSuperuser })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          liveSession(),
        ),
      ),
    'session_live',
  );
  return async (sessionId: string, userId: number) => (await query.execute({ sessionId, userId }))[0];
}

/**
 * SQL true when a row of `sessions` is live and its user (joined as `users`) active: the check of
 * `prepareFindLiveSession`, for a statement that reads the user's data in the same round trip.
 */
export function liveSession(): SQL {
  return and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.isActive, true))!;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
