import { BINARY_SIDES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

// The network module's tables (docs/team.md).

/**
 * Where each partner's outer legs were last seen to end (compensation-plan.md section 3): a new
 * partner is placed by walking forward from `bottom_id` instead of down the whole leg, and the
 * row is locked while it moves, so only sign-ups into the same leg queue on it.
 */
export const binaryLegEnds = pgTable(
  'binary_leg_ends',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    side: text('side', { enum: BINARY_SIDES }).notNull(),
    bottomId: bigint('bottom_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.side] }),
    check('binary_leg_ends_side_check', sql`${t.side} in ('left', 'right')`),
  ],
);
