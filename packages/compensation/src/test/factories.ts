import { units } from '../money';
import type { TMember, TPurchase, TWindow } from '../types';

/** Whole (and fractional, as a decimal string) USDT in minor units: usdt('1.05') = 1_050_000n. */
export function usdt(amount: number | string): bigint {
  const [whole = '0', fraction = ''] = String(amount).split('.');
  return units(BigInt(whole), 'USDT') + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

export const dxn = (amount: number): bigint => units(BigInt(amount), 'DXN');

export const window = (cap: bigint, filled = 0n): TWindow => ({ cap, filled });

/** An Active partner with a large window and the full matching depth, unless told otherwise. */
export function member(userId: string, overrides: Partial<Omit<TMember, 'userId'>> = {}): TMember {
  return { userId, mayEarn: true, matchingDepth: 10, window: window(usdt(1_000_000)), ...overrides };
}

export function purchase(overrides: Partial<TPurchase> = {}): TPurchase {
  return {
    id: 'p1',
    buyerId: 'buyer',
    productKind: 'tariff',
    productCode: 'tariff-1500',
    bv: usdt(1500),
    listPrice: usdt(1500),
    netPrice: usdt(1500),
    currency: 'USDT',
    ...overrides,
  };
}
