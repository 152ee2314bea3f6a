import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purchases } from '../purchases/schema';

/** A partner's ticket purchases, newest first (a purchase of N tickets is one row of N units). */
export async function userTicketPurchases(db: Db, userId: number) {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'event_ticket')))
    .orderBy(desc(purchases.id))
    .limit(200);
}
