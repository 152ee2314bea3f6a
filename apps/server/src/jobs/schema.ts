import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The job scheduler's table (docs/decisions.md "Background jobs").

/**
 * The persisted schedule of the periodic jobs (src/jobs): each job's next slot, and the lease of
 * the process running it. A slot is claimed by one statement, so one process runs it, and a slot
 * passed while every process was down is still due after a restart.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  /** The next slot to run (an instant on the job's grid), due once it has passed. */
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  /** A process runs the job until then; a failed run holds it until its retry (null: free). */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  /** Failed runs of the slot due, in a row (the retry waits longer after each). */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});
