import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { cardPayments } from './schema';
import { LOCKS } from '../../db/locks';

export type TNewCardPayment = typeof cardPayments.$inferInsert;
export type TCardPaymentRow = typeof cardPayments.$inferSelect;

export async function insertCardPayment(db: Db, payment: TNewCardPayment): Promise<number> {
  const [row] = await db.insert(cardPayments).values(payment).returning({ id: cardPayments.id });
  return row!.id;
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

export type TReservation =
  | { kind: 'reserved'; id: number }
  | { kind: 'joined'; row: TCardPaymentRow }
  | { kind: 'over'; limit: 'day' | 'month' };

/**
 * Reserves one attempt of a card: under a lock on the card's fingerprint (every process, every
 * connection), counts its attempts and inserts a `pending` row that counts from then on. So no
 * burst of attempts, over one process or many, gets past a limit. A charge already reserved under
 * the same reference (the same Idempotency-Key, raced or retried) is joined instead: it is one
 * attempt and one charge.
 */
export async function reserveAttempt(
  db: Db,
  attempt: TNewCardPayment & { chargeReference: string },
  limits: { perDay: number; perMonth: number; limitReasons: readonly string[] },
): Promise<TReservation> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCKS.cardReservations}, hashtext(${attempt.cardFingerprint}))`,
    );
    const existing = await findByReference(tx, attempt.chargeReference);
    if (existing) return { kind: 'joined', row: existing };
    const counted = await countAttempts(tx, attempt.cardFingerprint, limits.limitReasons);
    // The month first: when both are used up, waiting a day does not help.
    if (counted.month >= limits.perMonth) return { kind: 'over', limit: 'month' };
    if (counted.today >= limits.perDay) return { kind: 'over', limit: 'day' };
    return { kind: 'reserved', id: await insertCardPayment(tx, { ...attempt, status: 'pending' }) };
  });
}

export async function findByReference(db: Db, chargeReference: string): Promise<TCardPaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.chargeReference, chargeReference));
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

/** A reservation that never reached the card (the BIN lookup failed): it counts for nothing. */
export async function dropReservation(db: Db, id: number): Promise<void> {
  await db.delete(cardPayments).where(and(eq(cardPayments.id, id), eq(cardPayments.status, 'pending')));
}

/** Charges approved by the provider and not yet credited, older than `olderThanSeconds`. */
export async function chargedNotCredited(db: Db, olderThanSeconds: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from card_payments
        where status = 'charged' and created_at <= now() - make_interval(secs => ${olderThanSeconds})
        order by id limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}
