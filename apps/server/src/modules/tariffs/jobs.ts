import type { TJob } from '../../jobs/scheduler';
import type { TTariffs } from './service';

/** Tariff requests left unpaid past their time are removed. */
export function tariffJobs(deps: { tariffs: TTariffs }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'tariff-request-cleanup',
      everyMs: 3600_000,
      catchUp: 'latest',
      run: () => deps.tariffs.cleanup(),
    },
  ];
}
