import {
  CURRENCIES,
  minor,
  type TBonusType,
  type TCurrency,
  type TMinor,
  type TOperationType,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, TPart } from '../../db/client';
import {
  MATCHING_BONUS_TYPES,
  type TAccountRef,
  type TCompanyPurpose,
  type TUserAccountRef,
  VP_BONUS_TYPES,
} from './accounts';
import * as repo from './repo';

/**
 * One side of a transfer: what it adds to (positive) or takes from (negative) an account, in the
 * account's currency (the amount's brand must name it).
 */
export type TLeg = { [C in TCurrency]: { account: TAccountRef<C>; amount: TMinor<C> } }[TCurrency];

/**
 * A leg whose currency is known only at run time (a variable of several currencies): the amount
 * must carry the account's currency all the same.
 */
export const leg = <C extends TCurrency>(account: TAccountRef<C>, amount: TMinor<NoInfer<C>>): TLeg =>
  ({ account, amount }) as TLeg;

export type TTransferInput = {
  /** Its id, taken from the transfers' sequence before (the fold names it before it posts it). */
  id?: number;
  operationType: TOperationType;
  bonusType?: TBonusType | null;
  /** Makes the movement happen once: a second transfer with it moves nothing. */
  reference: string;
  details?: Record<string, unknown>;
  legs: TLeg[];
};

/** A user account would go below zero; nothing of the transfer was written. */
export class InsufficientFundsError extends Error {
  constructor(readonly account: TAccountRef) {
    super(`Insufficient funds in ${account.currency}/${account.purpose} of user ${account.userId}`);
  }
}

/**
 * Posts one balanced transfer inside the caller's transaction `db`, in one statement whatever the
 * number of legs (repo.insertTransfer). Exactly once per reference: when it was posted before,
 * nothing moves and `created` is false. User balances are locked in the order of their accounts
 * (user, currency, purpose), so two transfers never wait on each other crosswise, and never go
 * below zero: else nothing moves and InsufficientFundsError names the first such account. Company
 * accounts keep no balance on their row (accounts.ts): they only get postings.
 */
export async function postTransfer(db: Db, input: TTransferInput): Promise<{ id: number; created: boolean }> {
  assertBalanced(input.legs);
  const legs = mergeLegs(input.legs);
  const userLegs = legs
    .flatMap(({ account, amount }) => (account.userId === null ? [] : [{ ...account, amount }]))
    .sort((a, b) => a.userId - b.userId || compare(a.currency, b.currency) || compare(a.purpose, b.purpose));
  const { id, short } = await repo.insertTransfer(db, {
    id: input.id,
    operationType: input.operationType,
    bonusType: input.bonusType ?? null,
    reference: input.reference,
    details: input.details ?? {},
    userLegs,
    companyLegs: legs.flatMap(({ account, amount }) =>
      account.userId === null ? [{ ...account, amount }] : [],
    ),
    bonusTotals: input.operationType === 'bonus' ? bonusTotals(legs, input.bonusType ?? null) : [],
  });
  if (id !== null) return { id, created: true };
  // Posted before (a replay: nothing moves, whatever the balances are now), or short.
  const posted = await repo.transferIdOf(db, input.reference);
  if (posted !== undefined) return { id: posted, created: false };
  if (short === null) throw new Error(`Transfer ${input.reference} was neither posted nor refused`);
  const account = userLegs[short]!;
  throw new InsufficientFundsError({
    userId: account.userId,
    currency: account.currency,
    purpose: account.purpose,
  });
}

/**
 * A payment from a user's account to a company account (a purchase's) as `with` parts of the
 * caller's statement (repo.debitParts, a third of `postTransfer`'s work): `paid` is true in that
 * statement when it moved, false when the account was short, and then nothing of it was written
 * and the caller must throw away what the rest of its statement wrote (its transaction rolls back).
 */
export function paymentParts<C extends TCurrency>(input: {
  operationType: TOperationType;
  reference: string;
  details?: Record<string, unknown>;
  from: TUserAccountRef<C>;
  to: TCompanyPurpose;
  amount: TMinor<NoInfer<C>>;
}): { parts: TPart[]; paid: SQL; transferId: SQL } {
  if (input.amount <= 0n) throw new Error('A payment moves an amount above zero');
  return {
    parts: repo.debitParts({
      operationType: input.operationType,
      reference: input.reference,
      details: input.details ?? {},
      userId: input.from.userId,
      currency: input.from.currency,
      purpose: input.from.purpose,
      amount: input.amount,
      companyPurpose: input.to,
    }),
    paid: sql`(${repo.DEBIT_TRANSFER_ID} is not null)`,
    transferId: repo.DEBIT_TRANSFER_ID,
  };
}

