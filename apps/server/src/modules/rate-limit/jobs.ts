import type { TJob } from '../../jobs/scheduler';
import { KNOWN_ADDRESS_SECONDS, type TRateLimiter } from './service';

const HOUR = 3600_000;

/** Counters past every window that reads them: the longest, a known address's 30 days. */
export function rateLimitJobs(deps: { rateLimiter: TRateLimiter; windowSeconds: number }): TJob[] {
  return [
    {
      kind: 'schedule',
      name: 'rate-limit-prune',
      everyMs: HOUR,
      catchUp: 'latest',
      run: () => deps.rateLimiter.prune(Math.max(KNOWN_ADDRESS_SECONDS, deps.windowSeconds)),
    },
  ];
}
