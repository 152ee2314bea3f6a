import { z } from 'zod';
import { zPage, ZPageQuery, ZTimestamp } from './common';
import { zText } from './fields';
import { MESSAGES } from './messages';

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

// ---- the configuration screen (issue 22, admins): settings changed at runtime, with their history ----

/**
 * What an admin may change while the portal runs, each in the text its variable takes at start
 * (README.md): the windows, the Black Friday discount and the maintenance notice, the exchange
 * rates, and each chain currency's withdrawal fee and limits. A change applies to what happens
 * after it (a price already quoted, a withdrawal already asked keep theirs).
 */
export const SETTING_KEYS = [
  'BLACK_FRIDAY_WINDOW',
  'BLACK_FRIDAY_DISCOUNT_PERCENT',
  'MAINTENANCE_WINDOW',
  'MAINTENANCE_NOTICE_DAYS',
  'NEW_YEAR_PROMO_WINDOW',
  'SUMMER_PROMO_WINDOW',
  'DXN_USDT_RATE',
  'USDT_EUR_RATE',
  'WITHDRAWAL_FEE_USDT',
  'WITHDRAWAL_MIN_USDT',
  'WITHDRAWAL_MAX_USDT',
  'WITHDRAWAL_FEE_DXN',
  'WITHDRAWAL_MIN_DXN',
  'WITHDRAWAL_MAX_DXN',
] as const;
export const ZSettingKey = z.enum(SETTING_KEYS, { error: MESSAGES.invalidValue });
export type TSettingKey = z.infer<typeof ZSettingKey>;

/** An operator as the configuration's history names them. */
const ZSettingActor = z.object({ id: z.number().int(), email: z.string() }).nullable();

export const ZAdminSetting = z.object({
  key: ZSettingKey,
  /** What the portal runs with now. */
  value: z.string(),
  /** The variable's value at start (the environment, or its default): what a change departs from. */
  default: z.string(),
  changed_at: ZTimestamp.nullable(),
  changed_by: ZSettingActor,
});
export type TAdminSetting = z.infer<typeof ZAdminSetting>;

export const ZAdminSettings = z.object({
  settings: z.array(ZAdminSetting),
  /**
   * Shown, not changed here: the Hot Winter window and the compensation plan's version count in
   * the ordered fold, which must replay every recorded purchase to the same payouts; prices are
   * the catalogue's (with their own history).
   */
  fixed: z.object({ hot_winter_window: z.string(), plan_version: z.string() }),
});
export type TAdminSettings = z.infer<typeof ZAdminSettings>;

export const ZSettingChange = z
  .object({
    key: ZSettingKey,
    value: zText(100, MESSAGES.fieldRequired),
    reason: zText(500, MESSAGES.fieldRequired, { multiline: true }),
  })
  .strict();
export type TSettingChange = z.infer<typeof ZSettingChange>;

export const ZSettingHistoryQuery = ZPageQuery.extend({ key: ZSettingKey.optional() });
export type TSettingHistoryQuery = z.infer<typeof ZSettingHistoryQuery>;

export const ZSettingHistoryEntry = z.object({
  id: z.number().int(),
  key: ZSettingKey,
  value: z.string(),
  previous: z.string(),
  reason: z.string(),
  actor: ZSettingActor,
  created_at: ZTimestamp,
});
export type TSettingHistoryEntry = z.infer<typeof ZSettingHistoryEntry>;
export const ZSettingHistoryPage = zPage(ZSettingHistoryEntry);
export type TSettingHistoryPage = z.infer<typeof ZSettingHistoryPage>;
