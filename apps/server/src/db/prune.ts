import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from './client';

/** Rows pruned per statement unless the caller says otherwise. */
export const PRUNE_BATCH = 1000;

/** One batch of a prune: how many rows it deleted, and the key of the last one (null: none). */
export type TPruneBatch<K> = { deleted: number; last: K | null };

/**
 * Runs `deleteAfter` until a batch deletes fewer than `batch` rows, and answers how many went.
 * `deleteAfter(after)` is one statement that deletes the first `batch` rows due, in key order,
 * whose key comes after `after` (from the start when null), locking them `for update skip locked`
 * so that processes pruning at once share the rows.
 *
 * Why batches: each is its own statement, so a backlog of millions never holds one long
 * transaction or its locks. Why after the last key: the rows a batch deleted stay in the table and
 * its indexes until vacuum, and a batch that started from the beginning again would walk over all
 * of them; this way a backlog costs one pass, not one per batch. Call it outside a transaction.
 */
export async function deleteInBatches<K>(
  batch: number,
  deleteAfter: (after: K | null) => Promise<TPruneBatch<K>>,
): Promise<number> {
  // A batch of 0 would never delete fewer than itself: the loop would not end.
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`Not a batch size: ${batch}`);
  let total = 0;
  let after: K | null = null;
  for (;;) {
    const { deleted, last } = await deleteAfter(after);
    total += deleted;
    if (deleted < batch || last === null) return total;
    after = last;
  }
}

/**
 * Deletes the rows of `table` where `due` holds, `batch` at a time in the order of `key`, a
 * single-column primary key (deleteInBatches). Answers how many went.
 */
export function deleteDue(db: Db, table: PgTable, key: PgColumn, due: SQL, batch: number): Promise<number> {
  return deleteInBatches<string>(batch, async (after) => {
    const [row] = await queryRows<{ deleted: number; last: string | null }>(
      db,
      sql`with doomed as (
            select ${key} as k from ${table}
            where (${due}) ${after === null ? sql`` : sql`and ${key} > ${after}`}
            order by ${key} limit ${batch} for update skip locked),
          gone as (delete from ${table} where ${key} in (select k from doomed) returning ${key} as k)
          select (select count(*) from gone)::int as deleted,
                 (select g.k::text from gone g order by g.k desc limit 1) as last`,
    );
    return { deleted: Number(row!.deleted), last: row!.last };
  });
}
