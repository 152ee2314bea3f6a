/**
 * A promo window's day in UTC as DD.MM.YYYY: the windows are set in UTC (compensation-plan.md
 * section 9), so "2 July to 2 November" reads the same in every time zone.
 */
export function utcDay(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
