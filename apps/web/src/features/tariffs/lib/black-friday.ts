import { formatMinor, parseMinor } from '@portal/contracts';

/**
 * A price with the Black Friday percent off, as the server's pricing step takes it (the discount
 * rounded down to the minor unit). Only shown on the list: what is paid is the server's quote.
 */
export function blackFridayPrice(price: string, percent: number): string {
  const list = parseMinor(price, 'USDT') ?? 0n;
  return formatMinor(list - (list * BigInt(percent)) / 100n, 'USDT');
}
