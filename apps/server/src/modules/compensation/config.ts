import { z } from 'zod';
import { ConfigError, configSlice } from '../../lib/env';
import { PLAN } from './plan';

/** The bonus fold (FOLD_*), the replay audit's period, and the plan's Hot Winter window (HOT_WINTER_*). */
export const compensationConfig = configSlice({
  env: {
    /** How often the bonus fold looks for new events (the invite shows within 2 seconds, every bonus within 5). */
    FOLD_WORKER_SECONDS: z.coerce.number().min(0.02).max(2).default(0.1),
    /**
     * After a fold, how long a purchase's wake-up waits before the next one: under a stream of
     * purchases the fold takes them in bigger batches (fewer transactions beside the purchases),
     * while a purchase after a quiet spell is folded at once.
     */
    FOLD_SETTLE_SECONDS: z.coerce.number().min(0).max(2).default(0.25),
    /** Events the bonus fold folds per transaction, at most. */
    FOLD_BATCH_SIZE: z.coerce.number().int().min(1).max(20_000).default(500),
    /** How often the replay audit runs by itself, in hours (0: never; it still runs from the admin screen and the command). */
    BONUS_AUDIT_EVERY_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 30)
      .default(24),
    /** The Hot Winter promo window [from, to) (compensation-plan.md section 9): the plan's dates by default. */
    HOT_WINTER_FROM: z.iso.datetime({ offset: true }).default(PLAN.hotWinter.from),
    HOT_WINTER_TO: z.iso.datetime({ offset: true }).default(PLAN.hotWinter.to),
  },
  build: (env) => ({
    /** The bonus fold (modules/compensation): how often it looks for events, the settle gap between woken folds, and its batch size. */
    fold: {
      everyMs: Math.round(env.FOLD_WORKER_SECONDS * 1000),
      settleMs: Math.round(env.FOLD_SETTLE_SECONDS * 1000),
      batchSize: env.FOLD_BATCH_SIZE,
      auditEveryHours: env.BONUS_AUDIT_EVERY_HOURS,
    },
    /** The Hot Winter gift's window [from, to), ISO instants (HOT_WINTER_FROM, HOT_WINTER_TO). */
    hotWinter: hotWinterWindow(env.HOT_WINTER_FROM, env.HOT_WINTER_TO),
  }),
});

function hotWinterWindow(from: string, to: string): { from: string; to: string } {
  if (Date.parse(to) <= Date.parse(from))
    throw new ConfigError('HOT_WINTER_TO: must be after HOT_WINTER_FROM');
  return { from, to };
}
