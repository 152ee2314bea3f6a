import {
  foldEvent,
  PLAN_V1,
  type TFoldEvent,
  type TFoldOptions,
  type TFoldPosting,
} from '@portal/compensation';
import type { Db } from '../../db/client';
import {
  cursorOf,
  eventsAfter,
  hasBacklog,
  horizon,
  moveCursor,
  type TEventRow,
  toFoldEvent,
} from './events';
import { tryFoldLock } from './fold-repo';
import { loadState } from './load';
import { BatchWriter } from './write';

/**
 * The ordered fold (compensation-plan.md sections 4, 5, 5a; docs/compensation.md "The fold"): one
 * consumer at a time across every process and machine (an advisory lock taken without waiting)
 * reads the next events in order, computes their postings in memory with the engine
 * (packages/compensation), writes them set-based and moves its cursor, all in one transaction. A
 * consumer killed mid-batch leaves nothing: the next one folds the same events once.
 *
 * A refund is folded in a batch of its own: its reversals take back what the payees hold, read
 * under lock in that transaction.
 */

/** Events folded per transaction, at most. */
export const FOLD_BATCH = 500;

/**
 * Payouts the engine computes before it hands them to PostgreSQL, which writes them while the
 * engine computes the next (some 26 paying events deep in a mature network; half a megabyte of
 * `COPY`).
 */
export const FOLD_PART = 4000;

export type TBatch = { folded: number; more: boolean; postings: readonly TFoldPosting[] };

/**
 * Folds until no event is left that may be folded; answers how many were folded. When another
 * process holds the fold, answers at once (that one drains). A batch that loses a deadlock or a
 * serialization conflict is rolled back whole and tried again.
 */
export async function drainFold(db: Db, batch = FOLD_BATCH, part = FOLD_PART): Promise<number> {
  // Most looks find nothing: one read says so.
  if (!(await hasBacklog(db))) return 0;
  let total = 0;
  for (;;) {
    const result = await retried(() => db.transaction((tx) => foldBatch(tx, batch, part)));
    if (result === null) return total;
    total += result.folded;
    if (!result.more) return total;
  }
}

/**
 * One batch in the caller's transaction: null when another transaction holds the fold. The engine
 * hands its payouts over `part` at a time (or more: an event's all go together), each part written
 * while it computes the next.
 */
export async function foldBatch(tx: Db, limit: number, part = FOLD_PART): Promise<TBatch | null> {
  if (!(await tryFoldLock(tx))) return null;
  const cursor = await cursorOf(tx);
  const below = await horizon(tx);
  const rows = await eventsAfter(tx, cursor, below, limit);
  if (rows.length === 0) return { folded: 0, more: false, postings: [] };
  const batch = cutAtRefund(rows);
  const events = batch.map(toFoldEvent).filter((event): event is TFoldEvent => event !== null);
  const loaded = await loadState(tx, events, cursor);
  const options: TFoldOptions = {
    available: (userId, currency) => loaded.held.get(`${userId}:${currency}`) ?? 0n,
  };
  const writer = new BatchWriter(tx, loaded);
  let computed: TFoldPosting[] = [];
  for (const [index, event] of events.entries()) {
    for (const posting of foldEvent(PLAN_V1, loaded.state, event, options)) computed.push(posting);
    if (computed.length >= part) {
      await writer.add(computed, index < events.length - 1);
      computed = [];
    }
  }
  await writer.add(computed, false);
  await writer.finish(batch);
  const last = batch[batch.length - 1]!;
  await moveCursor(tx, { xid: last.xid, eventId: last.id }, batch.length);
  return {
    folded: batch.length,
    more: batch.length < rows.length || rows.length === limit,
    postings: writer.postings,
  };
}

/** The events up to the first refund, or the refund alone when it comes first. */
function cutAtRefund(rows: readonly TEventRow[]): TEventRow[] {
  const refund = rows.findIndex((row) => row.kind === 'refund');
  if (refund === -1) return [...rows];
  return refund === 0 ? [rows[0]!] : rows.slice(0, refund);
}

async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
    }
  }
}

/** A deadlock (40P01) or serialization failure (40001), looking through wrapped errors. */
function retryable(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code } = current as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
