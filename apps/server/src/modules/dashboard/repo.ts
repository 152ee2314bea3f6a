import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { bonusIncomeMonths } from './schema';

type TBonusType = (typeof bonusIncomeMonths.$inferSelect)['bonusType'];

export type TIncomeRow = { month: string; bonusType: TBonusType; amount: bigint };

/**
 * `userId`'s USDT bonus lines (credits and their reversals) from the month of `from` on (the first
 * instant of a UTC month: service.ts `windowStart`), summed by UTC month
 * and bonus type: the counters the lines' own statements keep (`bonus_income_months`, migration
 * 0035: their wallet_operations lines and their listed payouts), read by their key, at most one row
 * per month and type, whatever the partner's history holds.
 */
export async function incomeByMonth(db: Db, userId: number, from: Date): Promise<TIncomeRow[]> {
  const rows = await queryRows<{ month: string; bonus_type: TBonusType; amount: string }>(
    db,
    incomeQuery(userId, from.toISOString().slice(0, 7)),
  );
  return rows.map((row) => ({ month: row.month, bonusType: row.bonus_type, amount: BigInt(row.amount) }));
}

/** The statement of `incomeByMonth` from `month` (`YYYY-MM`) on; its plan is tested. */
export const incomeQuery = (userId: number, month: string): SQL =>
  sql`select m.month, m.bonus_type, m.amount::text as amount
        from ${bonusIncomeMonths} m
       where m.user_id = ${userId} and m.month >= ${month} and m.amount <> 0
       order by m.month, m.bonus_type`;
