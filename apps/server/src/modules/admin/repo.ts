import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../adapters/schema';

export async function listOutbox(db: Db, to: string | undefined, offset: number, limit: number) {
  const where = to ? eq(mailOutbox.to, to.toLowerCase()) : undefined;
  const [total] = await db.select({ value: count() }).from(mailOutbox).where(where);
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .offset(offset)
    .limit(limit);
  return { count: total?.value ?? 0, rows };
}
