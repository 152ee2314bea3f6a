import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { cardPayments } from '../../db/schema';

export type TNewCardPayment = typeof cardPayments.$inferInsert;

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
