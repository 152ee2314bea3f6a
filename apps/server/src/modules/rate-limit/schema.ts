import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The rate-limit module's table.

/** Attempt counters shared by every server process (login, codes, mails). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
