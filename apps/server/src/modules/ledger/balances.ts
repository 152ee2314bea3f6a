import { formatMinor, type TBalances } from '@portal/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../db/schema';
import { MATCHING_BONUS_TYPES, type TUserAccountRef, VP_BONUS_TYPES } from './accounts';

/**
 * A user's balances as the profile shows them (api.md): spendable, DFT, lifetime bonus totals.
 * Nothing is written. `dftDue` is DFT due to unlock that no one has moved yet: shown available,
 * as it will be (modules/dft).
 */
export async function balancesOf(db: Db, userId: number, dftDue = 0n): Promise<TBalances> {
  const [row] = await queryRows<{ rows: TBalanceRows }>(
    db,
    sql`select ${balanceRows(sql`${userId}`)} as rows`,
  );
  return balancesFrom(row!.rows, dftDue);
}

/** `[key, amount]` pairs: `<currency>:<purpose>` balances and `bonus:<group>` totals. */
export type TBalanceRows = [string, string][] | null;

/**
 * A subquery (one json value) of a user's kept balances and lifetime USDT bonus credits by type
 * (the header's "matching", "VP" and "other" totals), so that the profile reads them in its own
 * statement. It reads this user's accounts by their user index and their postings by the
 * account's posting index: nothing grows with other partners' history.
 */
export function balanceRows(userId: SQL): SQL {
  const group = sql`case
        when t.bonus_type in ${MATCHING_BONUS_TYPES} then 'matching'
        when t.bonus_type in ${VP_BONUS_TYPES} then 'vp'
        else 'other' end`;
  return sql`(select json_agg(json_build_array(r.key, r.amount)) from (
    select a.currency || ':' || a.purpose as key, a.balance::text as amount
      from ${ledgerAccounts} a where a.user_id = ${userId}
    union all
    select 'bonus:' || ${group}, sum(p.amount)::text
      from ${ledgerAccounts} a
      join ${ledgerPostings} p on p.account_id = a.id
      join ${ledgerTransfers} t on t.id = p.transfer_id and t.operation_type = 'bonus'
     where a.user_id = ${userId} and a.currency = 'USDT' and p.amount > 0
     group by 1) r)`;
}

export function balancesFrom(rows: TBalanceRows, dftDue = 0n): TBalances {
  const amount = (key: string) => BigInt(rows?.find((row) => row[0] === key)?.[1] ?? '0');
  return {
    usdt: formatMinor(amount('USDT:main'), 'USDT'),
    dexnet: formatMinor(amount('DXN:main'), 'DXN'),
    dft_locked: formatMinor(amount('DFT:dft_locked') - dftDue, 'DFT'),
    dft_available: formatMinor(amount('DFT:dft_available') + dftDue, 'DFT'),
    matching_bonus: formatMinor(amount('bonus:matching'), 'USDT'),
    vp_bonus: formatMinor(amount('bonus:vp'), 'USDT'),
    other_bonuses: formatMinor(amount('bonus:other'), 'USDT'),
  };
}

/** The kept balance of one user account (zero before its first movement). */
export async function balanceOf(db: Db, account: TUserAccountRef): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, account.userId),
        eq(ledgerAccounts.currency, account.currency),
        eq(ledgerAccounts.purpose, account.purpose),
      ),
    );
  return row?.balance ?? 0n;
}
