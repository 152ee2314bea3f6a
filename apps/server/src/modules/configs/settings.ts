import {
  CURRENCY_PLACES,
  parseMinor,
  SETTING_KEYS,
  type TAdminSettings,
  type TChainCurrency,
  type TMessageKey,
  type TSettingChange,
  type TSettingHistoryPage,
  type TSettingHistoryQuery,
  type TSettingKey,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { TConfig } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { fail } from '../../http/errors';
import { exchangeRate } from '../../lib/env';
import { parseWindow, windowText, type TWindowSpec } from '../../lib/windows';
import { emailsOf } from '../accounts/repo';
import { audit } from '../audit/service';
import { configChanges } from './schema';

/** The part of the configuration an admin may change while the portal runs. */
export type TSettings = Pick<
  TConfig,
  'blackFriday' | 'maintenance' | 'seasonPromos' | 'rates' | 'withdrawals'
>;

/**
 * How often a process asks whether another one changed a setting: a change is in force in every
 * process at most this long after it was made (in the process that made it, at once).
 */
export const SETTINGS_REFRESH_MS = 5_000;

/** Why a value is not one of a setting's: a message of the catalogue, with its values. */
type TRefusal = { refused: TMessageKey; values?: Record<string, string | number> };

/** A setting: its value as its variable is written, and the settings with another value (or why not). */
type TSetting = {
  read: (settings: TSettings) => string;
  apply: (settings: TSettings, text: string) => TSettings | TRefusal;
};

const refused = (key: TMessageKey, values?: TRefusal['values']): TRefusal => ({
  refused: key,
  ...(values ? { values } : {}),
});
const isRefusal = (next: TSettings | TRefusal): next is TRefusal => 'refused' in next;

function windowSetting(
  read: (settings: TSettings) => TWindowSpec,
  set: (settings: TSettings, window: TWindowSpec) => TSettings,
): TSetting {
  return {
    read: (settings) => windowText(read(settings)),
    apply: (settings, text) => {
      const window = parseWindow(text);
      return typeof window === 'string' ? refused('settingWindowInvalid') : set(settings, window);
    },
  };
}

function wholeSetting(
  max: number,
  read: (settings: TSettings) => number,
  set: (settings: TSettings, value: number) => TSettings,
): TSetting {
  return {
    read: (settings) => String(read(settings)),
    apply: (settings, text) =>
      /^[0-9]{1,4}$/.test(text) && Number(text) <= max
        ? set(settings, Number(text))
        : refused('settingWholeInvalid', { lowest: 0, highest: max }),
  };
}

function rateSetting(key: keyof TSettings['rates']): TSetting {
  return {
    read: (settings) => settings.rates[key],
    apply: (settings, text) =>
      exchangeRate.safeParse(text).success
        ? { ...settings, rates: { ...settings.rates, [key]: text } }
        : refused('settingRateInvalid'),
  };
}

const LIMIT_NAMES = { FEE: 'fee', MIN: 'min', MAX: 'max' } as const;

function withdrawalSetting(currency: TChainCurrency, part: keyof typeof LIMIT_NAMES): TSetting {
  const name = LIMIT_NAMES[part];
  return {
    read: (settings) => shortestDecimal(settings.withdrawals[currency][name], currency),
    apply: (settings, text) => {
      const amount = /^[0-9]+(\.[0-9]+)?$/.test(text) ? parseMinor(text, currency) : null;
      if (amount === null || amount > 10n ** 18n)
        return refused('settingAmountInvalid', { places: CURRENCY_PLACES[currency] });
      const rule = { ...settings.withdrawals[currency], [name]: amount };
      if (rule.min > rule.max) return refused('settingLimitsInvalid');
      return { ...settings, withdrawals: { ...settings.withdrawals, [currency]: rule } };
    },
  };
}

/** Minor units as the shortest decimal, as a variable is written: "1", "0.5", "10000". */
function shortestDecimal(amount: bigint, currency: TChainCurrency): string {
  const places = CURRENCY_PLACES[currency];
  const whole = amount / 10n ** BigInt(places);
  const fraction = (amount % 10n ** BigInt(places)).toString().padStart(places, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const SETTINGS: Record<TSettingKey, TSetting> = {
  BLACK_FRIDAY_WINDOW: windowSetting(
    (settings) => settings.blackFriday.window,
    (settings, window) => ({ ...settings, blackFriday: { ...settings.blackFriday, window } }),
  ),
  BLACK_FRIDAY_DISCOUNT_PERCENT: wholeSetting(
    100,
    (settings) => settings.blackFriday.discountPercent,
    (settings, discountPercent) => ({
      ...settings,
      blackFriday: { ...settings.blackFriday, discountPercent },
    }),
  ),
  MAINTENANCE_WINDOW: windowSetting(
    (settings) => settings.maintenance.window,
    (settings, window) => ({ ...settings, maintenance: { ...settings.maintenance, window } }),
  ),
  MAINTENANCE_NOTICE_DAYS: wholeSetting(
    365,
    (settings) => settings.maintenance.noticeDays,
    (settings, noticeDays) => ({ ...settings, maintenance: { ...settings.maintenance, noticeDays } }),
  ),
  NEW_YEAR_PROMO_WINDOW: windowSetting(
    (settings) => settings.seasonPromos.newYear,
    (settings, newYear) => ({ ...settings, seasonPromos: { ...settings.seasonPromos, newYear } }),
  ),
  SUMMER_PROMO_WINDOW: windowSetting(
    (settings) => settings.seasonPromos.summer,
    (settings, summer) => ({ ...settings, seasonPromos: { ...settings.seasonPromos, summer } }),
  ),
  DXN_USDT_RATE: rateSetting('dxnUsdt'),
  USDT_EUR_RATE: rateSetting('usdtEur'),
  WITHDRAWAL_FEE_USDT: withdrawalSetting('USDT', 'FEE'),
  WITHDRAWAL_MIN_USDT: withdrawalSetting('USDT', 'MIN'),
  WITHDRAWAL_MAX_USDT: withdrawalSetting('USDT', 'MAX'),
  WITHDRAWAL_FEE_DXN: withdrawalSetting('DXN', 'FEE'),
  WITHDRAWAL_MIN_DXN: withdrawalSetting('DXN', 'MIN'),
  WITHDRAWAL_MAX_DXN: withdrawalSetting('DXN', 'MAX'),
};

type TChangeRow = {
  id: string;
  key: TSettingKey;
  value: string;
  previous: string;
  reason: string;
  actor_id: string | null;
  created_at: string;
};

const CHANGE_COLUMNS = sql`id::text, key, value, previous, reason, actor_id::text,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/** The newest change of each key. */
const latestChanges = (db: Db) =>
  queryRows<TChangeRow>(
    db,
    sql`select distinct on (key) ${CHANGE_COLUMNS} from config_changes order by key, id desc`,
  );

/** Who made each change, by the accounts module's look-up. */
async function actorsOf(db: Db, rows: readonly TChangeRow[]) {
  const emails = await emailsOf(
    db,
    rows.flatMap((row) => (row.actor_id === null ? [] : [Number(row.actor_id)])),
  );
  return (row: TChangeRow) => {
    const id = row.actor_id === null ? null : Number(row.actor_id);
    const email = id === null ? undefined : emails.get(id);
    return id !== null && email ? { id, email } : null;
  };
}

/**
 * The settings an admin changes at runtime (issue 22, docs/decisions.md "Runtime settings"): the
 * values at start, with the newest change of each key on top. Every process keeps them in memory
 * (the rules that read them are synchronous: a price, the maintenance gate) and asks the database
 * at most every SETTINGS_REFRESH_MS whether they changed.
 */
export function createSettings(deps: { db: Db; config: TConfig; planVersion: string }) {
  const { db, config } = deps;
  const initial: TSettings = {
    blackFriday: config.blackFriday,
    maintenance: config.maintenance,
    seasonPromos: config.seasonPromos,
    rates: config.rates,
    withdrawals: config.withdrawals,
  };
  let current = initial;
  let latest: TChangeRow[] = [];
  let newestId = '0';
  let checkedAt = 0;
  let checking: Promise<void> | null = null;

  const applied = (rows: readonly TChangeRow[]) =>
    rows.reduce((settings, row) => {
      const next = SETTINGS[row.key]?.apply(settings, row.value);
      // A value a later release no longer takes is left out: the value at start holds.
      return next && !isRefusal(next) ? next : settings;
    }, initial);

  async function reload(): Promise<void> {
    const rows = await latestChanges(db);
    latest = rows;
    current = applied(rows);
    newestId = rows.reduce((max, row) => (BigInt(row.id) > BigInt(max) ? row.id : max), '0');
  }

  async function check(): Promise<void> {
    const [row] = await queryRows<{ id: string | null }>(
      db,
      sql`select max(id)::text as id from config_changes`,
    );
    if ((row?.id ?? '0') !== newestId) await reload();
    checkedAt = Date.now();
  }

  return {
    current: (): TSettings => current,

    /** Reads the changes made since the last look, if that was SETTINGS_REFRESH_MS ago or more. */
    refresh(): Promise<void> {
      if (Date.now() - checkedAt < SETTINGS_REFRESH_MS) return Promise.resolve();
      checking ??= check().finally(() => {
        checking = null;
      });
      return checking;
    },

    async list(): Promise<TAdminSettings> {
      await reload();
      const byKey = new Map(latest.map((row) => [row.key, row]));
      const actor = await actorsOf(db, latest);
      return {
        settings: SETTING_KEYS.map((key) => {
          const change = byKey.get(key);
          return {
            key,
            value: SETTINGS[key].read(current),
            default: SETTINGS[key].read(initial),
            changed_at: change?.created_at ?? null,
            changed_by: change ? actor(change) : null,
          };
        }),
        fixed: {
          hot_winter_window: `${config.hotWinter.from}/${config.hotWinter.to}`,
          plan_version: deps.planVersion,
        },
      };
    },

    /** Changes one setting, with its reason in the history and the audit log; in force here at once. */
    async change(input: TSettingChange, actorId: number): Promise<TAdminSettings> {
      const text = input.value.trim();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.configChanges})`);
        const now = applied(await latestChanges(tx));
        const previous = SETTINGS[input.key].read(now);
        const next = SETTINGS[input.key].apply(now, text);
        if (isRefusal(next)) throw fail.field('value', next.refused, next.values);
        const value = SETTINGS[input.key].read(next);
        if (value === previous) throw fail.field('value', 'settingUnchanged');
        await tx
          .insert(configChanges)
          .values({ key: input.key, value, previous, actorId, reason: input.reason });
        await audit(tx, {
          userId: actorId,
          action: 'config.change',
          target: `config:${input.key}`,
          reason: input.reason,
          before: { value: previous },
          after: { value },
        });
      });
      await reload();
      checkedAt = Date.now();
      return this.list();
    },

    async history(query: TSettingHistoryQuery, pageSize: number) {
      const where = query.key ? sql`where key = ${query.key}` : sql``;
      const [rows, [total]] = await Promise.all([
        queryRows<TChangeRow>(
          db,
          sql`select ${CHANGE_COLUMNS} from config_changes ${where}
               order by id desc limit ${pageSize} offset ${(query.page - 1) * pageSize}`,
        ),
        queryRows<{ n: string }>(db, sql`select count(*)::text as n from config_changes ${where}`),
      ]);
      const actor = await actorsOf(db, rows);
      return {
        count: Number(total?.n ?? 0),
        results: rows.map((row) => ({
          id: Number(row.id),
          key: row.key,
          value: row.value,
          previous: row.previous,
          reason: row.reason,
          actor: actor(row),
          created_at: row.created_at,
        })),
      } satisfies Pick<TSettingHistoryPage, 'count' | 'results'>;
    },
  };
}

export type TSettingsService = ReturnType<typeof createSettings>;
