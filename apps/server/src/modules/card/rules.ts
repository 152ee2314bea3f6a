import { formatMinor, multiplyDecimals, parseMinor, type TMinor } from '@portal/contracts';

const usdt = (text: string): TMinor => parseMinor(text, 'USDT')!;

/**
 * The card top-up rules (product-spec.md sections 5 and 9, compensation-plan.md section 10), in
 * one place: the service checks them and the limits call shows them to the form.
 */
export const CARD_RULES = {
  min: usdt('15'),
  max: usdt('3000'),
  /** A top-up above this needs kyc_status 'verified'. */
  kycAbove: usdt('700'),
  /** Attempts per card (by fingerprint) per UTC day and per calendar month (UTC). */
  attemptsPerDay: 10,
  attemptsPerMonth: 50,
} as const;

/**
 * Euro cents charged for `amount` USDT (minor units, 6 places) at `rate` EUR per USDT. Rounded UP
 * to the cent: the euro charged always covers the USDT credited, never a fraction of a cent less.
 */
export function euroCents(amount: bigint, rate: string): bigint {
  // The same rule as the form's preview (contracts' multiplyDecimals), so they never disagree.
  return BigInt(multiplyDecimals(formatMinor(amount, 'USDT'), rate, 2, 'up')!.replace('.', ''));
}

/** Euro cents as a decimal string, e.g. "13.81". */
export function formatEuro(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A USDT amount as a person writes it in a message: "15", "3000", "15.5". */
export function plainUsdt(amount: bigint): string {
  return formatMinor(amount, 'USDT').replace(/\.?0+$/, '');
}
