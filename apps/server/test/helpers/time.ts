import { sql } from 'drizzle-orm';
import type { TTestApp } from './app';

/**
 * Time passing, as the bonus fold sees it: everything it has folded (the events' times, the
 * windows, first tariffs) and the lost profit it left move `days` into the past, together, so the
 * replay audit reads the same times the fold did.
 */
export async function daysPass(app: TTestApp, days: number): Promise<void> {
  const { db } = app.database;
  const back = sql`make_interval(days => ${days})`;
  await db.execute(
    sql`update lost_profits set created_at = created_at - ${back}, expires_at = expires_at - ${back}`,
  );
  await db.execute(sql`update compensation_events set created_at = created_at - ${back}`);
  await db.execute(sql`update compensation_partners set first_tariff_at = first_tariff_at - ${back}`);
  await db.execute(
    sql`update cap_windows set opened_at = opened_at - ${back}, closed_at = closed_at - ${back}`,
  );
}
