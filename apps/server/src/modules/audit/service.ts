import type { TAuditEntry as TAuditAnswer, TAuditQuery } from '@portal/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './schema';

/** One entry of the audit log: who did what to whose account, from where. */
export type TAuditEntry = {
  userId: number;
  /** Who acted: the user themself unless said (an admin's decision names the admin). */
  actorId?: number;
  action: string;
  details?: Record<string, unknown>;
  ip?: string | null;
  /** What an operator acted on, as `kind:id`; the user's account (`user:<userId>`) by default. */
  target?: string;
  /** The operator's reason. */
  reason?: string | null;
  /** The fields the action changed, as they were and as it left them. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Writes one audit row, in the caller's transaction `db` so that it commits with what it records. */
export async function audit(db: Db, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    actorId: entry.actorId ?? entry.userId,
    action: entry.action,
    target: entry.target ?? `user:${entry.userId}`,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

/** A page of the audit log, newest first (`GET /api/v1/admin/audit/`). */
export async function auditPage(
  db: Db,
  query: Pick<TAuditQuery, 'actor_id' | 'action'>,
  offset: number,
  limit: number,
): Promise<{ count: number; results: TAuditAnswer[] }> {
  const filters: SQL[] = [];
  if (query.actor_id !== undefined) filters.push(eq(auditLog.actorId, query.actor_id));
  if (query.action !== undefined) filters.push(eq(auditLog.action, query.action));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map((row) => ({
      id: row.id,
      actor_id: row.actorId,
      action: row.action,
      target: row.target ?? `user:${row.userId}`,
      reason: row.reason,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: (row.after as Record<string, unknown> | null) ?? null,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
