import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The audit module's table.

/** Security-relevant changes, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    userId: userRef(),
    actorId: userRef('actor_id'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.createdAt)],
);
