import type { TFraudSignalDetails, TFraudSignalKind, TFraudSignalsQuery } from '@portal/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { fraudSignals } from './schema';

export type TFraudSignalRow = typeof fraudSignals.$inferSelect;

/** One signal as a detection found it: what the check records (read-models/fraud finds them). */
export type TDetectedSignal = {
  kind: TFraudSignalKind;
  key: string;
  /** Ascending. */
  userIds: number[];
  details: TFraudSignalDetails;
  firstSeen: Date;
  lastSeen: Date;
};

/** Signals recorded per statement. */
const RECORD_BATCH = 500;

/**
 * Records what a check found, in one transaction that checks run in turn (two processes, or the
 * button beside the schedule): a new key is a new open signal; a known one takes the union of
 * its accounts, the newest details and the wider times, and a decided one that gains an account
 * opens again (reopened_at). A signal found exactly as it is is not written, so a second check
 * of the same data changes nothing.
 */
export async function recordSignals(
  db: Db,
  found: readonly TDetectedSignal[],
): Promise<{ opened: number; reopened: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.fraudScan})`);
    let opened = 0;
    let reopened = 0;
    for (let start = 0; start < found.length; start += RECORD_BATCH) {
      const batch = found.slice(start, start + RECORD_BATCH).map((signal) => ({
        kind: signal.kind,
        key: signal.key,
        user_ids: signal.userIds,
        details: signal.details,
        first_seen: signal.firstSeen.toISOString(),
        last_seen: signal.lastSeen.toISOString(),
      }));
      const joined = sql`(f.status <> 'open' and not excluded.user_ids <@ f.user_ids)`;
      const rows = await queryRows<{ inserted: boolean; reopened: boolean }>(
        tx,
        sql`insert into fraud_signals as f (kind, key, user_ids, details, first_seen, last_seen)
            select d.kind, d.key, d.user_ids, d.details, d.first_seen, d.last_seen
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as d(
              kind text, key text, user_ids bigint[], details jsonb, first_seen timestamptz, last_seen timestamptz)
            on conflict (key) do update set
              user_ids = array(select distinct u from unnest(f.user_ids || excluded.user_ids) as u order by u),
              details = excluded.details,
              first_seen = least(f.first_seen, excluded.first_seen),
              last_seen = greatest(f.last_seen, excluded.last_seen),
              status = case when ${joined} then 'open' else f.status end,
              reopened_at = case when ${joined} then now() else f.reopened_at end
            where not (excluded.user_ids <@ f.user_ids and f.details = excluded.details
              and f.first_seen <= excluded.first_seen and f.last_seen >= excluded.last_seen)
            returning (xmax = 0) as inserted, coalesce(f.reopened_at = now(), false) as reopened`,
      );
      opened += rows.filter((row) => row.inserted).length;
      reopened += rows.filter((row) => !row.inserted && row.reopened).length;
    }
    return { opened, reopened };
  });
}

/** A page of the review queue by status (and kind): the latest evidence first. */
export async function signalPage(
  db: Db,
  filter: Pick<TFraudSignalsQuery, 'status' | 'kind'>,
  offset: number,
  limit: number,
): Promise<{ count: number; rows: TFraudSignalRow[] }> {
  const where = and(
    eq(fraudSignals.status, filter.status),
    filter.kind ? eq(fraudSignals.kind, filter.kind) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fraudSignals)
      .where(where)
      .orderBy(desc(fraudSignals.lastSeen), desc(fraudSignals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(fraudSignals).where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function lockSignal(db: Db, id: number): Promise<TFraudSignalRow | undefined> {
  const [row] = await db.select().from(fraudSignals).where(eq(fraudSignals.id, id)).for('update');
  return row;
}

/** Support's decision: the status, who, when and why (the last decision is what the row keeps). */
export async function decideSignal(
  db: Db,
  id: number,
  decision: { status: 'confirmed' | 'dismissed'; decidedBy: number; reason: string },
): Promise<TFraudSignalRow> {
  const [row] = await db
    .update(fraudSignals)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(fraudSignals.id, id))
    .returning();
  return row!;
}
