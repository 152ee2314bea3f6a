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

    /** A successful attempt is not held against the keys. */
    async forgive(keys: string[]): Promise<void> {
      for (const key of keys) {
        await deps.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
      }
    },
  };
}

export type TRateLimiter = ReturnType<typeof createRateLimiter>;
