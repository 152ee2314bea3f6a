import { formatMinor, type TBalances, type TBonusType } from '@portal/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerBonusTotals, ledgerBonusTypeTotals } from './schema';
import type { TUserAccountRef } from './accounts';

/**
 * A user's balances as the profile shows them (api.md): spendable, DFT, lifetime bonus totals.
 * Nothing is written. `dftDue` is DFT due to unlock that no one has moved yet: shown available,
 * as it will be (modules/dft).
 */
export async function balancesOf(db: Db, userId: number, dftDue = 0n, debt = 0n): Promise<TBalances> {
  const [row] = await queryRows<{ rows: TBalanceRows }>(
    db,
    sql`select ${balanceRows(sql`${userId}`)} as rows`,
  );
  return balancesFrom(row!.rows, dftDue, debt);
}

/** `[key, amount]` pairs: `<currency>:<purpose>` balances and `bonus:<group>` totals. */
export type TBalanceRows = [string, string][] | null;

/**
 * A subquery (one json value) of a user's kept balances and lifetime USDT bonus credits by group
 * (the header's "matching", "VP" and "other" totals, kept as counters in `ledger_bonus_totals` by
 * `postTransfer`), so that the profile reads them in its own statement. It reads this user's
 * accounts by their user index and counters by their key: nothing grows with any history.
 */
export function balanceRows(userId: SQL): SQL {
  return sql`(select json_agg(json_build_array(r.key, r.amount)) from (
    select a.currency || ':' || a.purpose as key, a.balance::text as amount
      from ${ledgerAccounts} a where a.user_id = ${userId}
    union all
    select 'bonus:' || b.bonus_group, b.amount::text
      from ${ledgerBonusTotals} b where b.user_id = ${userId}) r)`;
}

/** The profile's balances; `debt` is the open debt from reversed bonuses (modules/compensation). */
export function balancesFrom(rows: TBalanceRows, dftDue = 0n, debt = 0n): TBalances {
  const amount = (key: string) => BigInt(rows?.find((row) => row[0] === key)?.[1] ?? '0');
  return {
    usdt: formatMinor(amount('USDT:main'), 'USDT'),
    dexnet: formatMinor(amount('DXN:main'), 'DXN'),
    dft_locked: formatMinor(amount('DFT:dft_locked') - dftDue, 'DFT'),
    dft_available: formatMinor(amount('DFT:dft_available') + dftDue, 'DFT'),
    matching_bonus: formatMinor(amount('bonus:matching'), 'USDT'),
    vp_bonus: formatMinor(amount('bonus:vp'), 'USDT'),
    other_bonuses: formatMinor(amount('bonus:other'), 'USDT'),
    debt: formatMinor(debt, 'USDT'),
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

/**
 * A user's lifetime USDT bonus of one type, net of reversals: the counter `postTransfer` keeps
 * (`ledger_bonus_type_totals`), read by its key, so the cost does not grow with the bonuses paid.
 */
export async function bonusTypeTotalOf(db: Db, userId: number, bonusType: TBonusType): Promise<bigint> {
  const [row] = await queryRows<{ amount: string }>(db, bonusTypeTotalQuery(userId, bonusType));
  return BigInt(row?.amount ?? '0');
}

/** The statement of `bonusTypeTotalOf` (its plan is tested: the key's index, whatever the statistics). */
export const bonusTypeTotalQuery = (userId: number, bonusType: TBonusType): SQL =>
  sql`select b.amount::text as amount from ${ledgerBonusTypeTotals} b
       where b.user_id = ${userId} and b.bonus_type = ${bonusType}`;
