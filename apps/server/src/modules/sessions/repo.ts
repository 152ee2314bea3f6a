import type { TOperatorRole } from '@portal/contracts';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deleteDue, PRUNE_BATCH } from '../../db/prune';
import { users } from '../accounts/schema';
import { sessions } from './schema';

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** What a verified token names; whether the session is still live is the database's to say. */
export type TSessionClaims = { userId: number; sessionId: string };

/**
 * For each session asked for, the row `fields` select while the session is live, belongs to the
 * user asked with it and that user is active (joined as `users`); else undefined. One named
 * statement for all of them (`db/batch.ts` gathers them): the session ids go as one array, or as
 * the one id when one is asked. (PostgreSQL plans `= any($1)` for ten ids when it plans the
 * statement once for every value, and so plans it again on each run, 0.16 ms against 0.02 of
 * running it; for `= $1` the plan made once is as good: docs/performance.md "Purchases".)
 */
export function prepareOfLiveSessions<TRow>(
  db: Db,
  name: string,
  fields: SelectedFields,
): (asked: readonly TSessionClaims[]) => Promise<(TRow | undefined)[]> {
  const prepare = (ids: SQL, statement: string) =>
    db
      .select({ ...fields, askedSessionId: sessions.id, askedUserId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(ids, liveSession()))
      .prepare(statement);
  const many = prepare(sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::uuid[])`, name);
  const one = prepare(sql`${sessions.id} = ${sql.placeholder('sessionId')}::uuid`, `${name}_one`);
  return async (asked) => {
    // As text: both drivers take it (session ids are uuids: `verifiedTokens` refuses any other).
    const rows = (await (asked.length === 1
      ? one.execute({ sessionId: asked[0]!.sessionId })
      : many.execute({ sessionIds: `{${asked.map((claims) => claims.sessionId).join(',')}}` }))) as (TRow & {
      askedSessionId: string;
      askedUserId: number;
    })[];
    const bySession = new Map(rows.map((row) => [row.askedSessionId, row]));
    return asked.map(({ userId, sessionId }) => {
      const row = bySession.get(sessionId);
      return row?.askedUserId === userId ? row : undefined;
    });
  };
}

/**
 * Every signed-in call asks this (the profile call aside, which reads its user in the same
 * statement): for each session, its user's superuser flag while it is live, else undefined.
 */
export const prepareFindLiveSessions = (db: Db) =>
  prepareOfLiveSessions<{ isSuperuser: boolean; operatorRoles: TOperatorRole[] }>(db, 'sessions_live', {
    isSuperuser: users.isSuperuser,
    operatorRoles: users.operatorRoles,
  });

/** SQL true when a row of `sessions` is live and its user (joined as `users`) active. */
function liveSession(): SQL {
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

/**
 * How long a session is kept once it ended, expired or revoked (docs/decisions.md "Other expired
 * rows"): no call lists sessions, so the row only serves support looking into recent sign-ins.
 */
export const SESSION_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Deletes the sessions that expired or were revoked more than `olderThanSeconds` ago, `batch` at
 * a time (db/prune.ts): a token naming one was refused already. Answers how many went.
 */
export function pruneSessions(db: Db, olderThanSeconds: number, batch = PRUNE_BATCH): Promise<number> {
  const before = sql`now() - make_interval(secs => ${olderThanSeconds})`;
  return deleteDue(
    db,
    sessions,
    sessions.id,
    sql`${sessions.expiresAt} < ${before} or ${sessions.revokedAt} < ${before}`,
    batch,
  );
}
