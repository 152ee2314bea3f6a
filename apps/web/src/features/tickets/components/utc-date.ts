/** A date as DD.MM.YYYY in UTC: the ticket's price steps change at midnight UTC, wherever the reader is. */
export function utcDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** The last day a step is in force: the day before its (excluded) end. */
export const lastDay = (endIso: string) => utcDate(new Date(Date.parse(endIso) - 1));
