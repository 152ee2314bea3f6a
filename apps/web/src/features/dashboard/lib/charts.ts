import { BONUS_TYPES, type TBonusType, type TIncomeByMonth } from '@portal/contracts';

/** The `YYYY-MM` of the last `months` calendar months (UTC), oldest first, `now`'s month last. */
export function monthsUpTo(now: Date, months: number): string[] {
  return Array.from({ length: months }, (_, index) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - index), 1));
    return month.toISOString().slice(0, 7);
  });
}

type TIncomeRow = { month: string } & Partial<Record<TBonusType, number>>;

export type TIncomeChart = {
  /** One row per month of the window (empty months too): `{month, [bonus type]: amount}`. */
  data: TIncomeRow[];
  /** The bonus types that paid anything in the window, in the plan's order. */
  types: TBonusType[];
};

/**
 * The income rows as a stacked bar chart reads them. Amounts become numbers here for drawing
 * only: the figures the partner reads come from the decimal strings.
 */
export function incomeChart(rows: TIncomeByMonth, months: string[]): TIncomeChart {
  const byMonth = new Map<string, TIncomeRow>(months.map((month) => [month, { month }]));
  const present = new Set<TBonusType>();
  for (const row of rows) {
    const entry = byMonth.get(row.month);
    if (!entry) continue;
    entry[row.bonus_type] = (entry[row.bonus_type] ?? 0) + Number(row.amount);
    present.add(row.bonus_type);
  }
  return { data: [...byMonth.values()], types: BONUS_TYPES.filter((type) => present.has(type)) };
}

/** `YYYY-MM` as the reader's language names a month: "Nov 2026", "нояб. 2026 г.". */
export function formatMonth(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, number! - 1, 1)),
  );
}

/** A whole count for reading: thousands grouped as amounts are ("12 345"). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
