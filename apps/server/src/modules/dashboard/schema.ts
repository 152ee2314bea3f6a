import { BONUS_TYPES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The dashboard's counters.

/**
 * A partner's USDT bonus lines (wallet_operations rows and listed payouts) summed by UTC month
 * (`YYYY-MM`) and bonus type: the dashboard's income by month. Kept by statement triggers on both
 * tables in the writing statement's transaction, whoever writes (migration 0035, which also
 * back-fills it), so the dashboard reads at most 24 months of rows by their key.
 */
export const bonusIncomeMonths = pgTable(
  'bonus_income_months',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.bonusType] })],
);
