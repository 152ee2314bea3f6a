import type { TMessageKey } from '@portal/contracts';
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
    async attempt(limits: TLimit[], message: TMessageKey = 'tooManyAttempts'): Promise<void> {
      let retryAfter = 0;
      for (const limit of limits) {
        const counted = await hit(limit);
        if (counted.hits > limit.limit) retryAfter = Math.max(retryAfter, counted.retryAfter);
      }
      if (retryAfter > 0) throw fail.tooManyAttempts(retryAfter, message);
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

    /** Counts one attempt under `limit`'s key and answers the count, refusing nothing. */
    count: (limit: TLimit) => hit(limit).then((counted) => counted.hits),

    /**
     * At most one attempt under `key` per `intervalSeconds`: takes the slot and answers 0 when
     * the last one taken is older, else the seconds until it is free (taking nothing). Atomic, so
     * a burst over any number of processes gets one slot.
     */
    async takeSlot(key: string, intervalSeconds: number): Promise<number> {
      const taken = await queryRows<{ key: string }>(
        deps.db,
        sql`insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
            on conflict (key) do update set window_start = now(), hits = rate_limits.hits + 1
              where rate_limits.window_start <= now() - make_interval(secs => ${intervalSeconds})
            returning key`,
      );
      if (taken.length > 0) return 0;
      const [row] = await queryRows<{ retry_after: string }>(
        deps.db,
        sql`select extract(epoch from window_start + make_interval(secs => ${intervalSeconds}) - now())::text as retry_after
            from rate_limits where key = ${key}`,
      );
      return Math.max(1, Number(row?.retry_after ?? 1));
    },

    /** Remembers `key` as seen now (e.g. an account signed in from an address). */
    async remember(key: string): Promise<void> {
      await deps.db.execute(
        sql`insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
            on conflict (key) do update set window_start = now(), hits = rate_limits.hits + 1`,
      );
    },

    /** Whether `key` was remembered within `windowSeconds`. */
    async remembered(key: string, windowSeconds: number): Promise<boolean> {
      const rows = await queryRows<{ key: string }>(
        deps.db,
        sql`select key from rate_limits
            where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
      );
      return rows.length > 0;
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
