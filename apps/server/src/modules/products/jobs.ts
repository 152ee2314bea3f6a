import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { payDueTokenPacks } from './service';

/** Token packs' yields, every payment that has come due (any missed ones too: it pays all due). */
export function productJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'token-pack-yields',
      everyMs: 10 * 60_000,
      catchUp: 'latest',
      run: () => payDueTokenPacks(deps.db),
    },
  ];
}
