import { parseMinor } from '@portal/contracts/plain';

/**
 * `part` of `whole` (decimal money strings) in tenths of a percent, 0 to 1000: computed on
 * integers so a meter never rounds past what was reached. 0 when `whole` is not above zero.
 */
export function filledPermille(part: string, whole: string): number {
  const wholeMinor = parseMinor(whole, 'USDT') ?? 0n;
  if (wholeMinor <= 0n) return 0;
  const partMinor = parseMinor(part, 'USDT') ?? 0n;
  if (partMinor <= 0n) return 0;
  const permille = (partMinor * 1000n) / wholeMinor;
  return permille > 1000n ? 1000 : Number(permille);
}
