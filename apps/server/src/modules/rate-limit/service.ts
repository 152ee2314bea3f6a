import type { TMessageKey } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { fail } from '../../http/errors';

export type TLimit = { key: string; limit: number; windowSeconds: number };

/** How long an address an account signed in from stays its own: exempt from strangers' limits. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;
/** The longest the account's slow-down makes anyone wait between two attempts. */
export const MAX_SLOWDOWN_SECONDS = 60;

/**
 * Guesses at one account's secret (its password, its two-factor code) from one address
 * (docs/decisions.md "Rate limits"). `pair`: the account and address together, refused past its
 * limit; `stranger`: limits that apply only from an address the account has not proved its own
 * (`known`), refused past theirs; `account`: every address together, which never refuses, only
 * slows strangers down (one attempt per a delay doubling with each failure past the limit, up to
 * MAX_SLOWDOWN_SECONDS, the slot kept under `slowKey`), so no stranger locks the owner out.
 */
export type TGuessLimits = {
  pair: TLimit;
  stranger: TLimit[];
  account: TLimit;
  slowKey: string;
  known: boolean;
};

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

  const limiter = {
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

    /**
     * Deletes the counters whose window started more than `olderThanSeconds` ago: past every
     * window that reads them (the caller passes the longest), they count for nothing. Answers how
     * many went.
     */
    async prune(olderThanSeconds: number): Promise<number> {
      const gone = await queryRows<{ key: string }>(
        deps.db,
        sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})
            returning key`,
      );
      return gone.length;
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

    /**
     * Counts one guess under `limits` (TGuessLimits): 429 when refused or slowed down (a refused
     * guess is no guess: it is not counted). Answers the keys to `forgive` once the guess was right.
     */
    async guess(limits: TGuessLimits): Promise<string[]> {
      const { pair, stranger, account, slowKey, known } = limits;
      const refusing = [pair, ...(known ? [] : stranger)];
      await limiter.attempt(refusing);
      const accountAttempts = await hit(account).then((counted) => counted.hits);
      const counted = [account.key, ...refusing.map((limit) => limit.key)];
      if (!known && accountAttempts > account.limit) {
        const delay = Math.min(2 ** Math.min(accountAttempts - account.limit - 1, 30), MAX_SLOWDOWN_SECONDS);
        const wait = await limiter.takeSlot(slowKey, delay);
        if (wait > 0) {
          await limiter.forgive(counted);
          throw fail.tooManyAttempts(wait);
        }
      }
      return counted;
    },

    /** A successful attempt is not held against the keys. */
    async forgive(keys: string[]): Promise<void> {
      for (const key of keys) {
        await deps.db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
      }
    },
  };
  return limiter;
}

export type TRateLimiter = ReturnType<typeof createRateLimiter>;
