import { CURRENCY_PLACES, type TCurrency, type TMinor, minor } from '@portal/contracts';

const pow10 = (exponent: number) => 10n ** BigInt(exponent);

/**
 * A token's raw units as minor units of the currency, rounded DOWN (compensation-plan.md
 * section 1): the dust below the currency's last place stays on the company's address.
 */
export function rawToMinor(raw: bigint, decimals: number, currency: TCurrency): TMinor {
  const places = CURRENCY_PLACES[currency];
  return minor(decimals >= places ? raw / pow10(decimals - places) : raw * pow10(places - decimals));
}

/** A decimal string as the token's raw units; null when it has more places than the token. */
export function decimalToRaw(text: string, decimals: number): bigint | null {
  const match = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) return null;
  return BigInt(whole) * pow10(decimals) + BigInt(significant.padEnd(decimals, '0') || '0');
}
