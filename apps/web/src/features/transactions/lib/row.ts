import type { TTransaction } from '@portal/contracts';

export type TRowView = {
  /** A card top-up, rather than a chain deposit. */
  card: boolean;
  /** A rejected withdrawal: held, then given back in full; the balance did not lose it. */
  returned: boolean;
  /** How the amount reads: money in, money out, or money that came back. */
  tone: 'in' | 'out' | 'neutral';
  /** The bonus this line pays (reference `payout:<id>`): it opens its explanation; else null. */
  payoutId: number | null;
};

/** How a line of the statement is shown. */
export function rowView(
  row: Pick<TTransaction, 'operation_type' | 'status' | 'amount' | 'details'>,
): TRowView {
  const returned = row.operation_type === 'withdrawal' && row.status === 'rejected';
  const card = row.operation_type === 'deposit' && row.details.method === 'card';
  const tone = returned ? 'neutral' : row.amount.startsWith('-') ? 'out' : 'in';
  const payout = row.details.payout_id;
  const payoutId =
    row.operation_type === 'bonus' && typeof payout === 'number' && Number.isSafeInteger(payout) && payout > 0
      ? payout
      : null;
  return { card, returned, tone, payoutId };
}
