import type { TAllConfigs, TConfigWindow } from '@portal/contracts';
import type { TConfig } from '../../config';
import { isWithin, latestOccurrence, occurrence, type TOccurrence } from '../../lib/windows';

const DAY_MS = 24 * 3600_000;

export type TClock = () => Date;

type TWindowConfig = Pick<TConfig, 'blackFriday' | 'maintenance' | 'seasonPromos'>;

/** A seasonal promo with its own window (modules/promotions). */
export type TSeasonPromo = 'newYear' | 'summer';

export const windowAnswer = (window: TOccurrence, now: Date): TConfigWindow => ({
  start: window.start.toISOString(),
  end: window.end.toISOString(),
  active: isWithin(window, now),
});

/**
 * The windows of compensation-plan.md section 9 at a moment of the injected clock: Black Friday,
 * maintenance and the winter promo. Every rule that depends on one (the Black Friday discount, the
 * maintenance gate, the get_all_configs answer) asks here, so they agree at every edge.
 */
export function createConfigs(deps: {
  /** The windows in force now (an admin may change them at runtime: modules/configs/settings.ts). */
  settings: () => TWindowConfig;
  hotWinter: TConfig['hotWinter'];
  clock: TClock;
}) {
  const { settings, clock } = deps;
  const winter: TOccurrence = { start: new Date(deps.hotWinter.from), end: new Date(deps.hotWinter.to) };

  const blackFriday = (now: Date) => occurrence(settings().blackFriday.window, now);
  const maintenance = (now: Date) => occurrence(settings().maintenance.window, now);
  const season = (promo: TSeasonPromo, now: Date) => occurrence(settings().seasonPromos[promo], now);

  return {
    clock,

    /** The percent off tariffs at `now`: the configured discount inside the Black Friday window, else 0. */
    blackFridayPercent(now: Date = clock()): number {
      return isWithin(blackFriday(now), now) ? settings().blackFriday.discountPercent : 0;
    },

    /** Money-moving calls answer 503 while this holds (http/route.ts `movesMoney`). */
    inMaintenance(now: Date = clock()): boolean {
      return isWithin(maintenance(now), now);
    },

    /** The winter promo's window (HOT_WINTER_FROM/TO): the statuses and the Hot Winter gift count in it. */
    winterPromo(): TOccurrence {
      return winter;
    },

    /**
     * A seasonal promo's window whose results the status call shows at `now`: the one running, else
     * the last one that ended (get_all_configs announces the next); null when switched off.
     */
    seasonPromo(promo: TSeasonPromo, now: Date = clock()): TOccurrence | null {
      return latestOccurrence(settings().seasonPromos[promo], now);
    },

    all(now: Date = clock()): TAllConfigs {
      const config = settings();
      const newYear = season('newYear', now);
      const summer = season('summer', now);
      const friday = blackFriday(now);
      const works = maintenance(now);
      const noticeFrom = works && new Date(works.start.getTime() - config.maintenance.noticeDays * DAY_MS);
      return {
        server_time: now.toISOString(),
        black_friday: friday
          ? { ...windowAnswer(friday, now), discount_percent: config.blackFriday.discountPercent }
          : null,
        maintenance:
          works && noticeFrom
            ? {
                ...windowAnswer(works, now),
                notice_from: noticeFrom.toISOString(),
                notice: isWithin({ start: noticeFrom, end: works.end }, now),
              }
            : null,
        winter_promo: windowAnswer(winter, now),
        new_year_promo: newYear && windowAnswer(newYear, now),
        summer_promo: summer && windowAnswer(summer, now),
      };
    },
  };
}

export type TConfigs = ReturnType<typeof createConfigs>;
