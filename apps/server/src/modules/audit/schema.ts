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
    /** What an operator acted on, as `kind:id` (`user:12`, `order:7`); the user's own account otherwise. */
    target: text('target'),
    /** The operator's reason, required for every operator action. */
    reason: text('reason'),
    /** The fields the action changed, as they were and as it left them. */
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);
