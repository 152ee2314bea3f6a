import { and, eq, sql } from 'drizzle-orm';
import { type Db, insertValues, queryRows } from '../../db/client';
import { deleteInBatches, PRUNE_BATCH } from '../../db/prune';
import { idempotencyKeys } from './schema';
import { fail } from '../../http/errors';
import { StoredAnswer, type TIdempotency } from '../../http/idempotency';

/** The types live with the HTTP layer (http/idempotency.ts), which reads the key from the request. */
export { StoredAnswer, type TIdempotency };

async function find(db: Db, idempotency: TIdempotency) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, idempotency.userId),
        eq(idempotencyKeys.scope, idempotency.scope),
        eq(idempotencyKeys.key, idempotency.key),
      ),
    );
  return row;
}

function answerOf(row: Awaited<ReturnType<typeof find>>, idempotency: TIdempotency): StoredAnswer | null {
  if (!row) return null;
  if (row.requestHash !== idempotency.requestHash) throw fail.conflict('idempotencyKeyReused');
  return new StoredAnswer(row.statusCode, row.response);
}

/** Before any work: the stored answer of a key already used, or 409 when the request differs. */
export async function storedAnswer(db: Db, idempotency: TIdempotency | null): Promise<StoredAnswer | null> {
  return idempotency ? answerOf(await find(db, idempotency), idempotency) : null;
}

/** Thrown to roll a transaction of this module back on purpose (`once`, `answered`). */
class RolledBack extends Error {}

/**
 * Runs `work` in one transaction with the key's record: the money moves and the answer is kept
 * together, or neither. `work` returns the answer the client gets (it is what a replay sends).
 *
 * The key is written last, with its answer, in the same statement that claims it
 * (docs/decisions.md "The key is written with its answer"): one statement for the key, not a
 * claim before the work and its answer after. A key answered before, or by a request racing with
 * the same key (the insert waits for that one's commit), keeps the first answer: this work rolls
 * back and the first answer is sent, or 409 when the request differs. When `work` fails, the key
 * is looked up in the same way before the error is answered: a retry that no longer goes through
 * (the money was spent by the first) answers what the first one answered.
 */
export async function once<T extends object>(
  db: Db,
  idempotency: TIdempotency | null,
  statusCode: number,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!idempotency) return db.transaction(work);
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (!(await claim(tx, idempotency, statusCode, result))) throw new RolledBack('answered meanwhile');
      return result;
    });
  } catch (error) {
    const stored = await answered(db, idempotency);
    if (stored) throw stored;
    if (error instanceof RolledBack)
      throw new Error('An idempotency key was answered, then gone', { cause: error });
    throw error;
  }
}

/** Writes the key with its answer; false when it is there already (after waiting for a racing commit). */
async function claim(
  db: Db,
  idempotency: TIdempotency,
  statusCode: number,
  response: object,
): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`${insertValues(idempotencyKeys, { ...idempotency, statusCode, response })}
        on conflict do nothing returning key`,
  );
  return rows.length === 1;
}

/**
 * The answer kept for the key, waiting for a request racing with the same key to commit or roll
 * back first (a claim that is rolled back: nothing is written); null when there is none.
 */
async function answered(db: Db, idempotency: TIdempotency): Promise<StoredAnswer | null> {
  try {
    return await db.transaction(async (tx) => {
      if (await claim(tx, idempotency, 0, {})) throw new RolledBack('no answer');
      return answerOf(await find(tx, idempotency), idempotency);
    });
  } catch (error) {
    if (error instanceof RolledBack) return null;
    throw error;
  }
}

/**
 * How long a key's answer is replayed (docs/decisions.md "Other expired rows"). A client retries
 * a lost answer within minutes or hours, not a month later: the key sent again after that is a
 * new request.
 */
export const IDEMPOTENCY_KEY_SECONDS = 30 * 24 * 60 * 60;

/** A key's primary key, as text (the user id too: both drivers read text alike). */
type TKeyOf = { userId: string; scope: string; key: string };

/**
 * Deletes the keys used more than `olderThanSeconds` ago, `batch` at a time in primary-key order
 * (db/prune.ts). Answers how many went.
 */
export function pruneIdempotencyKeys(db: Db, olderThanSeconds: number, batch = PRUNE_BATCH): Promise<number> {
  return deleteInBatches<TKeyOf>(batch, async (after) => {
    const [row] = await queryRows<{
      deleted: number;
      userId: string | null;
      scope: string | null;
      key: string | null;
    }>(
      db,
      sql`with doomed as (
            select user_id, scope, key from idempotency_keys
            where created_at < now() - make_interval(secs => ${olderThanSeconds})
              ${after === null ? sql`` : sql`and (user_id, scope, key) > (${after.userId}::bigint, ${after.scope}::text, ${after.key}::text)`}
            order by user_id, scope, key limit ${batch} for update skip locked),
          gone as (delete from idempotency_keys where (user_id, scope, key) in (select * from doomed)
                   returning user_id, scope, key),
          last as (select * from gone order by user_id desc, scope desc, key desc limit 1)
          select (select count(*) from gone)::int as deleted, (select user_id::text from last) as "userId",
                 (select scope from last) as scope, (select key from last) as key`,
    );
    const { deleted, userId, scope, key } = row!;
    return { deleted: Number(deleted), last: userId === null ? null : { userId, scope: scope!, key: key! } };
  });
}
