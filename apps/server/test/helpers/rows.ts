import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../../src/db/client';
import { auditLog, mfaFactors, users } from '../../src/schema';
import type { TTestApp } from './app';

/** Reads of the database that tests check the API's effects against. */
export const userRow = async (app: TTestApp, id: number) =>
  (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A user's two-factor row (modules/mfa): none before their first setup. */
export const mfaRow = async (app: TTestApp, userId: number) =>
  (await app.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)))[0];

export const auditActions = async (app: TTestApp, userId: number) =>
  (
    await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
  ).map((row) => row.action);

export async function countRows(app: TTestApp, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await app.database.db
    .select({ n: sql<string>`count(*)` })
    .from(table)
    .where(where);
  return Number(row!.n);
}

/** The plan PostgreSQL would run `query` with (`explain`), one line per row. */
export async function planOf(app: TTestApp, query: { getSQL(): unknown }): Promise<string> {
  const rows = await queryRows<Record<string, string>>(
    app.database.db,
    sql`explain ${query as Parameters<typeof sql>[1]}`,
  );
  return rows.map((row) => Object.values(row)[0]).join('\n');
}
