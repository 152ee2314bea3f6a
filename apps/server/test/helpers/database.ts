import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS, queryRows } from '../../src/db/client';

/**
 * The migrations that seed data (their names say `seed`): a fresh database holds what they insert,
 * as a migrated one does (the catalogue's products).
 */
const migrations = fileURLToPath(new URL('../../drizzle/', import.meta.url));
const SEEDS = readdirSync(migrations)
  .filter((file) => /^\d+_seed_.*\.sql$/.test(file))
  .sort()
  .flatMap((file) => readFileSync(`${migrations}${file}`, 'utf8').split('--> statement-breakpoint'));

let opened: Promise<{ database: Database; dispose: () => Promise<void> }> | undefined;

/** This test file's database, emptied: every test starts from a fresh, migrated database. */
export async function freshDatabase(): Promise<Database> {
  opened ??= open();
  const { database } = await opened;
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  await database.db.execute(
    sql.raw(`truncate ${tables.map((table) => table.name).join(', ')} restart identity cascade`),
  );
  for (const statement of SEEDS) await database.db.execute(sql.raw(statement));
  return database;
}

let url: string | null = null;

const seconds: Database[] = [];
/**
 * A second server process's own connection to this test file's database: on PostgreSQL a pool of
 * its own; PGlite belongs to one process, so there the two "processes" share it. Closed after the
 * test (after the test file's own afterEach hooks, which stop what uses it).
 */
export function secondConnection(database: Database): Database {
  if (!url) return database;
  const second = openDatabase({ url, poolSize: 2, namedStatements: NAMED_STATEMENTS });
  seconds.push(second);
  return second;
}
/** After each test (test/setup.ts): the second connections it opened are closed. */
export async function closeSecondConnections(): Promise<void> {
  await Promise.all(seconds.splice(0).map((database) => database.close()));
}

/** This test file's PostgreSQL database, for server processes a test starts; null on PGlite. */
export const databaseUrl = () => url;

/**
 * CI's PgBouncer pass (.ci/run, docs/scaling.md "PgBouncer") sets TEST_PGBOUNCER_URL: the app,
 * its second connections and the server processes a test starts reach each test file's database
 * through PgBouncer, while the databases are made and dropped directly (TEST_DATABASE_URL).
 */
const PGBOUNCER = process.env.TEST_PGBOUNCER_URL;

/** The database `name` as the app reaches it: through PgBouncer in that pass, else directly. */
export function appUrl(name: string): string {
  const target = new URL(PGBOUNCER ?? process.env.TEST_DATABASE_URL!);
  target.pathname = `/${name}`;
  return target.toString();
}

/** DATABASE_NAMED_STATEMENTS as the server processes read it (the pass sets it for PgBouncer 1.18). */
export const NAMED_STATEMENTS = process.env.DATABASE_NAMED_STATEMENTS !== 'false';

/**
 * A database of the caller's own on TEST_DATABASE_URL's server, named `prefix` and random
 * characters, made from `template` (empty when null) and opened by `openAs`; `dispose` closes and
 * drops it.
 */
export async function ownPostgresDatabase(
  prefix: string,
  template: string | null,
  openAs: (name: string) => Database,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const database = openAs(name);
  return {
    database,
    dispose: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function open() {
  const template = inject('pgTemplate');
  const base = process.env.TEST_DATABASE_URL;
  if (template && base) {
    return ownPostgresDatabase('portal_test_', template, (name) => {
      url = appUrl(name);
      return openDatabase({ url, poolSize: 10, namedStatements: NAMED_STATEMENTS });
    });
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('The global setup provided no database');
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(dump)]),
    extensions: PGLITE_EXTENSIONS,
  });
  const database = openDatabase({ pglite });
  return { database, dispose: () => database.close() };
}

/** After each test file (test/setup.ts): its database is closed (on PostgreSQL, dropped). */
export async function closeFileDatabase(): Promise<void> {
  if (opened) await (await opened).dispose();
  opened = undefined;
  url = null;
}
