import { FRAUD_SIGNAL_KINDS, FRAUD_SIGNAL_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The fraud module's table.

/**
 * The signals the fraud check found (docs/decisions.md "The back office"), one row per thing
 * several accounts share (`key`: `device:<hash>`, `ip:<address>`, `wallet:<address>`,
 * `burst:<address>`, `domain:<domain>`, `loop:<id>-<id>`), with support's decision. The accounts
 * only accumulate: evidence pruned later (old sessions) never takes an account off a signal.
 */
export const fraudSignals = pgTable(
  'fraud_signals',
  {
    id: id(),
    kind: text('kind', { enum: FRAUD_SIGNAL_KINDS }).notNull(),
    key: text('key').notNull(),
    /** The accounts involved, ascending. */
    userIds: bigint('user_ids', { mode: 'number' }).array().notNull(),
    /** What they share, as `ZFraudSignalDetails` (packages/contracts/src/fraud.ts) says. */
    details: jsonb('details').notNull(),
    /** When the evidence began and when it last showed (the detection's times, never the check's). */
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    status: text('status', { enum: FRAUD_SIGNAL_STATUSES }).notNull().default('open'),
    /** The last decision, kept when new accounts open the signal again. */
    decidedBy: userRef('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** When new accounts joined the signal after a decision (and opened it again). */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    /** When a check first found it. */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fraud_signals_key_key').on(t.key),
    index('fraud_signals_queue_idx').on(t.status, t.lastSeen, t.id),
    check('fraud_signals_status_check', sql`${t.status} in ('open', 'confirmed', 'dismissed')`),
    check(
      'fraud_signals_kind_check',
      sql`${t.kind} in ('device', 'ip', 'wallet', 'signup_burst', 'disposable_email', 'sponsor_loop')`,
    ),
  ],
);
