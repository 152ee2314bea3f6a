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
};

/** Writes one audit row, in the caller's transaction `db` so that it commits with what it records. */
export async function audit(db: Db, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    actorId: entry.actorId ?? entry.userId,
    action: entry.action,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
