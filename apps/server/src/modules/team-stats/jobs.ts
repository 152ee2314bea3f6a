import type { Db } from '../../db/client';
import { type TJob, WAKE_SETTLE_MS } from '../../jobs/scheduler';
import { drainTeamCounters } from './service';

/** Team counters from new partners, node changes and tariff purchases (docs/team.md "Counters"). */
export function teamStatsJobs(deps: { db: Db; everyMs: number }): TJob[] {
  return [
    {
      kind: 'worker',
      name: 'team-counters',
      everyMs: deps.everyMs,
      wake: true,
      settleMs: WAKE_SETTLE_MS,
      run: () => drainTeamCounters(deps.db),
    },
  ];
}
