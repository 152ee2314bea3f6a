import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { IDEMPOTENCY_KEY_SECONDS, pruneIdempotencyKeys } from './service';

/** Idempotency keys first used more than 30 days ago (docs/decisions.md "Other expired rows"). */
export function idempotencyJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'idempotency-key-prune',
      everyMs: 24 * 3600_000,
      catchUp: 'latest',
      run: () => pruneIdempotencyKeys(deps.db, IDEMPOTENCY_KEY_SECONDS),
    },
  ];
}
