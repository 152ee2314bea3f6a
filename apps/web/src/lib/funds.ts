import { formatMinor, parseMinor } from '@portal/contracts/plain';

/** The address-bar parameter that opens the deposit dialog (the signed-in shell's), with an amount. */
export const DEPOSIT_PARAM = 'deposit';

export type TFunds = {
  /** The USDT balance (decimal string), null until the profile is read. */
  balance: string | null;
  /** What the payment takes. */
  price: string;
  /** How much the balance lacks, above zero; null when it is enough (or not yet known). */
  shortfall: string | null;
  /** What stays on the balance after paying; null when short or not yet known. */
  after: string | null;
};

/**
 * A payment of `price` from the USDT `balance` (decimal strings), computed in minor units: never
 * with floating point, so 0.1 short is 0.1 short.
 */
export function fundsFor(balance: string | null, price: string): TFunds {
  const have = balance === null ? null : parseMinor(balance, 'USDT');
  const need = parseMinor(price, 'USDT');
  if (have === null || need === null) return { balance, price, shortfall: null, after: null };
  return need > have
    ? { balance, price, shortfall: formatMinor(need - have, 'USDT'), after: null }
    : { balance, price, shortfall: null, after: formatMinor(have - need, 'USDT') };
}

/**
 * The deposit's amount as the address bar carries it: a plain decimal with a point and no
 * trailing zeros ("1100", "0.5"); null for anything else, which then opens an empty form.
 */
export function depositAmountOf(param: string | null): string | null {
  if (param === null || !/^\d{1,12}(\.\d{1,6})?$/.test(param)) return null;
  const amount = parseMinor(param, 'USDT');
  if (amount === null || amount <= 0n) return null;
  return formatMinor(amount, 'USDT')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** `search` (an address bar's query) with the deposit dialog asked for `amount`. */
export function withDeposit(search: string, amount: string): string {
  const params = new URLSearchParams(search);
  params.set(DEPOSIT_PARAM, depositAmountOf(amount) ?? '');
  return `?${params.toString()}`;
}
