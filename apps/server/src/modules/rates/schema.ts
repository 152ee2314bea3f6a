import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

// The rates module's table.

/** A DexNet price fixed for 30 minutes (spec), which a purchase can name. */
export const rateQuotes = pgTable('rate_quotes', {
  id: uuid('id').primaryKey(),
  /** USDT per 1 DXN, as a decimal string. */
  rate: text('rate').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
