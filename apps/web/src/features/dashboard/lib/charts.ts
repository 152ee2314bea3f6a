import {
  BONUS_TYPES,
  type TBonusType,
  type TIncomeByMonth,
  type TPurchaseStatistics,
  type TStructureList,
} from '@portal/contracts';
import { isAboveZero } from '../../../lib/format';

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

/** No partner at any level yet: nothing for the levels chart to draw. */
export const noTeam = (levels: TStructureList) => levels.every((row) => row.count === 0);

/** No tariff sold in either leg and no binary bonus yet: nothing for the sales chart to draw. */
export const noSales = (statistics: TPurchaseStatistics) =>
  statistics.purchase_statistics.every((row) => row.left === 0 && row.right === 0) &&
  !isAboveZero(statistics.binary_bonus);
