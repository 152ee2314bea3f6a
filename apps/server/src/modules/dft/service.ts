import { randomUUID } from 'node:crypto';
import { formatMinor, minor } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dftGrants } from './schema';
import { fail } from '../../http/errors';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/balances';
import { creditParts, InsufficientFundsError, postTransfer } from '../ledger/service';
import { operationStatement, recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TGrantRow } from './repo';

/** compensation-plan.md section 4: 1/12 of a grant unlocks every 30 days after it. */
export const DFT_PERIOD_DAYS = 30;
const PARTS = 12;
const DAY_MS = 24 * 3600 * 1000;

/** The twelfths of a grant unlocked by `now`. */
export function partsDue(grant: Pick<TGrantRow, 'grantedAt'>, now: Date): number {
  return Math.min(
    PARTS,
    Math.floor((now.getTime() - grant.grantedAt.getTime()) / (DFT_PERIOD_DAYS * DAY_MS)),
  );
}

/** What `parts` twelfths of `amount` come to, so that the twelve parts add up to it exactly. */
export function unlockedAmount(amount: bigint, parts: number): bigint {
  return (amount * BigInt(parts)) / BigInt(PARTS);
}

/** When the next twelfth of any of the user's grants unlocks, or null when all are unlocked. */
export function nextUnlock(grants: Pick<TGrantRow, 'grantedAt' | 'unlockedParts'>[], now: Date): Date | null {
  const times = grants
    .filter((grant) => grant.unlockedParts < PARTS)
    .map((grant) => {
      const part = Math.max(grant.unlockedParts, partsDue(grant, now)) + 1;
      return part > PARTS ? null : new Date(grant.grantedAt.getTime() + part * DFT_PERIOD_DAYS * DAY_MS);
    })
    .filter((time): time is Date => time !== null);
  return times.length ? new Date(Math.min(...times.map((time) => time.getTime()))) : null;
}

/**
 * Grants DFT, locked (a tariff purchase grants its USDT price in DFT). In the caller's
 * transaction, once per `reference`.
 */
export async function grantDft(
  db: Db,
  userId: number,
  amount: bigint,
  reference: string,
  grantedAt = new Date(),
) {
  const [, line] = dftGrantStatements(db, { userId, amount, reference: sql`${reference}::text`, grantedAt });
  const grant = await repo.insertGrant(
    db,
    { userId, amount, reference, grantedAt, nextUnlockAt: unlockTime({ grantedAt }, 0) },
    line!,
  );
  if (grant) await postDftGrant(db, userId, amount, reference);
}

/**
 * A grant's row and its statement line, to run inside the statement of what grants it (a tariff
 * purchase): `reference` is an expression of that statement. Its transfer: `dftGrantCredit` in the
 * same statement, or `postDftGrant` after it.
 */
export function dftGrantStatements(
  db: Db,
  grant: { userId: number; amount: bigint; reference: SQL; grantedAt: Date },
): SQL[] {
  const { userId, amount, reference, grantedAt } = grant;
  return [
    repo.grantInsert(db, {
      userId,
      amount,
      reference,
      grantedAt,
      nextUnlockAt: unlockTime({ grantedAt }, 0),
    }),
    operationStatement({
      userId,
      operationType: 'bonus',
      bonusType: 'dft',
      currency: 'DFT',
      amount,
      status: 'completed',
      reference: sql`'dft:grant:' || ${reference}`,
      details: { locked: true },
    }),
  ];
}

/**
 * The ledger side of a grant as parts of the statement of what grants it (a tariff purchase):
 * DFT issued into the partner's locked DFT, its reference `'dft:grant:' || reference`.
 */
export function dftGrantCredit(grant: { userId: number; amount: bigint; reference: SQL }) {
  return creditParts({
    name: 'dft_grant',
    operationType: 'bonus',
    bonusType: 'dft',
    reference: sql`'dft:grant:' || ${grant.reference}`,
    details: {},
    from: COMPANY_PURPOSES.dftIssued,
    to: userAccount(grant.userId, 'DFT', 'dft_locked'),
    amount: minor(grant.amount, 'DFT'),
  });
}

/** The ledger side of a grant of `reference`: DFT issued into the partner's locked DFT, once. */
export async function postDftGrant(db: Db, userId: number, amount: bigint, reference: string) {
  await postTransfer(db, {
    operationType: 'bonus',
    bonusType: 'dft',
    reference: `dft:grant:${reference}`,
    legs: [
      { account: userAccount(userId, 'DFT', 'dft_locked'), amount: minor(amount, 'DFT') },
      { account: companyAccount('DFT', COMPANY_PURPOSES.dftIssued), amount: minor(-amount, 'DFT') },
    ],
  });
}

/** When the twelfth after `parts` unlocks, or null when all twelve have. */
export function unlockTime(grant: Pick<TGrantRow, 'grantedAt'>, parts: number): Date | null {
  return parts >= PARTS ? null : new Date(grant.grantedAt.getTime() + (parts + 1) * DFT_PERIOD_DAYS * DAY_MS);
}

/**
 * Moves the twelfths due by `now` from locked to available. Safe to run at any time, from any
 * process: each grant advances only from the count it was read at.
 */
export async function unlockDue(db: Db, userId: number, now = new Date()): Promise<void> {
  for (const grant of await repo.lockedGrants(db, userId)) {
    if (partsDue(grant, now) <= grant.unlockedParts) continue;
    await db.transaction((tx) => unlockGrant(tx, grant, now));
  }
}

