import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { pruneSessions, SESSION_RETENTION_SECONDS } from './repo';

/** Sessions ended (expired or revoked) more than their retention ago (docs/decisions.md "Other expired rows"). */
export function sessionJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'session-prune',
      everyMs: 24 * 3600_000,
      catchUp: 'latest',
      run: () => pruneSessions(deps.db, SESSION_RETENTION_SECONDS),
    },
  ];
}
