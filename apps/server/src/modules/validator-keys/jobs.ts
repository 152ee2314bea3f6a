import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { distributeValidatorFees, utcDay, type TValidatorKeys } from './service';

const DAY = 24 * 3600 * 1000;

/**
 * `validator-key-expiry` (every minute) closes keys past their time (reads close the reader's own
 * anyway); `validator-fees` (hourly) shares the configured daily DXN fee of the UTC day that ended
 * among the keys activated by its end, once per day (VALIDATOR_DAILY_FEE_DXN; 0 = off).
 */
export function validatorKeyJobs(deps: { db: Db; config: TConfig; validatorKeys: TValidatorKeys }): TJob[] {
  const fee = deps.config.validatorKeys.dailyFeeDxn;
  return [
    {
      name: 'validator-key-expiry',
      everyMs: 60_000,
      run: async () => void (await deps.validatorKeys.expire()),
    },
    ...(fee > 0n
      ? [
          {
            name: 'validator-fees',
            everyMs: 60 * 60 * 1000,
            run: async () =>
              void (await distributeValidatorFees(deps.db, fee, utcDay(new Date(Date.now() - DAY)))),
          },
        ]
      : []),
  ];
}
