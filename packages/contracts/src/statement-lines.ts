import { formatMinor } from './minor-units';
import type { TTransaction } from './wallet';

/**
 * How a line of the statement reads, wherever it is shown: the Transactions screen and the
 * monthly PDF statement describe a line by the same rules.
 */
export type TLineView = {
  /** A card top-up, rather than a chain deposit. */
  card: boolean;
  /** A rejected withdrawal: held, then given back in full; the balance did not lose it. */
  returned: boolean;
  /** How the amount reads: money in, money out, or money that came back. */
  tone: 'in' | 'out' | 'neutral';
  /** The bonus this line pays (reference `payout:<id>`): it opens its explanation; else null. */
  payoutId: number | null;
  /**
   * A bonus taken back because its purchase was refunded (compensation-plan.md 5a): the line's
   * amount is what left the balance; `debt` is the part the balance could not cover (a decimal
   * string above zero), else null.
   */
  reversal: { debt: string | null } | null;
  /** A debt from reversed bonuses repaid out of a bonus: the line's amount is what repaid it. */
  repayment: boolean;
};

/**
 * An amount of the line's details in integer minor units ("20000000", as details.gross is) as a
 * decimal string of `currency` when it is above zero; null when it is zero, absent or malformed.
 */
export function minorDetail(value: unknown, currency: TTransaction['currency']): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text) || BigInt(text) === 0n) return null;
  return formatMinor(BigInt(text), currency);
}

/** How a line of the statement is shown. */
export function lineView(
  row: Pick<TTransaction, 'operation_type' | 'status' | 'amount' | 'details' | 'currency'>,
): TLineView {
  const returned = row.operation_type === 'withdrawal' && row.status === 'rejected';
  const card = row.operation_type === 'deposit' && row.details.method === 'card';
  const reversal =
    row.operation_type === 'bonus' && row.details.reversal === true
      ? { debt: minorDetail(row.details.debt, row.currency) }
      : null;
  const repayment = row.operation_type === 'adjustment' && row.details.reason === 'debt_repayment';
  // A reversal whose whole amount became debt took nothing from the balance: it still reads as money out.
  const tone = returned ? 'neutral' : row.amount.startsWith('-') || reversal ? 'out' : 'in';
  const payout = row.details.payout_id;
  const payoutId =
    row.operation_type === 'bonus' && typeof payout === 'number' && Number.isSafeInteger(payout) && payout > 0
      ? payout
      : null;
  return { card, returned, tone, payoutId, reversal, repayment };
}
