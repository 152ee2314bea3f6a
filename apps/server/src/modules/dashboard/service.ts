import { formatMinor, type TIncomeByMonth } from '@portal/contracts';
import type { Db } from '../../db/client';
import * as repo from './repo';

/** The first instant (UTC) of the month `months - 1` months before `now`'s: a window of `months` months. */
export function windowStart(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
}

/** The dashboard's own reads of the partner's history (issue 9): only the caller's own lines. */
export function createDashboard(deps: { db: Db }) {
  const { db } = deps;
  return {
    async incomeByMonth(userId: number, months: number, now = new Date()): Promise<TIncomeByMonth> {
      const rows = await repo.incomeByMonth(db, userId, windowStart(now, months));
      return rows.map((row) => ({
        month: row.month,
        bonus_type: row.bonusType,
        amount: formatMinor(row.amount, 'USDT'),
      }));
    },
  };
}

export type TDashboard = ReturnType<typeof createDashboard>;
