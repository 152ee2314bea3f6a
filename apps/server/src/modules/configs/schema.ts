import { SETTING_KEYS } from '@portal/contracts';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The configs module's table.

/**
 * Every change an admin made to a setting at runtime, newest last: the latest row of a key is the
 * value the portal runs with (no row: the variable's value at start). Rows are never updated.
 */
export const configChanges = pgTable(
  'config_changes',
  {
    id: id(),
    key: text('key', { enum: SETTING_KEYS }).notNull(),
    value: text('value').notNull(),
    previous: text('previous').notNull(),
    actorId: userRef('actor_id'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('config_changes_key_idx').on(t.key, t.id)],
);