/**
 * A credit from a company account to a user's account as named `with` parts of the caller's
 * statement (repo.creditParts; a token pack's locked DXN in its purchase's statement). Its
 * reference and details may be expressions of that statement (a row inserted beside it).
 */
export function creditParts<C extends TCurrency>(input: {
  name: string;
  operationType: TOperationType;
  bonusType?: TBonusType | null;
  reference: string | SQL;
  details: Record<string, unknown> | SQL;
  from: TCompanyPurpose;
  to: TUserAccountRef<C>;
  amount: TMinor<NoInfer<C>>;
}): TPart[] {
  if (input.amount <= 0n) throw new Error('A credit moves an amount above zero');
  // A USDT bonus counts in the lifetime totals (`bonusTotals`): that is `postTransfer`'s to post.
  if (input.operationType === 'bonus' && input.to.currency === 'USDT')
    throw new Error('A USDT bonus is posted by postTransfer, which counts it');
  return repo.creditParts({
    name: input.name,
    operationType: input.operationType,
    bonusType: input.bonusType ?? null,
    reference: input.reference,
    details: input.details,
    userId: input.to.userId,
    currency: input.to.currency,
    purpose: input.to.purpose,
    amount: input.amount,
    companyPurpose: input.from,
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What a bonus transfer adds to its users' lifetime totals: its USDT movements on user accounts, by
 * the header's group (and by the transfer's bonus type: repo.ts): a bonus credited adds, its
 * reversal (a refunded purchase) takes back what it took (the same rows `ledger_bonus_totals` was
 * back-filled from, migrations 0013 and 0018, and `ledger_bonus_type_totals`, migration 0035).
 */
function bonusTotals(legs: TLeg[], bonusType: TBonusType | null) {
  const group: repo.TBonusGroup = (MATCHING_BONUS_TYPES as readonly string[]).includes(bonusType ?? '')
    ? 'matching'
    : (VP_BONUS_TYPES as readonly string[]).includes(bonusType ?? '')
      ? 'vp'
      : 'other';
  const totals = new Map<number, bigint>();
  for (const { account, amount } of legs) {
    if (account.userId === null || account.currency !== 'USDT' || amount === 0n) continue;
    totals.set(account.userId, (totals.get(account.userId) ?? 0n) + amount);
  }
  // In user order: the counters' rows are locked in one order by every transfer.
  return [...totals].sort(([a], [b]) => a - b).map(([userId, amount]) => ({ userId, group, amount }));
}

/** Legs on the same account are one posting. */
function mergeLegs(legs: TLeg[]): TLeg[] {
  const merged = new Map<string, TLeg>();
  for (const { account, amount } of legs) {
    const key = `${account.userId}/${account.currency}/${account.purpose}`;
    const seen = merged.get(key);
    merged.set(key, leg(account, minor((seen?.amount ?? 0n) + amount, account.currency)));
  }
  return [...merged.values()].filter((leg) => leg.amount !== 0n);
}

function assertBalanced(legs: TLeg[]): void {
  if (legs.length < 2) throw new Error('A transfer needs at least two legs');
  const sums = new Map<TCurrency, bigint>();
  for (const leg of legs) {
    if (leg.amount === 0n) throw new Error('A leg moves no money');
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`Transfer does not balance in ${currency}: ${sum}`);
  }
}

/** The ledger's invariants, for the admin health call (api.md "Admin", issue: ledger invariants). */
export async function ledgerHealth(db: Db) {
  const sums = await repo.postingSumsByCurrency(db);
  const currencies = CURRENCIES.map((currency) => {
    const total = sums.find((row) => row.currency === currency)?.total ?? '0';
    return { currency, postings_sum: total, balanced: total === '0' };
  });
  const [unbalanced, mismatched, negative] = await Promise.all([
    repo.unbalancedTransferCount(db),
    repo.mismatchedAccounts(db),
    repo.negativeUserAccountCount(db),
  ]);
  return {
    ok:
      currencies.every((row) => row.balanced) &&
      unbalanced === 0 &&
      mismatched.length === 0 &&
      negative === 0,
    currencies,
    unbalanced_transfers: unbalanced,
    mismatched_accounts: mismatched,
    negative_user_accounts: negative,
  };
}
