import { z } from 'zod';
import { ZConfigWindow } from './configs';
import { ZMoney } from './money';

// ---- seasonal promotions (compensation-plan.md section 9; docs/decisions.md "Seasonal promotions") ----

/** The winter promo statuses, lowest first. */
export const WINTER_STATUSES = ['Silver', 'Gold', 'Platinum'] as const;
export const ZWinterStatus = z.enum(WINTER_STATUSES);
export type TWinterStatus = z.infer<typeof ZWinterStatus>;

/** Each status's reward, as a text key: a ticket refund, a Dubai trip up to $1000, a VIP ticket with a 3-day stay. */
export const ZWinterReward = z.enum(['ticket_refund', 'dubai_trip', 'vip_ticket_stay']);
export type TWinterReward = z.infer<typeof ZWinterReward>;

/** Why a partner takes no part (yet): no Active tariff, a tariff below the minimum, no personal sale. */
export const ZWinterIneligibility = z.enum(['no_active_tariff', 'tariff_below_minimum', 'no_personal_sale']);
export type TWinterIneligibility = z.infer<typeof ZWinterIneligibility>;

/** One status's requirements and the partner's standing toward it. */
export const ZWinterLevel = z.object({
  status: ZWinterStatus,
  personal_required: z.number().int(),
  team_required: z.number().int(),
  /** 0.4 x team_required, rounded down: the most the largest first-line branch may bring. */
  largest_branch_max: z.number().int(),
  /** Team sales counted toward this status: the largest branch's beyond its maximum left out. */
  team_counted: z.number().int(),
  personal_missing: z.number().int(),
  team_missing: z.number().int(),
  reward: ZWinterReward,
  /** Eligible, and both requirements met. */
  reached: z.boolean(),
});
export type TWinterLevel = z.infer<typeof ZWinterLevel>;

/** A bonus the promo paid the partner: how many postings and their sum (net of reversals). */
export const ZPromoBonusTotal = z.object({ count: z.number().int(), amount: ZMoney });
export type TPromoBonusTotal = z.infer<typeof ZPromoBonusTotal>;

/** POST /api/v1/mlm/winter_promo_status/: the caller's standing in the winter promo. */
export const ZWinterPromoStatus = z.object({
  /** The promo window [start, end), UTC; `active` while it runs. */
  window: ZConfigWindow,
  /** The window is over: the numbers are final. */
  finished: z.boolean(),
  eligible: z.boolean(),
  reason: ZWinterIneligibility.nullable(),
  /** The smallest tariff price that takes part (USDT). */
  min_tariff: ZMoney,
  /** Tariff purchases in the window by partners the caller invited. */
  personal_sales: z.number().int(),
  /** Tariff purchases in the window by the caller's whole sponsor downline (personal ones included). */
  team_sales: z.number().int(),
  /** The most of them in one first-line branch (an invited partner and their downline). */
  largest_branch_sales: z.number().int(),
  /** Team sales counted toward next_status (toward the status held when it is the highest). */
  team_sales_counted: z.number().int(),
  status: ZWinterStatus.nullable(),
  reward: ZWinterReward.nullable(),
  next_status: ZWinterLevel.nullable(),
  /** Silver, Gold and Platinum, for the progress bars. */
  levels: z.array(ZWinterLevel),
  /** Hot Winter: the 1000-token gifts for partners the caller invited who bought a tariff in the window (DXN). */
  winter_gift: ZPromoBonusTotal,
  /** Hot Winter: 10% of the event tickets the caller's invited partners bought (USDT). */
  ticket_bonus: ZPromoBonusTotal,
});
export type TWinterPromoStatus = z.infer<typeof ZWinterPromoStatus>;

/**
 * POST /api/v1/mlm/dex_new_year_promo/ and /get_dex_summer_promo_status/: the configured window
 * (null when switched off) and the caller's tariff sales in it, counted as the winter promo counts them.
 */
export const ZSeasonPromoStatus = z.object({
  window: ZConfigWindow.nullable(),
  finished: z.boolean(),
  /** The caller's own tariff purchases in the window. */
  own_purchases: z.number().int(),
  personal_sales: z.number().int(),
  team_sales: z.number().int(),
});
export type TSeasonPromoStatus = z.infer<typeof ZSeasonPromoStatus>;
