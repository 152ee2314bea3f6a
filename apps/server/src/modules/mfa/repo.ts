import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../accounts/schema';

export async function setPendingSecret(db: Db, userId: number, encrypted: string): Promise<void> {
  await db.update(users).set({ mfaPendingSecret: encrypted }).where(eq(users.id, userId));
}

/** Turns two-factor on with the pending secret, accepting `step` as its first code. */
export async function enable(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaEnabled: true, mfaSecret: users.mfaPendingSecret, mfaPendingSecret: null, mfaLastStep: step })
    .where(and(eq(users.id, userId), eq(users.mfaEnabled, false)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Records `step` as used, only if it is later than every step accepted before: the one statement
 * that makes a code single-use, even when two requests carry it at the same moment.
 */
export async function acceptStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), lt(users.mfaLastStep, step)))
    .returning({ id: users.id });
  return rows.length === 1;
}
