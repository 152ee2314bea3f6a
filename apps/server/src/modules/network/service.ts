import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import * as repo from './repo';

/**
 * The genealogy (compensation-plan.md section 3, docs/team.md): where a newcomer is placed in the
 * binary tree, the leg a partner's invitees go to, a move to another mentor, and "is X in Y's
 * downline" in either tree. The trees' columns live on `users` (parent, position, mentor, and the
 * depths and anchors its triggers keep, migration 0019); this module is the only code that moves
 * them, and `binary_leg_ends` is its own table.
 */

export type TSide = repo.TSide;

/** Where a newcomer invited by a mentor goes: under `parentId`, on `side` (the mentor's leg). */
export type TPlacement = { mentorId: number; parentId: number; side: TSide };

/**
 * Reserves the newcomer's slot at the outer edge of the mentor's chosen leg, locked until the
 * transaction ends (repo.reserveOuterLegSlot). The caller inserts the partner with
 * `placementColumns` and then calls `completePlacement`, in the same transaction.
 */
export async function reservePlacement(
  tx: Db,
  mentor: { id: number; binarySide: TSide },
): Promise<TPlacement> {
  const side = mentor.binarySide;
  return { mentorId: mentor.id, parentId: await repo.reserveOuterLegSlot(tx, mentor.id, side), side };
}

/** The tree columns of a newly placed partner's row. */
export function placementColumns(placement: TPlacement) {
  return {
    mentorId: placement.mentorId,
    binaryParentId: placement.parentId,
    binaryPosition: placement.side,
    placementLeg: placement.side,
  };
}

/** The mentor's leg now ends at the newcomer (after its insert, in the same transaction). */
export async function completePlacement(tx: Db, placement: TPlacement, userId: number): Promise<void> {
  await repo.moveLegEnd(tx, placement.mentorId, placement.side, userId);
}

/** The leg where the partners `userId` invites from now on are placed. */
export const setBinarySide = (db: Db, userId: number, side: TSide) => repo.setBinarySide(db, userId, side);

/**
 * Moves `userId` under a new mentor with its sponsor downline (depths and anchors rebased). The
 * caller checks the rules of a move (`inSponsorDownline`) and holds the partner's row lock.
 */
export const setMentor = (db: Db, userId: number, mentorId: number) => repo.setMentor(db, userId, mentorId);

/** True when `candidateId` is `userId` or sits in `userId`'s sponsor downline. */
export const inSponsorDownline = (db: Db, userId: number, candidateId: number) =>
  repo.inSponsorDownline(db, userId, candidateId);

/** True when `userId` is `topId` or in `topId`'s binary downline. */
export const inDownline = (db: Db, topId: number, userId: number) => repo.inDownline(db, topId, userId);

/**
 * The partner a team call looks at: `userId` when it is the caller or sits in the caller's binary
 * downline (which holds their sponsor downline: invitees are placed under their mentor), else
 * 404, as api.md "Team" asks; absent, the caller. One walk up by anchors (migration 0019,
 * `binary_under`), never a walk of the downline.
 */
export async function downlineTarget(db: Db, callerId: number, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === callerId) return callerId;
  if (!(await inDownline(db, callerId, userId))) throw fail.notFound();
  return userId;
}
