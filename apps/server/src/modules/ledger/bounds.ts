import { formatMinor, type TCurrency } from '@portal/contracts';
import { fail } from '../../http/errors';

/**
 * Refuses an amount (either sign) beyond the configured bound of its currency, before it reaches
 * a query: 400 on `field` with "The maximum amount is ...".
 */
export function checkAmountBound(
  amount: bigint,
  currency: TCurrency,
  bounds: Record<TCurrency, bigint>,
  field = 'amount',
): void {
  const max = bounds[currency];
  if (amount > max || -amount > max) {
    throw fail.field(field, 'amountAboveMaximum', { max: formatMinor(max, currency), currency });
  }
}
