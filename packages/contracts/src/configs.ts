import { z } from 'zod';
import { ZTimestamp } from './common';

// ---- configs: GET /api/v1/configs/get_all_configs/ (compensation-plan.md section 9) --------------

/** A window in UTC, `[start, end)`: the one running now, else the next one. */
export const ZConfigWindow = z.object({
  start: ZTimestamp,
  end: ZTimestamp,
  /** start <= now < end, by the server's clock. */
  active: z.boolean(),
});
export type TConfigWindow = z.infer<typeof ZConfigWindow>;

export const ZBlackFridayConfig = ZConfigWindow.extend({
  /** Percent off every tariff bought inside the window (the pricing step takes it off). */
  discount_percent: z.number().int().min(0).max(100),
});
export type TBlackFridayConfig = z.infer<typeof ZBlackFridayConfig>;

export const ZMaintenanceConfig = ZConfigWindow.extend({
  /** From when the banner announces the window (a configured number of days before it). */
  notice_from: ZTimestamp,
  /** notice_from <= now < end: the banner shows (before and during the window). */
  notice: z.boolean(),
});
export type TMaintenanceConfig = z.infer<typeof ZMaintenanceConfig>;

/**
 * Every window the interface needs, from the server's configuration. A window switched off in the
 * configuration is null. Prices and rates are not repeated here: the catalogue and the rate calls
 * answer them.
 */
export const ZAllConfigs = z.object({
  /** The server's clock when it answered. */
  server_time: ZTimestamp,
  black_friday: ZBlackFridayConfig.nullable(),
  maintenance: ZMaintenanceConfig.nullable(),
  /** The winter promo (statuses, and the Hot Winter gift): sales counted inside it. */
  winter_promo: ZConfigWindow,
  /** The new year promo (dex_new_year_promo): the running or next one; null when switched off. */
  new_year_promo: ZConfigWindow.nullable(),
  /** The summer promo (get_dex_summer_promo_status): the running or next one; null when switched off. */
  summer_promo: ZConfigWindow.nullable(),
});
export type TAllConfigs = z.infer<typeof ZAllConfigs>;
