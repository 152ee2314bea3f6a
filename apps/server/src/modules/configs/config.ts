import { z } from 'zod';
import { configSlice, windowOf } from '../../lib/env';

/**
 * The windows (BLACK_FRIDAY_*, MAINTENANCE_*, *_PROMO_WINDOW) in lib/windows.ts's format, in UTC,
 * end exclusive: `MM-DDTHH:MM/MM-DDTHH:MM` every year, two ISO instants once, or `off`. The Hot
 * Winter window is the plan's (modules/compensation/config.ts).
 */
export const windowsConfig = configSlice({
  env: {
    /** Black Friday (spec): 15:00 27 November to 00:00 30 November. */
    BLACK_FRIDAY_WINDOW: z.string().default('11-27T15:00/11-30T00:00'),
    /** Percent off tariffs during the Black Friday window; 0 = no discount. */
    BLACK_FRIDAY_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    /** Maintenance (spec: 8 to 10 March, the 10th included); money-moving calls answer 503 inside it. */
    MAINTENANCE_WINDOW: z.string().default('03-08T00:00/03-11T00:00'),
    /** Days before the maintenance window from which the portal shows its banner. */
    MAINTENANCE_NOTICE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    /**
     * The new year and summer promos (dex_new_year_promo, get_dex_summer_promo_status): the spec names
     * the calls only; our windows (docs/decisions.md "Seasonal promotions").
     */
    NEW_YEAR_PROMO_WINDOW: z.string().default('12-25T00:00/01-15T00:00'),
    SUMMER_PROMO_WINDOW: z.string().default('06-01T00:00/09-01T00:00'),
  },
  build: (env) => ({
    /** Black Friday: its window and the percent off tariffs inside it (BLACK_FRIDAY_*). */
    blackFriday: {
      window: windowOf(env.BLACK_FRIDAY_WINDOW, 'BLACK_FRIDAY_WINDOW'),
      discountPercent: env.BLACK_FRIDAY_DISCOUNT_PERCENT,
    },
    /** Maintenance: its window (money-moving calls answer 503) and the banner's days ahead (MAINTENANCE_*). */
    maintenance: {
      window: windowOf(env.MAINTENANCE_WINDOW, 'MAINTENANCE_WINDOW'),
      noticeDays: env.MAINTENANCE_NOTICE_DAYS,
    },
    /** The new year and summer promo windows (NEW_YEAR_PROMO_WINDOW, SUMMER_PROMO_WINDOW). */
    seasonPromos: {
      newYear: windowOf(env.NEW_YEAR_PROMO_WINDOW, 'NEW_YEAR_PROMO_WINDOW'),
      summer: windowOf(env.SUMMER_PROMO_WINDOW, 'SUMMER_PROMO_WINDOW'),
    },
  }),
});
