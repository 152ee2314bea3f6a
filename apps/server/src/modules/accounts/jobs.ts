import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { ONE_TIME_TOKEN_RETENTION_SECONDS, pruneOneTimeTokens } from './repo';

/** Reset and email-change links a week past their time (docs/decisions.md "Other expired rows"). */
export function accountJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'one-time-token-prune',
      everyMs: 3600_000,
      catchUp: 'latest',
      run: () => pruneOneTimeTokens(deps.db, ONE_TIME_TOKEN_RETENTION_SECONDS),
    },
  ];
}
