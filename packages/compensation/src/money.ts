import type { TCurrency } from '@portal/contracts';

/**
 * Amounts are bigint minor units of their currency (compensation-plan.md section 1): USDT has 6
 * places, DXN and DFT 8. A JS number never holds money here; rates are integer basis points.
 *
 * The places repeat @portal/contracts' CURRENCY_PLACES because importing its values would load zod
 * wherever the engine runs; only its types are imported. money.test.ts checks that both agree.
 */
const PLACES: Readonly<Record<TCurrency, number>> = { USDT: 6, DXN: 8, DFT: 8 };

/** 100% in basis points. */
export const FULL_BP = 10_000;

/** One whole unit of `currency` in minor units, e.g. 1 USDT = 1_000_000n. */
export const unit = (currency: TCurrency): bigint => 10n ** BigInt(PLACES[currency]);

/** `amount` whole units of `currency` in minor units, e.g. units(500n, 'USDT') = 500_000_000n. */
export const units = (amount: bigint, currency: TCurrency): bigint => amount * unit(currency);

/** `rateBp` basis points of `base`, rounded DOWN; the remainder stays with the company. */
export function applyBp(base: bigint, rateBp: number): bigint {
  assertNonNegative(base, 'base');
  if (!Number.isInteger(rateBp) || rateBp < 0) throw new RangeError(`rate must be whole basis points`);
  return (base * BigInt(rateBp)) / BigInt(FULL_BP);
}

export function assertNonNegative(amount: bigint, name: string): void {
  if (amount < 0n) throw new RangeError(`${name} must not be negative`);
}

/** A USDT amount (6 places) as the same number of DFT or DXN (8 places): 1 USDT -> 1 DFT. */
export const usdtToToken = (usdt: bigint): bigint => usdt * 10n ** BigInt(PLACES.DFT - PLACES.USDT);
