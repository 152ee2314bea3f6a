import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { fail } from '../../http/errors';

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

/** True when `userId` is `topId` or in `topId`'s binary downline. */
export async function inDownline(db: Db, topId: number, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ under: boolean }>(
    db,
    sql`select binary_under(${topId}::bigint, ${userId}::bigint) as under`,
  );
  return Boolean(row?.under);
}
