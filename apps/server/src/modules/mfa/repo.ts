import { and, eq, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mfaFactors } from './schema';

/**
 * A user's authenticator secret while two-factor is on, sealed (AES-256-GCM, lib/crypto.ts); null
 * while it is off. Only this module opens it: another module reads it with its user
 * (`secretRow`), tests it for null, and hands it back to `checkCode`.
 */
export type TMfaSecret = string & { readonly sealedMfaSecret: true };

/**
 * Whether two-factor is on for the user `userId` names (SQL on `users.id` of another module's
 * query), read in that query's own statement.
 */
export const enabledRow = (userId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${mfaFactors} f where f.user_id = ${userId} and f.enabled)`;

/** The sealed secret of the user `userId` names while two-factor is on, else null (as `enabledRow`). */
export const secretRow = (userId: SQL): SQL<TMfaSecret | null> =>
  sql<TMfaSecret | null>`(select f.secret from ${mfaFactors} f where f.user_id = ${userId} and f.enabled)`;

/** Whether support reset the user's two-factor and it is not set up again yet (as `enabledRow`). */
export const setupRequestedRow = (userId: SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${mfaFactors} f where f.user_id = ${userId} and f.setup_requested)`;

export async function setupRequestedOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ requested: mfaFactors.setupRequested })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId));
  return row?.requested ?? false;
}

export async function enabledOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: mfaFactors.enabled })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId));
  return row?.enabled ?? false;
}

export async function secretOf(db: Db, userId: number): Promise<TMfaSecret | null> {
  const [row] = await db
    .select({ secret: mfaFactors.secret })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.enabled, true)));
  return (row?.secret ?? null) as TMfaSecret | null;
}

export async function findFactor(db: Db, userId: number) {
  const [row] = await db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  return row;
}

/** Stores a new pending secret, unless two-factor is on already: false then. */
export async function setPendingSecret(db: Db, userId: number, encrypted: string): Promise<boolean> {
  const rows = await db
    .insert(mfaFactors)
    .values({ userId, pendingSecret: encrypted })
    .onConflictDoUpdate({
      target: mfaFactors.userId,
      set: { pendingSecret: encrypted },
      setWhere: not(mfaFactors.enabled),
    })
    .returning({ userId: mfaFactors.userId });
  return rows.length === 1;
}

/**
 * Turns two-factor on with the pending secret, accepting `step` as its first code, with the hashes
 * of its recovery codes.
 */
export async function enable(
  db: Db,
  userId: number,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({
      enabled: true,
      secret: mfaFactors.pendingSecret,
      pendingSecret: null,
      lastStep: step,
      recoveryHashes,
      setupRequested: false,
    })
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.enabled, false)))
    .returning({ userId: mfaFactors.userId });
  return rows.length === 1;
}

/**
 * Records `step` as used, only if it is later than every step accepted before: the one statement
 * that makes a code single-use, even when two requests carry it at the same moment.
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ lastStep: step })
    .where(and(eq(mfaFactors.userId, userId), lt(mfaFactors.lastStep, step)))
    .returning({ userId: mfaFactors.userId });
  return rows.length === 1;
}

/**
 * Forgets a user's two-factor (its secret, a pending one, its last step): two-factor is off and
 * can be set up again. Answers whether it was on.
 */
/**
 * Turns two-factor off for a reset by support: the secrets and recovery codes are forgotten, and
 * the row remembers that the partner is to set it up again. False when it was not on (nothing
 * changes then).
 */
export async function resetFactor(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ secret: null, pendingSecret: null, enabled: false, recoveryHashes: [], setupRequested: true })
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.enabled, true)))
    .returning({ userId: mfaFactors.userId });
  return rows.length === 1;
}

/**
 * Spends one recovery code of a user whose two-factor is on: its hash leaves the list in the one
 * statement that checks it is there, so two sign-ins with the same code at once spend it once.
 */
export async function spendRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({ recoveryHashes: sql`array_remove(${mfaFactors.recoveryHashes}, ${hash}::text)` })
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.enabled, true),
        sql`${hash}::text = any(${mfaFactors.recoveryHashes})`,
      ),
    )
    .returning({ userId: mfaFactors.userId });
  return rows.length === 1;
}
