import { and, asc, desc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { users } from '../accounts/schema';
import { products } from '../catalog/schema';
import { invoices } from '../deposits/schema';
import { purchases } from '../purchases/schema';
import { validatorFeeDays, validatorKeys } from './schema';

export type TValidatorKeyRow = typeof validatorKeys.$inferSelect;

/** A key is being paid when a chain transfer attached to one of its invoices is confirming. */
const confirmingPayment = sql<boolean>`exists (select 1 from ${invoices} i
  where i.validator_key_id = "validator_keys"."id" and i.purpose = 'validator_key' and i.status = 'confirming')`;

export type TKeyWithPayment = { key: TValidatorKeyRow; confirming: boolean };

/**
 * Serialises a partner's key purchases (the allowance is counted, then a slot taken): the user row,
 * FOR NO KEY UPDATE, which rows that only reference the user (purchases, postings) do not wait on.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * The allowance: the partner's tariff purchases (not refunded) whose tariff includes a node
 * (product attribute `includes_node`).
 */
export async function allowance(db: Db, userId: number): Promise<number> {
  const rows = await queryRows<{ count: string | number }>(db, allowanceQuery(userId));
  return Number(rows[0]?.count ?? 0);
}

const allowanceQuery = (userId: number) =>
  sql`select count(*) as count from ${purchases} p join ${products} pr on pr.id = p.product_id
      where p.user_id = ${userId} and p.kind = 'tariff' and p.status = 'completed'
        and (pr.attributes->>'includes_node') = 'true'`;

/** Keys holding a slot: reserved, paid or activated (a released or expired key gave it back). */
export async function countHeld(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(validatorKeys)
    .where(
      and(eq(validatorKeys.userId, userId), inArray(validatorKeys.status, ['reserved', 'paid', 'activated'])),
    );
  return Number(row?.count ?? 0);
}

export async function insertKey(db: Db, row: typeof validatorKeys.$inferInsert): Promise<TValidatorKeyRow> {
  const [inserted] = await db.insert(validatorKeys).values(row).returning();
  return inserted!;
}

/** The key, locked for the rest of the transaction; only `userId`'s unless null (the watcher). */
export async function lockKey(
  db: Db,
  id: number,
  userId: number | null,
): Promise<TValidatorKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(validatorKeys)
    .where(
      userId === null
        ? eq(validatorKeys.id, id)
        : and(eq(validatorKeys.id, id), eq(validatorKeys.userId, userId)),
    )
    .for('update');
  return row;
}

/** The update of `updateKey`, to run inside another statement (`purchaseId` may be its expression). */
export function updateKeyStatement(
  db: Db,
  id: number,
  patch: Omit<Partial<typeof validatorKeys.$inferInsert>, 'purchaseId'> & { purchaseId: SQL },
): SQL {
  return db.update(validatorKeys).set(patch).where(eq(validatorKeys.id, id)).getSQL();
}

export async function updateKey(
  db: Db,
  id: number,
  patch: Partial<typeof validatorKeys.$inferInsert>,
): Promise<TValidatorKeyRow> {
  const [row] = await db.update(validatorKeys).set(patch).where(eq(validatorKeys.id, id)).returning();
  return row!;
}

