import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { users } from '../accounts/schema';
import { binaryLegEnds } from './schema';

export type TSide = 'left' | 'right';

/**
 * The partner under whom a newcomer invited by `rootId` is placed: the outer edge of its leg on
 * `side`, from its child on that side down the same side to the last partner
 * (compensation-plan.md section 3).
 *
 * The leg is not walked from the top: `binary_leg_ends` keeps where it was last seen to end, and
 * the walk goes forward from there over the partners that joined it since through other paths
 * (each one step, by the unique slot index), so a placement costs the same at any depth and no
 * plan depends on statistics. The pointer row is locked until the transaction ends, so sign-ups
 * into the same leg queue on it and nothing else does; the slot's owner is locked and checked
 * again, for a sign-up reaching the same slot through another partner's pointer. The caller moves
 * the pointer to the newcomer with `moveLegEnd` in the same transaction.
 */
export async function reserveOuterLegSlot(db: Db, rootId: number, side: TSide): Promise<number> {
  await db
    .insert(binaryLegEnds)
    .values({ userId: rootId, side, bottomId: rootId })
    .onConflictDoNothing({ target: [binaryLegEnds.userId, binaryLegEnds.side] });
  const [end] = await db
    .select({ bottomId: binaryLegEnds.bottomId })
    .from(binaryLegEnds)
    .where(and(eq(binaryLegEnds.userId, rootId), eq(binaryLegEnds.side, side)))
    .for('update');
  let parentId = end!.bottomId;
  for (let locked = false; ;) {
    const child = await childOn(db, parentId, side);
    if (child !== undefined) {
      parentId = child;
      locked = false;
      continue;
    }
    if (locked) return parentId;
    await db.execute(sql`select 1 from users where id = ${parentId} for no key update`);
    locked = true;
  }
}

async function childOn(db: Db, parentId: number, side: TSide): Promise<number | undefined> {
  const [child] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.binaryParentId, parentId), eq(users.binaryPosition, side)));
  return child?.id;
}

/** The leg of `rootId` on `side` now ends at `bottomId` (after a placement, in its transaction). */
export async function moveLegEnd(db: Db, rootId: number, side: TSide, bottomId: number) {
  await db
    .update(binaryLegEnds)
    .set({ bottomId })
    .where(and(eq(binaryLegEnds.userId, rootId), eq(binaryLegEnds.side, side)));
}

/** The new mentor, and the sponsor depths and anchors of the partner's sponsor downline after it. */
export async function setMentor(db: Db, userId: number, mentorId: number): Promise<void> {
  await db.update(users).set({ mentorId }).where(eq(users.id, userId));
  await db.execute(sql`select sponsor_rebase(${userId}::bigint)`);
}

export async function setBinarySide(db: Db, userId: number, side: TSide): Promise<void> {
  await db.update(users).set({ binarySide: side }).where(eq(users.id, userId));
}

/** True when `candidateId` is `userId` or sits in `userId`'s sponsor downline (a walk up, migration 0019). */
export async function inSponsorDownline(db: Db, userId: number, candidateId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select sponsor_under(${userId}::bigint, ${candidateId}::bigint) as found`,
  );
  return Boolean(row?.found);
}

/** True when `userId` is `topId` or in `topId`'s binary downline. */
export async function inDownline(db: Db, topId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ under: boolean }>(
    db,
    sql`select binary_under(${topId}::bigint, ${userId}::bigint) as under`,
  );
  return Boolean(row?.under);
}
