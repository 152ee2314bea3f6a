import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The idempotency module's table.

/** The first answer of a money-moving call, replayed for the same Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef().notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
