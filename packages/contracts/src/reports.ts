import { z } from 'zod';
import { zDate, ZTimestamp } from './common';
import { MESSAGES } from './messages';
import { CURRENCIES } from './minor-units';
import { ZMoney } from './money';
import { ZProductKind } from './shop';
import { CHAIN_CURRENCIES, ZBonusType, ZWithdrawalStatus } from './wallet';

/**
 * The back office's reports (issue 22, finance): each over a range of days (UTC, both ends
 * included), as a table of figures, and as CSV of the rows behind it
 * (`GET /api/v1/admin/reports/{kind}/` and `.../{kind}/csv/`).
 */
export const REPORT_KINDS = [
  'sales',
  'bonuses',
  'payouts',
  'debts',
  'top-earners',
  'ranks',
  'new-partners',
] as const;
export const ZReportKind = z.enum(REPORT_KINDS, { error: MESSAGES.invalidValue });
export type TReportKind = z.infer<typeof ZReportKind>;

/** The periods a report's rows are summed by. */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;

/** A report by day spans at most this many days (its table would be longer than anyone reads). */
export const REPORT_DAYS_BY_DAY = 366;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Both ends are days (each is refused on its own otherwise): only then is the range checked. */
const bothDays = (query: { from: string; to: string }) =>
  zDate.safeParse(query.from).success && zDate.safeParse(query.to).success;

export const ZReportQuery = z
  .object({
    from: zDate,
    to: zDate,
    /** Weeks start on Monday (ISO); a period is named by its first day. */
    group: z.enum(REPORT_GROUPS, { error: MESSAGES.invalidValue }).default('day'),
  })
  .refine((query) => !bothDays(query) || query.from <= query.to, {
    error: MESSAGES.dateRangeInvalid,
    path: ['to'],
  })
  .refine(
    (query) =>
      !bothDays(query) ||
      query.group !== 'day' ||
      dayNumber(query.to) - dayNumber(query.from) < REPORT_DAYS_BY_DAY,
    { error: MESSAGES.reportTooManyDays, path: ['group'] },
  );
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** A partner as a report names them. */
const ZReportPartner = {
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
};

/** Sales by period and product: completed purchases (a refunded one is counted in `refunded`). */
export const ZSalesReport = z.object({
  rows: z.array(
    z.object({
      period: z.iso.date(),
      product_id: z.number().int(),
      product: z.string(),
      kind: ZProductKind,
      purchases: z.number().int(),
      units: z.number().int(),
      /** What the buyers were charged, in USDT (the net price, whatever currency they paid in). */
      amount: ZMoney,
      bv: ZMoney,
      refunded: z.number().int(),
    }),
  ),
  total: z.object({ purchases: z.number().int(), amount: ZMoney, bv: ZMoney }),
});
export type TSalesReport = z.infer<typeof ZSalesReport>;

/** Bonuses by type and currency: what the fold paid in the range, and what reversals took back. */
export const ZBonusesReport = z.object({
  rows: z.array(
    z.object({
      bonus_type: ZBonusType,
      currency: z.enum(CURRENCIES),
      payouts: z.number().int(),
      gross: ZMoney,
      credited: ZMoney,
      lost: ZMoney,
      /** What reversals in the range took back from the credited part (a positive figure). */
      reversed: ZMoney,
    }),
  ),
});
export type TBonusesReport = z.infer<typeof ZBonusesReport>;

/** Withdrawals asked for in the range, by period, currency and where they stand. */
export const ZPayoutsReport = z.object({
  rows: z.array(
    z.object({
      period: z.iso.date(),
      currency: z.enum(CHAIN_CURRENCIES),
      status: ZWithdrawalStatus,
      count: z.number().int(),
      amount: ZMoney,
      fee: ZMoney,
    }),
  ),
});
export type TPayoutsReport = z.infer<typeof ZPayoutsReport>;

/** The partners who owe the most (USDT): debts left in the range by reversals, and what is open of them now. */
export const ZDebtsReport = z.object({
  rows: z.array(
    z.object({
      ...ZReportPartner,
      debts: z.number().int(),
      amount: ZMoney,
      repaid: ZMoney,
      open: ZMoney,
      since: ZTimestamp,
    }),
  ),
  total: z.object({ partners: z.number().int(), amount: ZMoney, repaid: ZMoney, open: ZMoney }),
});
export type TDebtsReport = z.infer<typeof ZDebtsReport>;

/** The partners credited the most USDT of bonuses in the range. */
export const ZTopEarnersReport = z.object({
  rows: z.array(
    z.object({
      ...ZReportPartner,
      payouts: z.number().int(),
      credited: ZMoney,
      lost: ZMoney,
    }),
  ),
});
export type TTopEarnersReport = z.infer<typeof ZTopEarnersReport>;

/** Qualification ranks reached in the range: how many of each, and the newest achievers. */
export const ZRanksReport = z.object({
  by_rank: z.array(z.object({ rank: z.string(), count: z.number().int() })),
  rows: z.array(
    z.object({
      ...ZReportPartner,
      rank: z.string(),
      reached_at: ZTimestamp,
      /** The rank's one-time bonus, as much of it as the cap let through. */
      credited: ZMoney,
    }),
  ),
});
export type TRanksReport = z.infer<typeof ZRanksReport>;

/** Sign-ups by period, and how many of them hold a tariff by now. */
export const ZNewPartnersReport = z.object({
  rows: z.array(
    z.object({
      period: z.iso.date(),
      signed_up: z.number().int(),
      with_tariff: z.number().int(),
    }),
  ),
  total: z.object({ signed_up: z.number().int(), with_tariff: z.number().int() }),
});
export type TNewPartnersReport = z.infer<typeof ZNewPartnersReport>;

/** The answer of each report. */
export const REPORT_ANSWERS = {
  sales: ZSalesReport,
  bonuses: ZBonusesReport,
  payouts: ZPayoutsReport,
  debts: ZDebtsReport,
  'top-earners': ZTopEarnersReport,
  ranks: ZRanksReport,
  'new-partners': ZNewPartnersReport,
} as const satisfies Record<TReportKind, z.ZodType>;
export type TReportAnswers = { [K in TReportKind]: z.infer<(typeof REPORT_ANSWERS)[K]> };

/** How many partners a ranking (top earners, debts) and the newest rank achievers list. */
export const REPORT_TOP = 100;
