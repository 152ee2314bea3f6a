import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { fail } from '../../http/errors';

export type TLimit = { key: string; limit: number; windowSeconds: number };

/**
 * Attempt counters in the database, so that every server process shares them. An attempt is
 * counted before it is tried: concurrent attempts cannot slip past the limit together.
 */
export function createRateLimiter(deps: { db: Db }) {
  async function hit(limit: TLimit): Promise<{ hits: number; retryAfter: number }> {
    const window = limit.windowSeconds;
    const rows = await queryRows<{ hits: number; retry_after: string }>(
      deps.db,
      sql`
      insert into rate_limits (key, window_start, hits) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                    then 1 else rate_limits.hits + 1 end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                    then now() else rate_limits.window_start end
      returning hits, extract(epoch from window_start + make_interval(secs => ${window}) - now())::text as retry_after`,
    );
    const row = rows[0]!;
    return { hits: Number(row.hits), retryAfter: Number(row.retry_after) };
  }

  return {
    /** Counts one attempt under every key; 429 when any of them is over its limit. */
    async attempt(limits: TLimit[]): Promise<void> {
      let retryAfter = 0;
      for (const limit of limits) {
        const counted = await hit(limit);
        if (counted.hits > limit.limit) retryAfter = Math.max(retryAfter, counted.retryAfter);
      }
      if (retryAfter > 0) throw fail.tooManyAttempts(retryAfter);
    },

    /**
     * For checks that many legitimate requests make at once (a finance password on concurrent
     * withdrawals): 429 when a key is already at its limit, counting nothing. Pair with
     * `countFailure`; a burst can overshoot the limit by the requests already in flight, each
     * still paying a full password hash.
     */
    async ensureUnder(limits: TLimit[]): Promise<void> {
      for (const limit of limits) {
        const [row] = await queryRows<{ hits: number; retry_after: string }>(
          deps.db,
          sql`select hits, extract(epoch from window_start + make_interval(secs => ${limit.windowSeconds}) - now())::text as retry_after
              from rate_limits where key = ${limit.key} and window_start > now() - make_interval(secs => ${limit.windowSeconds})`,
        );
        if (row && Number(row.hits) >= limit.limit) throw fail.tooManyAttempts(Number(row.retry_after));
      }
    },

    async countFailure(limits: TLimit[]): Promise<void> {
      for (const limit of limits) await hit(limit);
    },

    /** A successful attempt is not held against the keys. */
    async forgive(keys: string[]): Promise<void> {
      for (const key of keys) {
        await deps.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
      }
    },
  };
}

export type TRateLimiter = ReturnType<typeof createRateLimiter>;
