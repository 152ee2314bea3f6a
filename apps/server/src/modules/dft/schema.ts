import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The DFT module's table.

/**
 * DFT granted with a tariff purchase: 1/12 of it unlocks every 30 days
 * (compensation-plan.md section 4). `unlocked_parts` counts the twelfths already unlocked.
 */
export const dftGrants = pgTable(
  'dft_grants',
  {
    id: id(),
    userId: userRef().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    unlockedParts: integer('unlocked_parts').notNull().default(0),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull(),
    /** When the next twelfth unlocks (null once all twelve have): the unlock job's due time. */
    nextUnlockAt: timestamp('next_unlock_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dft_grants_reference_key').on(t.reference),
    index('dft_grants_user_idx').on(t.userId),
    index('dft_grants_next_unlock_idx')
      .on(t.nextUnlockAt)
      .where(sql`${t.nextUnlockAt} is not null`),
    check('dft_grants_parts_check', sql`${t.unlockedParts} between 0 and 12`),
  ],
);
