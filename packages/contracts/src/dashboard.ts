import { z } from 'zod';
import { MESSAGES } from './messages';
import { ZMoney } from './money';
import { ZBonusType } from './wallet';

// ---- dashboard (issue 9): the partner's own statistics ---------------------------------------------

/** The most months one income-by-month call reads. */
export const INCOME_MONTHS_MAX = 24;

/** POST /api/v1/mlm/income-by-month/: the last `months` calendar months (UTC), this one included. */
export const ZIncomeByMonthRequest = z
  .object({
    months: z
      .number({ error: MESSAGES.invalidValue })
      .int({ error: MESSAGES.invalidValue })
      .min(1, { error: MESSAGES.invalidValue })
      .max(INCOME_MONTHS_MAX, { error: MESSAGES.invalidValue })
      .default(12),
  })
  .strict();
export type TIncomeByMonthRequest = z.input<typeof ZIncomeByMonthRequest>;

/**
 * The caller's USDT bonuses credited in a month (`YYYY-MM`, UTC) by bonus type, less what a
 * refund took back of them (the header's lifetime totals, split by month). Months and types with
 * nothing are left out; sorted by month, then type.
 */
export const ZIncomeMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  bonus_type: ZBonusType,
  amount: ZMoney,
});
export type TIncomeMonth = z.infer<typeof ZIncomeMonth>;
export const ZIncomeByMonth = z.array(ZIncomeMonth);
export type TIncomeByMonth = z.infer<typeof ZIncomeByMonth>;
