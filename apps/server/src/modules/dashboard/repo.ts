import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { walletOperations } from '../../db/schema';

export type TIncomeRow = { month: string; bonusType: string; amount: bigint };

/**
 * `userId`'s USDT bonus lines (credits and their reversals) from `from` on, summed by UTC month
 * and bonus type. The statement's lines are written with the ledger transfer they describe;
 * `wallet_operations_user_date_id_idx` (user, date) makes this a range read of this partner's
 * own lines of those months, whatever anyone else's history holds.
 */
export async function incomeByMonth(db: Db, userId: number, from: Date): Promise<TIncomeRow[]> {
  const rows = await queryRows<{ month: string; bonus_type: string; amount: string }>(
    db,
    sql`select to_char(o.created_at at time zone 'UTC', 'YYYY-MM') as month, o.bonus_type,
               sum(o.amount)::text as amount
          from ${walletOperations} o
         where o.user_id = ${userId} and o.created_at >= ${from.toISOString()}::timestamptz
           and o.operation_type = 'bonus' and o.bonus_type is not null
           and o.currency = 'USDT' and o.status = 'completed'
         group by 1, 2
        having sum(o.amount) <> 0
         order by 1, 2`,
  );
  return rows.map((row) => ({ month: row.month, bonusType: row.bonus_type, amount: BigInt(row.amount) }));
}
