import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The API keys module's table.

/**
 * A partner's API keys: read-only access to the owner's own data (docs/decisions.md "API keys").
 * The key is shown once; only its SHA-256 is kept (a random 256-bit key needs no slow hash), with
 * its first characters for the owner to recognise it by.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: userRef().notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_active_idx')
      .on(t.userId, t.id)
      .where(sql`${t.revokedAt} is null`),
  ],
);