export async function paymentConfirming(db: Db, keyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.validatorKeyId, keyId),
        eq(invoices.purpose, 'validator_key'),
        eq(invoices.status, 'confirming'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function userKeys(db: Db, userId: number): Promise<TKeyWithPayment[]> {
  return db
    .select({ key: validatorKeys, confirming: confirmingPayment })
    .from(validatorKeys)
    .where(eq(validatorKeys.userId, userId))
    .orderBy(desc(validatorKeys.id));
}

export async function findKey(db: Db, id: number): Promise<TKeyWithPayment | undefined> {
  const [row] = await db
    .select({ key: validatorKeys, confirming: confirmingPayment })
    .from(validatorKeys)
    .where(eq(validatorKeys.id, id));
  return row;
}

/**
 * A partner's slots, in one statement (after `lockUser`): their keys past their time (`dueKeys`),
 * the allowance and the keys holding a slot, those past their time counted out.
 */
export async function slotsOf(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ due: number[]; allowance: number; held: number }> {
  const due = dueKeysQuery(db, now, userId).getSQL();
  const [row] = await queryRows<{
    due: (string | number)[];
    allowance: string | number;
    held: string | number;
  }>(
    db,
    sql`with due as (${due})
        select (select coalesce(array_agg(id order by id), '{}') from due) as due,
               (${allowanceQuery(userId)}) as allowance,
               (select count(*) from validator_keys k
                 where k.user_id = ${userId} and k.status in ('reserved', 'paid', 'activated')
                   and k.id not in (select id from due)) as held`,
  );
  return { due: row!.due.map(Number), allowance: Number(row!.allowance), held: Number(row!.held) };
}

/**
 * Keys past their time (of one user, or all): reserved past `reserved_until` with no chain payment
 * confirming, or paid past `activate_until`.
 */
export async function dueKeys(db: Db, now: Date, userId?: number): Promise<number[]> {
  const rows = await dueKeysQuery(db, now, userId);
  return rows.map((row) => row.id);
}

function dueKeysQuery(db: Db, now: Date, userId?: number) {
  return db
    .select({ id: validatorKeys.id })
    .from(validatorKeys)
    .where(
      and(
        userId === undefined ? undefined : eq(validatorKeys.userId, userId),
        or(
          and(
            eq(validatorKeys.status, 'reserved'),
            lte(validatorKeys.reservedUntil, now),
            sql`not ${confirmingPayment}`,
          ),
          and(eq(validatorKeys.status, 'paid'), lte(validatorKeys.activateUntil, now)),
        ),
      ),
    )
    .orderBy(asc(validatorKeys.id));
}

/**
 * Activates the caller's paid key of this code hash, if its 24 hours still run: one conditional
 * update, so that of many attempts at once exactly one changes the row.
 */
export async function activate(
  db: Db,
  input: { userId: number; codeHash: string; now: Date },
): Promise<TValidatorKeyRow | undefined> {
  const [row] = await db
    .update(validatorKeys)
    .set({ status: 'activated', activatedAt: input.now })
    .where(
      and(
        eq(validatorKeys.userId, input.userId),
        eq(validatorKeys.codeHash, input.codeHash),
        eq(validatorKeys.status, 'paid'),
        sql`${validatorKeys.activateUntil} > ${input.now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

export async function findByCode(db: Db, userId: number, codeHash: string) {
  const [row] = await db
    .select()
    .from(validatorKeys)
    .where(and(eq(validatorKeys.userId, userId), eq(validatorKeys.codeHash, codeHash)));
  return row;
}

/** Sets the code of a key paid by chain whose code was not shown yet; false when it was. */
export async function issueCode(db: Db, keyId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(validatorKeys)
    .set({ codeHash })
    .where(
      and(
        eq(validatorKeys.id, keyId),
        eq(validatorKeys.status, 'paid'),
        sql`${validatorKeys.codeHash} is null`,
      ),
    )
    .returning({ id: validatorKeys.id });
  return rows.length === 1;
}

// ---- the daily fee share ----------------------------------------------------------------------------

/** Keys activated before `end`, with their owners. */
export async function activatedBefore(db: Db, end: Date) {
  return db
    .select({ id: validatorKeys.id, userId: validatorKeys.userId })
    .from(validatorKeys)
    .where(and(eq(validatorKeys.status, 'activated'), lt(validatorKeys.activatedAt, end)))
    .orderBy(asc(validatorKeys.id));
}

/** Claims a day's distribution; false when that day was distributed already. */
export async function claimFeeDay(db: Db, row: typeof validatorFeeDays.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(validatorFeeDays)
    .values(row)
    .onConflictDoNothing()
    .returning({ day: validatorFeeDays.day });
  return rows.length === 1;
}
