import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { drainFold, nightlyAudit, payNodeIncome, queueLeaderPool } from './service';

const HOUR = 3600_000;

/**
 * The bonus fold: every bonus, from the recorded events in their order (docs/compensation.md "The
 * fold"); the replay audit, nightly (every event replayed and compared with the ledger); node income
 * for each whole day a node has run, and the leader pool of the month before, once. The hourly ones
 * look at everything due, so after downtime one run catches up.
 */
export function compensationJobs(deps: { db: Db; fold: TConfig['fold'] }): TJob[] {
  const { db, fold } = deps;
  return [
    {
      kind: 'worker',
      name: 'bonus-fold',
      everyMs: fold.everyMs,
      wake: true,
      settleMs: fold.settleMs,
      run: () => drainFold(db, fold.batchSize),
    },
    ...(fold.auditEveryHours > 0
      ? [
          {
            kind: 'schedule',
            name: 'bonus-audit',
            everyMs: HOUR,
            catchUp: 'latest',
            run: () => nightlyAudit(db, fold.auditEveryHours),
          } satisfies TJob,
        ]
      : []),
    { kind: 'schedule', name: 'node-income', everyMs: HOUR, catchUp: 'latest', run: () => payNodeIncome(db) },
    {
      kind: 'schedule',
      name: 'leader-pool',
      everyMs: HOUR,
      catchUp: 'latest',
      run: () => queueLeaderPool(db),
    },
  ];
}