/** One grant's twelfths due by `now`, in the caller's transaction, if it was not advanced since read. */
async function unlockGrant(tx: Db, grant: TGrantRow, now: Date): Promise<void> {
  const due = Math.max(grant.unlockedParts, partsDue(grant, now));
  const amount = unlockedAmount(grant.amount, due) - unlockedAmount(grant.amount, grant.unlockedParts);
  if (!(await repo.advanceGrant(tx, grant.id, grant.unlockedParts, due, unlockTime(grant, due)))) return;
  if (amount === 0n) return;
  await postTransfer(tx, {
    operationType: 'transfer',
    bonusType: 'dft',
    reference: `dft:unlock:${grant.id}:${due}`,
    legs: [
      { account: userAccount(grant.userId, 'DFT', 'dft_locked'), amount: minor(-amount, 'DFT') },
      { account: userAccount(grant.userId, 'DFT', 'dft_available'), amount: minor(amount, 'DFT') },
    ],
  });
}

/**
 * What a read shows of a user's DFT without writing: the twelfths due by `now` that no one has
 * moved yet (the job or the next write moves them), and the next unlock.
 */
export async function dftStatus(db: Db, userId: number, now = new Date()) {
  return dftStatusOf(await repo.lockedGrants(db, userId), now);
}

export function dftStatusOf(
  grants: Pick<TGrantRow, 'amount' | 'grantedAt' | 'unlockedParts'>[],
  now: Date,
): { due: bigint; next: Date | null } {
  let due = 0n;
  for (const grant of grants) {
    const parts = partsDue(grant, now);
    if (parts > grant.unlockedParts)
      due += unlockedAmount(grant.amount, parts) - unlockedAmount(grant.amount, grant.unlockedParts);
  }
  return { due, next: nextUnlock(grants, now) };
}

/** `[amount, granted at (ms), unlocked parts]` of each grant with locked twelfths. */
export type TLockedGrantRows = [string, number, number][] | null;

/** A subquery (one json value) of a user's grants with locked twelfths, by the user index. */
export const lockedGrantRows = (userId: SQL): SQL =>
  sql`(select json_agg(json_build_array(g.amount::text, floor(extract(epoch from g.granted_at) * 1000), g.unlocked_parts))
       from ${dftGrants} g where g.user_id = ${userId} and g.unlocked_parts < 12)`;

export function dftStatusFromRows(rows: TLockedGrantRows, now: Date) {
  return dftStatusOf(
    (rows ?? []).map(([amount, grantedAt, unlockedParts]) => ({
      amount: BigInt(amount),
      grantedAt: new Date(Number(grantedAt)),
      unlockedParts: Number(unlockedParts),
    })),
    now,
  );
}

export async function dftNextUnlock(db: Db, userId: number, now = new Date()): Promise<Date | null> {
  return nextUnlock(await repo.lockedGrants(db, userId), now);
}

/**
 * The unlock job: drains every grant with a twelfth due by `now`, `batch` grants per transaction
 * (claimed by the due-time index with `for update skip locked`, so several processes running it
 * at once share the work and unlock each twelfth once), until a batch comes back short. Answers
 * how many grants it advanced.
 */
export async function unlockAllDue(db: Db, now = new Date(), batch = 200): Promise<number> {
  for (let total = 0; ;) {
    const claimed = await db.transaction(async (tx) => {
      const grants = await repo.claimDueGrants(tx, now, batch);
      for (const grant of grants) await unlockGrant(tx, grant, now);
      return grants.length;
    });
    total += claimed;
    if (claimed < batch) return total;
  }
}

/**
 * dft_to_send_to_dexnet: all unlocked DFT becomes DexNet tokens, 1 DFT for 1 DXN
 * (compensation-plan.md section 4).
 */
export async function sendDftToDexnet(db: Db, userId: number, idempotency: TIdempotency | null) {
  await unlockDue(db, userId);
  return once(db, idempotency, 200, async (tx) => {
    const amount = await balanceOf(tx, userAccount(userId, 'DFT', 'dft_available'));
    if (amount <= 0n) throw fail.request('nothingToTransfer');
    const reference = `dft:redeem:${randomUUID()}`;
    try {
      await postTransfer(tx, {
        operationType: 'transfer',
        reference,
        legs: [
          { account: userAccount(userId, 'DFT', 'dft_available'), amount: minor(-amount, 'DFT') },
          { account: companyAccount('DFT', COMPANY_PURPOSES.dftRedeemed), amount: minor(amount, 'DFT') },
          // 1 DFT for 1 DXN: both have 8 places, so the minor units are the same number.
          { account: companyAccount('DXN', COMPANY_PURPOSES.dxnIssued), amount: minor(-amount, 'DXN') },
          { account: userAccount(userId, 'DXN'), amount: minor(amount, 'DXN') },
        ],
      });
    } catch (error) {
      // A transfer at the same moment took it first.
      if (error instanceof InsufficientFundsError) throw fail.request('nothingToTransfer');
      throw error;
    }
    const details = { from: 'DFT', to: 'DXN' };
    await recordOperation(tx, {
      userId,
      operationType: 'transfer',
      currency: 'DFT',
      amount: -amount,
      status: 'completed',
      reference: `${reference}:dft`,
      details,
    });
    await recordOperation(tx, {
      userId,
      operationType: 'transfer',
      currency: 'DXN',
      amount,
      status: 'completed',
      reference: `${reference}:dxn`,
      details,
    });
    const next = await dftNextUnlock(tx, userId);
    return { amount: formatMinor(amount, 'DFT'), next_unlock_at: next?.toISOString() ?? null };
  });
}
