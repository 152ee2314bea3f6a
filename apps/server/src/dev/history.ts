import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Moving what a seed wrote into the past, so that a demo company has a history (issue 20): its
 * partners joined, bought and were paid over months, not all in the last minute.
 *
 * The services run on the real clock (they write `now()`), so the seed works in phases and, after
 * each, moves that phase back on the calendar: `movePhase` shifts every time the phase wrote, in
 * every table, by one amount. Which times the phase wrote: the rows whose own time (`created_at`,
 * else their first time column) is at or after the phase's start; in those rows, every time at or
 * after the start, future ones included (a quote's expiry, a DFT grant's next unlock), so every
 * duration the services set stays as they set it. Times before the start are left alone: they
 * were derived from earlier phases, already moved (a lost profit's expiry is its bonus's time
 * plus 7 days). A phase is moved before the bonus fold reads it, and the fold's own writes after,
 * so the plan's time rules (quick start within 30 days, lost profit for 7) see the calendar the
 * demo shows.
 *
 * Development only, on a database nobody else writes to: it rewrites append-only ledger rows with
 * their triggers off (which needs the tables' owner).
 */

/** Tables that are not history: the sessions the seed signs in with, the rate limiter's windows. */
const NOT_HISTORY = new Set(['sessions', 'rate_limits']);

/**
 * Triggers left on while a phase moves: the dashboard's income by month (migration 0035) follows
 * its lines to the months they are moved to.
 */
const KEPT_TRIGGERS: Record<string, string[]> = {
  wallet_operations: ['wallet_operations_income_update'],
  payouts: ['payouts_income_update'],
};

type TTimeTable = { table: string; rowTime: string; columns: string[] };

/** Every table with time columns, and the column that dates its rows. */
async function timeTables(db: Db): Promise<TTimeTable[]> {
  const rows = await queryRows<{ table_name: string; columns: string[] }>(
    db,
    sql`select table_name, array_agg(column_name::text order by ordinal_position) as columns
          from information_schema.columns
         where table_schema = current_schema() and data_type = 'timestamp with time zone'
         group by table_name order by table_name`,
  );
  return rows
    .filter((row) => !NOT_HISTORY.has(row.table_name))
    .map((row) => ({
      table: row.table_name,
      rowTime: row.columns.includes('created_at') ? 'created_at' : row.columns[0]!,
      columns: row.columns,
    }));
}

/**
 * The start of a phase: a millisecond after the database's clock (which `now()` reads in the
 * next transaction), and after that millisecond has passed, so that it splits what was written
 * before it from what is written after.
 */
export async function phaseStart(db: Db): Promise<Date> {
  const [row] = await queryRows<{ now: string | Date }>(db, sql`select clock_timestamp() as now`);
  const start = new Date(new Date(row!.now).getTime() + 1);
  await new Promise((resolve) => setTimeout(resolve, 3));
  return start;
}

/**
 * Moves everything written since `since` (see above) by `byMs` milliseconds (negative: into the
 * past), in one transaction.
 */
export async function movePhase(db: Db, since: Date, byMs: number): Promise<void> {
  const tables = await timeTables(db);
  const start = since.toISOString();
  const seconds = byMs / 1000;
  await db.transaction(async (tx) => {
    for (const { table, rowTime, columns } of tables) {
      const name = sql.identifier(table);
      const sets = sql.join(
        columns.map((column) => {
          const value = sql.identifier(column);
          return sql`${value} = case when ${value} >= ${start}::timestamptz
                                     then ${value} + make_interval(secs => ${seconds}) else ${value} end`;
        }),
        sql`, `,
      );
      await tx.execute(sql`alter table ${name} disable trigger user`);
      for (const trigger of KEPT_TRIGGERS[table] ?? [])
        await tx.execute(sql`alter table ${name} enable trigger ${sql.identifier(trigger)}`);
      await tx.execute(
        sql`update ${name} set ${sets} where ${sql.identifier(rowTime)} >= ${start}::timestamptz`,
      );
      await tx.execute(sql`alter table ${name} enable trigger user`);
    }
  });
}

/**
 * Dates the sign-ups of the users from the first anchor's id to the last: `anchors` (by id, ascending) say when a given
 * id joined; the ids between two anchors joined evenly between their dates.
 */
export async function spreadJoins(db: Db, anchors: { id: number; at: Date }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table users disable trigger user`);
    for (let index = 1; index < anchors.length; index++) {
      const from = anchors[index - 1]!;
      const to = anchors[index]!;
      const perId = (to.at.getTime() - from.at.getTime()) / 1000 / Math.max(1, to.id - from.id);
      await tx.execute(sql`
        update users
           set date_joined = ${from.at.toISOString()}::timestamptz + make_interval(secs => (id - ${from.id}) * ${perId}::float8)
         where id ${index === 1 ? sql`>=` : sql`>`} ${from.id} and id <= ${to.id}`);
    }
    await tx.execute(sql`alter table users enable trigger user`);
  });
}
