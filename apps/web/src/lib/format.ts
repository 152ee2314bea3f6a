import { DEFAULT_LANGUAGE, isLanguage, LOCALE_OF, type TLanguage } from '@portal/contracts/plain';
import i18next from 'i18next';

/** Dates as DD.MM.YYYY (spec), in the reader's time zone. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * The UTC day of an ISO date or time as DD.MM.YYYY ("2026-11-23", "2026-07-02T00:00:00Z"): for
 * days set in UTC (a promo window's edges, a node income's day), read the same in every time zone.
 */
export function utcDay(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/** `YYYY-MM` as the reader's language names a month: "Nov 2026", "нояб. 2026 г.". */
export function formatMonth(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return monthFormat(locale).format(new Date(Date.UTC(year!, number! - 1, 1)));
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale: making one costs far more than using it (a chart formats 12). */
function monthFormat(locale: string): Intl.DateTimeFormat {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format;
}

/** Date and time as DD.MM.YYYY HH:MM, in the reader's time zone. */
export function formatDateTime(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Languages that write a decimal comma (12,5). Tuvan, whose locale browsers do not know, writes
 * numbers as Russian does.
 */
const DECIMAL_COMMA: Record<TLanguage, boolean> = {
  en: false,
  pt: true,
  BT: true,
  ru: true,
  es: true,
  it: true,
  TUV: true,
};

/**
 * The language whose lists (country names, month and day names) a reader of `language` sees:
 * Tuvan, which neither browsers nor the calendar know, reads Russian ones, for every list alike.
 */
export function listLanguage(language: TLanguage): Exclude<TLanguage, 'TUV'> {
  return language === 'TUV' ? 'ru' : language;
}

/** The locale tag of `language`'s lists, for Intl. */
export function listLocale(language: TLanguage = shownLanguage()): string {
  return LOCALE_OF[listLanguage(language)];
}

/** The language the interface shows now (English before i18n starts). */
function shownLanguage(): TLanguage {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** The decimal separator of `language`. */
export function decimalSeparator(language: TLanguage = shownLanguage()): ',' | '.' {
  return DECIMAL_COMMA[language] ? ',' : '.';
}

/**
 * A decimal-string amount for reading: grouped thousands, trailing zeros dropped but at least two
 * places, the language's decimal separator. Done on the string, so no digit is ever lost to
 * floating point.
 */
export function formatAmount(amount: string, language: TLanguage = shownLanguage()): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${grouped}${decimalSeparator(language)}${trimmed}`;
}

/** True for a decimal-string amount above zero: "0.000000", a negative or a malformed text is not. */
export function isAboveZero(amount: string): boolean {
  return /^\d+(\.\d+)?$/.test(amount) && /[1-9]/.test(amount);
}

/**
 * An amount as typed, as the API takes it: spaces (thousands) dropped and, in a language that
 * writes a decimal comma, the comma made a point ("12,5" -> "12.5"). Anything else is left for
 * the contract to refuse with its message.
 */
export function toApiAmount(typed: string, language: TLanguage = shownLanguage()): string {
  const compact = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  return DECIMAL_COMMA[language] && /^-?\d*,\d*$/.test(compact) ? compact.replace(',', '.') : compact;
}

/** Waits at least `ms` so that a progress indicator does not flash (spec: at least 500 ms). */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** A rate in basis points as a percent for reading: 700 -> "7%", 1050 -> "10,5%" (the language's separator). */
export function formatPercent(basisPoints: number, language: TLanguage = shownLanguage()): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `${decimalSeparator(language)}${fraction}` : ''}%`;
}

/** A whole count for reading: thousands grouped as amounts are ("12 345"). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
