import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { unlockAllDue } from './service';

/** Locked DexNet whose time has come is unlocked, every lot due (missed hours too). */
export function dftJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'dft-unlock',
      everyMs: 3600_000,
      catchUp: 'latest',
      run: () => unlockAllDue(deps.db),
    },
  ];
}
