import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { cardPayments } from './schema';
import { LOCKS } from '../../db/locks';

export type TNewCardPayment = typeof cardPayments.$inferInsert;
export type TCardPaymentRow = typeof cardPayments.$inferSelect;

/** Writes a payment under the id `nextId` gave it (its return URL names it). */
export async function insertCardPayment(db: Db, payment: TNewCardPayment & { id: number }): Promise<void> {
  await db.insert(cardPayments).overridingSystemValue().values(payment);
}

/**
 * The attempts of one card (by fingerprint) this UTC day and this calendar month (UTC), by the
 * database's clock, which also dates the rows. A refusal for being over a limit is recorded but
 * not counted: knocking on a card's daily limit must not use up its month.
 */
export async function countAttempts(
  db: Db,
  fingerprint: string,
  limitReasons: readonly string[],
): Promise<{ today: number; month: number }> {
  const [row] = await queryRows<{ today: number; month: number }>(
    db,
    sql`select count(*) filter (where created_at >= date_trunc('day', now(), 'UTC'))::int as today,
               count(*)::int as month
        from card_payments
        where card_fingerprint = ${fingerprint}
          and created_at >= date_trunc('month', now(), 'UTC')
          and coalesce(decline_reason, '') not in (${sql.join(
            limitReasons.map((reason) => sql`${reason}`),
            sql`, `,
          )})`,
  );
  return { today: Number(row!.today), month: Number(row!.month) };
}

/**
 * The attempts of one card counted under a lock on its fingerprint (every process, every
 * connection, until the transaction ends): the payment deciding next waits, so no burst of
 * payments of one card gets past a limit.
 */
export async function countAttemptsLocked(
  tx: Db,
  fingerprint: string,
  limitReasons: readonly string[],
): Promise<{ today: number; month: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.cardReservations}, hashtext(${fingerprint}))`);
  return countAttempts(tx, fingerprint, limitReasons);
}

/** The next card payment's id, taken before its row is written (its return URL names it). */
export async function nextId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('card_payments', 'id'))::text as id`,
  );
  return Number(row!.id);
}

/** The payment a provider's webhook names, locked until the transaction ends. */
export async function lockByProviderPayment(tx: Db, paymentId: string): Promise<TCardPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.providerPaymentId, paymentId))
    .for('update');
  return row;
}

export async function findById(db: Db, id: number): Promise<TCardPaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, id));
  return row;
}

/** The row, locked until the transaction ends: the credit happens under this lock. */
export async function lockById(tx: Db, id: number): Promise<TCardPaymentRow | undefined> {
  const [row] = await tx.select().from(cardPayments).where(eq(cardPayments.id, id)).for('update');
  return row;
}

/** Moves a row on from `from`; a row already moved on (by a request it was joined by) stays. */
export async function moveOn(
  db: Db,
  id: number,
  from: readonly TCardPaymentRow['status'][],
  patch: Partial<TNewCardPayment>,
): Promise<void> {
  await db
    .update(cardPayments)
    .set(patch)
    .where(and(eq(cardPayments.id, id), inArray(cardPayments.status, [...from])));
}

/** Payments left in `status` for longer than `olderThanSeconds`: the reconciliation job's work. */
export async function stuck(
  db: Db,
  status: 'authorized' | 'charged',
  olderThanSeconds: number,
  limit: number,
): Promise<{ id: number; providerPaymentId: string | null }[]> {
  const rows = await queryRows<{ id: string; provider_payment_id: string | null }>(
    db,
    sql`select id::text, provider_payment_id from card_payments
        where status = ${sql.raw(`'${status}'`)} and created_at <= now() - make_interval(secs => ${olderThanSeconds})
        order by id limit ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), providerPaymentId: row.provider_payment_id }));
}
