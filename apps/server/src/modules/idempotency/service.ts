import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
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

/**
 * Runs `work` in one transaction with the key's record: the money moves and the answer is kept
 * together, or neither. `work` returns the answer the client gets (it is what a replay sends). A request racing with the same key waits for the first one's commit on
 * the key's row, then answers what the first one answered.
 */
export async function once<T extends object>(
  db: Db,
  idempotency: TIdempotency | null,
  statusCode: number,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (idempotency) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ ...idempotency, statusCode, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const stored = answerOf(await find(tx, idempotency), idempotency);
        if (stored) throw stored;
      }
    }
    const result = await work(tx);
    if (idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ response: result })
        .where(
          and(
            eq(idempotencyKeys.userId, idempotency.userId),
            eq(idempotencyKeys.scope, idempotency.scope),
            eq(idempotencyKeys.key, idempotency.key),
          ),
        );
    }
    return result;
  });
}
