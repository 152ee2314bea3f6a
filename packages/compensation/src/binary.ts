import { applyBp, assertNonNegative } from './money';
import type { TPlan } from './plan';
import type { TLeg, TLegs } from './types';

export const EMPTY_LEGS: TLegs = { left: 0n, right: 0n, active: false, pairedTotal: 0n };

/**
 * Adds `volume` to one leg and pairs (compensation-plan.md section 4, binary): when the binary is
 * active, paired = min(left, right) leaves both legs and the rest carries forward with no expiry;
 * before activation volume only waits. Once the binary turns active, call with `volume: 0n` to pair
 * what waited.
 *
 * Each pairing is rounded down on its own (compensation-plan.md section 1): bonusGross =
 * floor(rate x the volume newly paired by this pairing); the remainder stays with the company.
 */
export function pairBinary(
  plan: TPlan,
  legs: TLegs,
  add: { readonly leg: TLeg; readonly volume: bigint },
): { legs: TLegs; paired: bigint; bonusGross: bigint } {
  assertNonNegative(add.volume, 'volume');
  let left = legs.left + (add.leg === 'left' ? add.volume : 0n);
  let right = legs.right + (add.leg === 'right' ? add.volume : 0n);
  const paired = legs.active ? (left < right ? left : right) : 0n;
  left -= paired;
  right -= paired;
  const pairedTotal = legs.pairedTotal + paired;
  const bonusGross = applyBp(paired, plan.binary.rateBp);
  return { legs: { left, right, active: legs.active, pairedTotal }, paired, bonusGross };
}
