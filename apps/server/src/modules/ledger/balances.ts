import { formatMinor, type TBalances } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../../db/schema';
import { MATCHING_BONUS_TYPES, type TUserAccountRef, VP_BONUS_TYPES } from './accounts';

/** A user's balances as the profile shows them (api.md): spendable, DFT, lifetime bonus totals. */
export async function balancesOf(db: Db, userId: number): Promise<TBalances> {
  const accounts = await db
    .select({
      currency: ledgerAccounts.currency,
      purpose: ledgerAccounts.purpose,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balance = (currency: string, purpose: string) =>
    accounts.find((account) => account.currency === currency && account.purpose === purpose)?.balance ?? 0n;

  // Lifetime USDT bonus credits by type; the header's "matching", "VP" and "other" totals.
  const earned = await db
    .select({
      group: sql<string>`case
        when ${ledgerTransfers.bonusType} in ${MATCHING_BONUS_TYPES} then 'matching'
        when ${ledgerTransfers.bonusType} in ${VP_BONUS_TYPES} then 'vp'
        else 'other' end`,
      total: sql<string>`sum(${ledgerPostings.amount})::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, 'USDT'),
        eq(ledgerTransfers.operationType, 'bonus'),
        sql`${ledgerPostings.amount} > 0`,
      ),
    )
    .groupBy(sql`1`);
  const total = (group: string) => BigInt(earned.find((row) => row.group === group)?.total ?? '0');

  return {
    usdt: formatMinor(balance('USDT', 'main'), 'USDT'),
    dexnet: formatMinor(balance('DXN', 'main'), 'DXN'),
    dft_locked: formatMinor(balance('DFT', 'dft_locked'), 'DFT'),
    dft_available: formatMinor(balance('DFT', 'dft_available'), 'DFT'),
    matching_bonus: formatMinor(total('matching'), 'USDT'),
    vp_bonus: formatMinor(total('vp'), 'USDT'),
    other_bonuses: formatMinor(total('other'), 'USDT'),
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
