import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, rowOf } from '../../db/client';
import { users } from '../accounts/schema';
import { purchases } from '../purchases/schema';
import { purchaseRequests } from './schema';

export type TPurchaseRequestRow = typeof purchaseRequests.$inferSelect;

/**
 * Locks the user's row: a user's tariff purchases and mentor changes run one at a time. "No key
 * update": rows that reference the user (the Idempotency-Key's, the ledger's) take key-share locks
 * on it, which a plain FOR UPDATE would wait on, deadlocking two confirmations.
 */
export async function lockUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, mentorId: users.mentorId, isCompanyRoot: users.isCompanyRoot })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, mentorId: users.mentorId, isCompanyRoot: users.isCompanyRoot })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** True once the user has paid any tariff (a refund does not make the mentor changeable again). */
export async function hasPaidTariff(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'tariff')))
    .limit(1);
  return row !== undefined;
}

export async function insertRequest(
  db: Db,
  row: typeof purchaseRequests.$inferInsert,
): Promise<TPurchaseRequestRow> {
  const [inserted] = await db.insert(purchaseRequests).values(row).returning();
  return inserted!;
}

/**
 * Locks the user's row as `lockUser` does, and their own request `id` (anyone else's is not
 * found), in one statement: undefined when either is not there. The request is locked too, so a
 * confirmation that waited on another reads the request as that one left it (READ COMMITTED
 * checks locked rows again once they are free; the rows of a join that are not locked would be
 * read as they were when the statement began).
 */
export async function lockUserWithRequest(db: Db, userId: number, id: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.id as locked_user_id, u.mentor_id as locked_mentor_id, r.*
        from users u join purchase_requests r on r.id = ${id}::uuid and r.user_id = u.id
        where u.id = ${userId} for no key update`,
  );
  if (!row) return undefined;
  return {
    user: {
      id: Number(row.locked_user_id),
      mentorId: row.locked_mentor_id === null ? null : Number(row.locked_mentor_id),
    },
    request: rowOf(purchaseRequests, row),
  };
}

/**
 * Marks a request paid by `purchaseId`, and opens the `virtual` nodes its tariff includes, of the
 * lowest tier of virtual node on the catalogue, with `along`: one statement. Answers the nodes
 * opened.
 */
export async function markRequestPaid(
  db: Db,
  request: { id: string; purchaseId: number; userId: number; virtual: number },
  /** More `with` entries of the same statement (the device order the tariff includes). */
  along: SQL | null = null,
): Promise<number> {
  const [row] = await queryRows<{ opened: number }>(
    db,
    sql`with node_product as (
          select id from products where kind = 'virtual_node'
           order by coalesce((attributes->>'tier')::int, 0), id limit 1),
        opened as (
          insert into nodes (user_id, kind, product_id, purchase_id)
          select ${request.userId}::bigint, 'virtual', p.id, ${request.purchaseId}::bigint
            from node_product p, generate_series(1, ${request.virtual}::int)
          returning 1),
        paid as (update purchase_requests set purchase_id = ${request.purchaseId}::bigint where id = ${request.id}::uuid)
        ${along ? sql`, ${along}` : sql``}
        select (select count(*) from opened)::int as opened`,
  );
  return row!.opened;
}

/**
 * The cleanup job: unpaid requests expired before `before`, in batches by the due index (`for
 * update skip locked`, so processes running it at once share the work). Returns how many.
 */
export async function deleteExpiredRequests(db: Db, before: Date, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from purchase_requests where id in (
            select id from purchase_requests
            where purchase_id is null and expires_at < ${before.toISOString()}::timestamptz
            order by expires_at limit ${batch} for update skip locked)
          returning id`,
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}
