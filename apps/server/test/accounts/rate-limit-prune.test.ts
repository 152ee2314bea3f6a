import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createRateLimiter, KNOWN_ADDRESS_SECONDS } from '../../src/modules/rate-limit/service';
import { testApp } from '../helpers/app';

describe('rate-limit counters', () => {
  it('are pruned once past the longest window that reads them, and not before', async () => {
    const app = await testApp();
    const { db } = app.database;
    const limiter = createRateLimiter({ db });
    const day = 86_400;
    for (const [key, daysAgo] of [
      ['login:ip:192.0.2.7', 0.01],
      ['known:7:192.0.2.8', 29],
      ['known:7:192.0.2.9', 31],
      ['register:ip:192.0.2.10', 90],
    ] as const)
      await db.execute(
        sql`insert into rate_limits (key, window_start, hits)
            values (${key}, now() - make_interval(secs => ${daysAgo * day}), 1)`,
      );

    expect(await limiter.prune(KNOWN_ADDRESS_SECONDS)).toBe(2);
    const left = await queryRows<{ key: string }>(db, sql`select key from rate_limits order by key`);
    expect(left.map((row) => row.key)).toEqual(['known:7:192.0.2.8', 'login:ip:192.0.2.7']);
    // An address the owner signed in from 29 days ago is still theirs.
    expect(await limiter.remembered('known:7:192.0.2.8', KNOWN_ADDRESS_SECONDS)).toBe(true);
    expect(await limiter.prune(KNOWN_ADDRESS_SECONDS)).toBe(0);
  });
});
