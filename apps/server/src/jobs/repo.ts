import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * The persisted schedule (table job_schedule): one row per periodic job, its next slot and the
 * lease of the process running it. Every statement takes the caller's `now` (the app's clock), so
 * a test can move time; in production every machine reads its own synchronised clock.
 */

/** A job's row, unless it has one: its first slot is the one due now, run at once. */
export async function ensureRows(db: Db, rows: readonly { name: string; firstAt: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into job_schedule (name, next_at)
        select * from unnest(${`{${rows.map((row) => row.name).join(',')}}`}::text[],
                             ${`{${rows.map((row) => row.firstAt.toISOString()).join(',')}}`}::timestamptz[])
        on conflict (name) do nothing`,
  );
}

/**
 * Leases, until `leaseUntil`, every named job whose slot is due and that no process holds (a lease
 * past its time is free: its process died or stalled); answers each with the slot it is due for
 * and the failed runs of that slot so far. One statement: two processes never claim the same slot.
 */
export async function claimDue(
  db: Db,
  names: readonly string[],
  now: Date,
  leaseUntil: Date,
): Promise<{ name: string; slot: Date; failures: number }[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<{ name: string; next_at: Date | string; failures: number }>(
    db,
    sql`update job_schedule set leased_until = ${leaseUntil.toISOString()}::timestamptz,
               last_started_at = ${now.toISOString()}::timestamptz
        where name = any(${`{${names.join(',')}}`}::text[])
          and next_at <= ${now.toISOString()}::timestamptz
          and (leased_until is null or leased_until <= ${now.toISOString()}::timestamptz)
        returning name, next_at, failures`,
  );
  return rows.map((row) => ({ name: row.name, slot: new Date(row.next_at), failures: Number(row.failures) }));
}

/** Keeps a running job's lease, while its slot is still the one it runs. */
export async function extendLease(db: Db, name: string, slot: Date, leaseUntil: Date): Promise<void> {
  await db.execute(
    sql`update job_schedule set leased_until = ${leaseUntil.toISOString()}::timestamptz
        where name = ${name} and next_at = ${slot.toISOString()}::timestamptz`,
  );
}

/**
 * The slot ran: the job is free and due next at `nextAt`. Only while the slot is still the one
 * this process claimed: if its lease ran out and another process ran the slot, that one moved it.
 */
export async function completeSlot(db: Db, name: string, slot: Date, nextAt: Date, now: Date): Promise<void> {
  await db.execute(
    sql`update job_schedule set next_at = ${nextAt.toISOString()}::timestamptz, leased_until = null,
               failures = 0, last_error = null, last_finished_at = ${now.toISOString()}::timestamptz
        where name = ${name} and next_at = ${slot.toISOString()}::timestamptz`,
  );
}

/** The slot failed: it stays due, held until `retryAt` (its retry). */
export async function failSlot(
  db: Db,
  name: string,
  slot: Date,
  retryAt: Date,
  error: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`update job_schedule set leased_until = ${retryAt.toISOString()}::timestamptz,
               failures = failures + 1, last_error = ${error.slice(0, 2000)},
               last_finished_at = ${now.toISOString()}::timestamptz
        where name = ${name} and next_at = ${slot.toISOString()}::timestamptz`,
  );
}
