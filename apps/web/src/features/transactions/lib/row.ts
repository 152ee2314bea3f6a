import type { TTransaction } from '@portal/contracts';

export type TRowView = {
  /** A card top-up, rather than a chain deposit. */
  card: boolean;
  /** A rejected withdrawal: held, then given back in full; the balance did not lose it. */
  returned: boolean;
  /** How the amount reads: money in, money out, or money that came back. */
  tone: 'in' | 'out' | 'neutral';
};

/** How a line of the statement is shown. */
export function rowView(
  row: Pick<TTransaction, 'operation_type' | 'status' | 'amount' | 'details'>,
): TRowView {
  const returned = row.operation_type === 'withdrawal' && row.status === 'rejected';
  const card = row.operation_type === 'deposit' && row.details.method === 'card';
  const tone = returned ? 'neutral' : row.amount.startsWith('-') ? 'out' : 'in';
  return { card, returned, tone };
}
