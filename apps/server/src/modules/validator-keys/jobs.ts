import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { distributeValidatorFees, utcDay, type TValidatorKeys } from './service';

const DAY = 24 * 3600 * 1000;

/**
 * `validator-key-expiry` (every minute) closes keys past their time (reads close the reader's own
 * anyway); `validator-fees` (daily, at midnight UTC) shares the configured daily DXN fee of the UTC
 * day that ended among the keys activated by its end (VALIDATOR_DAILY_FEE_DXN; 0 = off). A day the
 * servers were down is shared after the restart, each missed day once.
 */
export function validatorKeyJobs(deps: { db: Db; config: TConfig; validatorKeys: TValidatorKeys }): TJob[] {
  const fee = deps.config.validatorKeys.dailyFeeDxn;
  return [
    {
      kind: 'worker',
      name: 'validator-key-expiry',
      everyMs: 60_000,
      run: () => deps.validatorKeys.expire(),
    },
    ...(fee > 0n
      ? [
          {
            kind: 'schedule',
            name: 'validator-fees',
            everyMs: DAY,
            catchUp: 'each',
            run: (slot: Date) =>
              distributeValidatorFees(deps.db, fee, utcDay(new Date(slot.getTime() - DAY))),
          } satisfies TJob,
        ]
      : []),
  ];
}
