import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { walletOperations } from '../../db/schema';

export type TIncomeRow = { month: string; bonusType: string; amount: bigint };

/**
 * `userId`'s USDT bonus lines (credits and their reversals) from `from` on, summed by UTC month
 * and bonus type: their wallet_operations lines and their listed payouts (the fold's bonuses are
 * their payouts: compensation write.ts). Each is a range read of this partner's own lines of those
 * months (`wallet_operations_user_date_id_idx`, `payouts_statement_date_idx`), whatever anyone
 * else's history holds.
 */
export async function incomeByMonth(db: Db, userId: number, from: Date): Promise<TIncomeRow[]> {
  const since = from.toISOString();
  const rows = await queryRows<{ month: string; bonus_type: string; amount: string }>(
    db,
    sql`select to_char(l.created_at at time zone 'UTC', 'YYYY-MM') as month, l.bonus_type,
               sum(l.amount)::text as amount
          from (select o.created_at, o.bonus_type, o.amount
                  from ${walletOperations} o
                 where o.user_id = ${userId} and o.created_at >= ${since}::timestamptz
                   and o.operation_type = 'bonus' and o.bonus_type is not null
                   and o.currency = 'USDT' and o.status = 'completed'
                union all
                select p.created_at, p.bonus_type, p.amount
                  from payouts p
                 where p.payee_id = ${userId} and p.listed and p.created_at >= ${since}::timestamptz
                   and p.currency = 'USDT') as l
         group by 1, 2
        having sum(l.amount) <> 0
         order by 1, 2`,
  );
  return rows.map((row) => ({ month: row.month, bonusType: row.bonus_type, amount: BigInt(row.amount) }));
}
