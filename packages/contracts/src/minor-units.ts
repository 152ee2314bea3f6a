/**
 * Amounts in integer minor units and their decimal texts, without zod: the web's signed-in frame
 * formats money with these (through `@portal/contracts/plain`) before any form needs a schema.
 * The schemas of amounts are in money.ts.
 */
import { formatMessage, MESSAGES } from './messages';

/** Currencies and their decimal places (compensation-plan.md section 1). */
export const CURRENCY_PLACES = { USDT: 6, DXN: 8, DFT: 8 } as const;
export type TCurrency = keyof typeof CURRENCY_PLACES;
export const CURRENCIES = ['USDT', 'DXN', 'DFT'] as const satisfies readonly TCurrency[];

declare const minorBrand: unique symbol;
/**
 * An amount in integer minor units (never a JS number). The brand names its currency, so that a
 * USDT amount cannot be posted to a DXN account; `TMinor` alone is an amount of any currency.
 */
export type TMinor<C extends TCurrency = TCurrency> = bigint & { readonly [minorBrand]: C };

/** Marks `value` as minor units of `currency` (of any currency without one). */
export const minor = <C extends TCurrency = TCurrency>(value: bigint, _currency?: C): TMinor<C> =>
  value as TMinor<C>;

/** A plain decimal: an optional minus, digits, optionally a point and more digits. */
export const DECIMAL_TEXT = /^(-)?([0-9]+)(?:\.([0-9]+))?$/;

/**
 * Parses a decimal string into minor units. Returns null when the text is not a plain decimal
 * or has more places than the currency allows (api.md: such amounts are rejected, never rounded).
 */
export function parseMinor<C extends TCurrency>(text: string, currency: C): TMinor<C> | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const places = CURRENCY_PLACES[currency];
  if (fraction.length > places) return null;
  const units = BigInt(whole + fraction.padEnd(places, '0'));
  return minor(sign ? -units : units, currency);
}

/** Formats minor units as a decimal string with all of the currency's places, e.g. "12.500000". */
export function formatMinor(amount: bigint, currency: TCurrency): string {
  const places = CURRENCY_PLACES[currency];
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/**
 * Minor units as a decimal string for reading in a message: trailing zeros dropped, at least two
 * places (as the web shows amounts), e.g. "10.00", "0.015".
 */
export function formatMinorShort(amount: bigint, currency: TCurrency): string {
  const [whole, fraction = ''] = formatMinor(amount, currency).split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/**
 * What is wrong with a request amount of `currency`, as a message; null when it is a positive
 * plain decimal within the currency's places.
 */
export function amountProblem(text: string, currency: TCurrency): string | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return MESSAGES.invalidValue;
  const places = CURRENCY_PLACES[currency];
  if ((match[3] ?? '').length > places) return formatMessage(MESSAGES.amountTooManyDecimals, { places });
  if (parseMinor(text, currency)! <= 0n) return MESSAGES.amountNotPositive;
  return null;
}

/**
 * a x b as a decimal string with `places` places, rounded down or up, computed on integers so
 * that no digit is lost (e.g. a USDT amount times the EUR rate, to the cent). Null when either is
 * not a plain decimal.
 */
export function multiplyDecimals(
  a: string,
  b: string,
  places: number,
  rounding: 'down' | 'up',
): string | null {
  const parse = (text: string) => {
    const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text.trim());
    return match ? { digits: BigInt(`${match[1]}${match[2] ?? ''}`), scale: (match[2] ?? '').length } : null;
  };
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return null;
  const product = left.digits * right.digits;
  const scale = left.scale + right.scale;
  const divisor = scale > places ? 10n ** BigInt(scale - places) : 1n;
  const multiplier = scale < places ? 10n ** BigInt(places - scale) : 1n;
  let units = (product * multiplier) / divisor;
  if (rounding === 'up' && (product * multiplier) % divisor !== 0n) units += 1n;
  const text = units.toString().padStart(places + 1, '0');
  return places > 0 ? `${text.slice(0, -places)}.${text.slice(-places)}` : text;
}
