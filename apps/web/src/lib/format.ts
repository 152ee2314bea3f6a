/** Dates as DD.MM.YYYY (spec), in the reader's time zone. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/**
 * A decimal-string amount for reading: grouped thousands, trailing zeros dropped but at least two
 * places. Done on the string, so no digit is ever lost to floating point.
 */
export function formatAmount(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${grouped}.${trimmed}`;
}

/** Waits at least `ms` so that a progress indicator does not flash (spec: at least 500 ms). */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
