import type { TJob } from '../../jobs/scheduler';
import type { TFraud } from './service';

/** The fraud check, on the persisted schedule (FRAUD_CHECK_MINUTES): it looks at everything each time. */
export function fraudJobs(deps: { fraud: TFraud; everyMs: number }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'fraud-check',
      everyMs: deps.everyMs,
      catchUp: 'latest',
      run: () => deps.fraud.check(),
    },
  ];
}
