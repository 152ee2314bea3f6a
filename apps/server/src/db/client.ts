import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  type Column,
  getTableColumns,
  getTableName,
  Param,
  SQL,
  sql,
  StringChunk,
  type Table,
} from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { compileInOneWalk } from './compile';
import { LOCKS } from './locks';

/** The database, or a transaction on it: services take either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  /**
   * The reads that tolerate lag (team views, explanations, the statement): a streaming replica
   * when DATABASE_READ_URL is set, otherwise `db` itself (docs/scaling.md "Read replicas").
   */
  readDb: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** Name parameterised statements by their text (default true): `DATABASE_NAMED_STATEMENTS`. */
      namedStatements?: boolean;
      onIdleError?: (error: Error) => void;
      /** A streaming replica's pool for `readDb` (DATABASE_READ_URL, DATABASE_READ_POOL_SIZE). */
      read?: { url: string; poolSize?: number };
    }
  | { pglite: PGlite };

/** The committed migrations, found from this file whether it runs from src/ or from dist/. */
export const MIGRATIONS_DIR = findMigrations(dirname(fileURLToPath(import.meta.url)));

function findMigrations(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`No migrations folder above ${from}`);
  }
}

/**
 * Statements that take parameters run as named prepared statements on PostgreSQL, named by their
 * text: each connection parses and plans a text once, then only binds and runs it (a purchase's
 * statements are the same texts every time: docs/performance.md "Purchases"). At most
 * PREPARED_TEXTS texts get a name (a connection keeps every statement it prepared); any other runs
 * as before. A text without parameters (begin, commit) is not worth naming. A text whose prepared
 * plan a migration made stale (0A000: a `select *` of a table that gained a column, under a server
 * started before it) fails that once and runs unnamed from then on (docs/decisions.md).
 */
const PREPARED_TEXTS = 2000;
/** A text's statement name; null: run it unnamed. */
const preparedNames = new Map<string, string | null>();

function prepareByText(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const values = rest[0];
    if (
      config !== null &&
      typeof config === 'object' &&
      !('name' in config && (config as { name?: string }).name) &&
      typeof (config as { text?: unknown }).text === 'string' &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const text = (config as { text: string }).text;
      let name = preparedNames.get(text);
      if (name === undefined && preparedNames.size < PREPARED_TEXTS) {
        name = `t_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
        preparedNames.set(text, name);
      }
      if (name) {
        const stale = (error: unknown) => {
          if ((error as { code?: string } | null)?.code === STALE_PLAN) preparedNames.set(text, null);
        };
        const callback = rest[1];
        // The pool's own query passes a callback; a client's query answers a promise.
        if (typeof callback === 'function') {
          return query({ ...config, name }, values, (error: unknown, result: unknown) => {
            stale(error);
            (callback as (error: unknown, result: unknown) => void)(error, result);
          });
        }
        return (query({ ...config, name }, ...rest) as Promise<unknown>).catch((error: unknown) => {
          stale(error);
          throw error;
        });
      }
    }
    return query(config, ...rest);
  };
}

/** "cached plan must not change result type". */
const STALE_PLAN = '0A000';

/**
 * DATABASE_NAMED_STATEMENTS=false: every statement runs unnamed, also those the code names itself
 * (`.prepare(name)`, `queryNamed`). Behind PgBouncer in transaction mode before 1.21 a name prepared
 * on one server connection is missing on the next ("does not exist"), or already taken there by
 * another client ("already exists"): docs/scaling.md "PgBouncer".
 */
function unnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    const named = config !== null && typeof config === 'object' && 'name' in config && config.name;
    return query(named ? { ...config, name: undefined } : config, ...rest);
  };
}

/**
 * The committed migrations, in one transaction that first takes a transaction advisory lock: when
 * several processes start at once, one migrates and the others wait, then find nothing to do. A
 * session lock would not hold behind PgBouncer in transaction mode (each statement may run on
 * another server connection, and the lock stays on the one that took it), nor would drizzle's own
 * migrator, which reads outside its transaction; its bookkeeping is kept (`dialect.migrate`), run
 * inside this transaction. Read committed, so that a waiter sees what the first one committed.
 */
async function migrateInOneTransaction(db: Db): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.migrations})`);
      const { dialect, session } = tx as unknown as { dialect: PgDialect; session: PgSession };
      const inThisTransaction = {
        execute: (query: SQL) => session.execute(query),
        all: (query: SQL) => session.all(query),
        transaction: (run: (inner: typeof tx) => Promise<unknown>) => run(tx),
      } as unknown as PgSession;
      const config = { migrationsFolder: MIGRATIONS_DIR };
      await dialect.migrate(readMigrationFiles(config), inThisTransaction, config);
    },
    { isolationLevel: 'read committed' },
  );
}

export function openDatabase(options: DatabaseOptions): Database {
  if ('pglite' in options) {
    const client = options.pglite;
    const db = oneWalk(drizzlePglite(client));
    return {
      db,
      readDb: db,
      driver: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', (client) => (options.namedStatements === false ? unnamed : prepareByText)(client));
  const db = oneWalk(drizzlePg(pool));
  const readPool = options.read ? replicaPool(options.read, options) : null;
  return {
    db,
    readDb: readPool ? oneWalk(drizzlePg(readPool)) : db,
    driver: 'postgres',
    migrate: () => migrateInOneTransaction(db),
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

/**
 * `db`, its statements compiled in one walk (`db/compile.ts`); SQL_COMPILE_CHECK=1 (the test suite)
 * compares each with drizzle's own compilation.
 */
function oneWalk(db: Db): Db {
  const { dialect } = db as unknown as { dialect: Parameters<typeof compileInOneWalk>[0] };
  compileInOneWalk(dialect, process.env.SQL_COMPILE_CHECK === '1');
  return db;
}

/**
 * The replica's pool, set up as the primary's. A hot standby refuses any write itself; nothing
 * is set per connection, so that a pooler in transaction mode may stand in front of it.
 */
function replicaPool(
  read: { url: string; poolSize?: number },
  options: { namedStatements?: boolean; onIdleError?: (error: Error) => void },
): pg.Pool {
  const pool = new pg.Pool({ connectionString: read.url, max: read.poolSize ?? 10 });
  pool.on('error', (error) => options.onIdleError?.(error));
  pool.on('connect', (client) => (options.namedStatements === false ? unnamed : prepareByText)(client));
  return pool;
}

/** The extensions the migrations create (pg_trgm: the downline search index). */
export const PGLITE_EXTENSIONS = { pg_trgm } satisfies PGliteOptions['extensions'];

/** PGlite with its data in `dataDir`, or in memory when null. */
export async function createPglite(dataDir: string | null): Promise<PGlite> {
  if (dataDir) await initialiseApart(dataDir);
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
}

/**
 * The database a command-line tool works on (seed, audit, password reset, network generator): the
 * configured PostgreSQL with a small pool, or the embedded PGlite.
 */
export async function openToolDatabase(
  database: { url: string } | { dataDir: string | null },
  poolSize = 1,
): Promise<Database> {
  return 'url' in database
    ? openDatabase({ url: database.url, poolSize })
    : openDatabase({ pglite: await createPglite(database.dataDir) });
}

/**
 * A new data directory is made (initdb) by a short-lived process of its own. Done in this
 * process, initdb's WebAssembly instance and what it allocates stay resident long after: the
 * server peaked near 900 MiB at its first start and kept some 800 MiB, against under 400 MiB
 * when the directory exists (docs/performance.md).
 */
async function initialiseApart(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const module = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(module)});
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} });
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Making the PGlite data directory failed (${code})`)),
    );
  });
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Values as one array parameter's text (null as NULL), for `unnest(${arrayLiteral(values)}::text[])`
 * with a cast: one parameter however many rows (PostgreSQL takes at most 65,535 parameters in a
 * statement, and PGlite aborts on a VALUES list of a few hundred rows of them).
 */
export function arrayLiteral(values: readonly (string | number | bigint | boolean | null)[]): string {
  const cells = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    // Numbers and booleans need no quotes; a string is quoted, its quotes and backslashes escaped.
    cells[index] =
      value === null
        ? 'NULL'
        : typeof value !== 'string'
          ? String(value)
          : value.includes('"') || value.includes('\\')
            ? `"${value.replace(QUOTED_ALL, '\\$1')}"`
            : `"${value}"`;
  }
  return `{${cells.join(',')}}`;
}

const QUOTED_ALL = /(["\\])/g;

export type TCell = string | number | bigint | boolean | null;

/** A column of `insertColumns`: its name, its SQL type, a value per row. */
export type TColumn = { name: string; type: string; values: readonly TCell[] };

/**
 * `insert into <table> (columns...) [overriding system value] select ...`: every row in one
 * statement whatever their number, each column one array parameter (`unnest`), or one plain
 * parameter when all its rows hold the same value (a bonus batch's currency, status, empty
 * columns: less to send and to parse). `tail` follows (`on conflict ...`).
 */
export function insertColumns(
  table: string,
  columns: readonly TColumn[],
  options: { overriding?: boolean; tail?: SQL } = {},
): SQL {
  const rows = columns[0]?.values.length ?? 0;
  const same = (values: readonly TCell[]) => values.every((value) => value === values[0]);
  const varying = columns.filter((column) => !same(column.values));
  const cast = (type: string) => sql.raw(type);
  const select = sql.join(
    columns.map((column) =>
      varying.includes(column)
        ? sql.raw(`u.${column.name}`)
        : sql`${column.values[0] === null || column.values[0] === undefined ? null : typeof column.values[0] === 'bigint' ? column.values[0].toString() : column.values[0]}::${cast(column.type)}`,
    ),
    sql`, `,
  );
  const from =
    varying.length === 0
      ? sql`generate_series(1, ${rows}::int)`
      : sql`unnest(${sql.join(
          varying.map((column) => sql`${arrayLiteral(column.values)}::${cast(column.type)}[]`),
          sql`, `,
        )}) as u(${sql.raw(varying.map((column) => column.name).join(', '))})`;
  return sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((column) => column.name).join(', '))})
    ${options.overriding ? sql`overriding system value` : sql``}
    select ${select} from ${from} ${options.tail ?? sql``}`;
}

/**
 * Writes the rows into `table` (no conflict clause): on PostgreSQL inside a transaction by `COPY
 * ... FROM STDIN`, text format, which PostgreSQL parses faster than arrays through `unnest` (a
 * fold batch's 76,000 payouts: docs/performance.md "The fold"); elsewhere (PGlite) through
 * `insertColumns`. Every column's values are given, ids included.
 */
export async function writeRows(db: Db, table: string, columns: readonly TColumn[]): Promise<void> {
  await (
    await startRows(db, prepareRows(db, table, columns))
  ).written;
}

/** Rows for `startRows`, with their `COPY` text when `db` takes one (PostgreSQL, in a transaction). */
export type TRows = { table: string; columns: readonly TColumn[]; text: string | null };

/** Rows for `startRows`: their `COPY` text is built now (the caller may build it while a write runs). */
export function prepareRows(db: Db, table: string, columns: readonly TColumn[]): TRows {
  const rows = columns[0]?.values.length ?? 0;
  if (rows === 0 || !connectionOf(db)) return { table, columns, text: null };
  const lines = new Array<string>(rows);
  const cells = new Array<string>(columns.length);
  for (let row = 0; row < rows; row++) {
    for (let index = 0; index < columns.length; index++) cells[index] = copyCell(columns[index]!.values[row]);
    lines[row] = cells.join('\t');
  }
  return { table, columns, text: `${lines.join('\n')}\n` };
}

/**
 * `writeRows`, answering as soon as the rows are handed over: on PostgreSQL once the `COPY` has
 * started and its data is in the connection's socket, so that the caller computes while
 * PostgreSQL writes them. `written` settles when they are written (or failed); nothing else may
 * run on the transaction before. Elsewhere the rows are written before it answers.
 */
export async function startRows(db: Db, rows: TRows): Promise<{ written: Promise<void> }> {
  const { table, columns, text } = rows;
  const connection = text === null ? null : connectionOf(db);
  if (!connection || text === null) {
    if ((columns[0]?.values.length ?? 0) > 0)
      await db.execute(insertColumns(table, columns, { overriding: true }));
    return { written: Promise.resolve() };
  }
  const stream = connection.query(
    copyFrom(`copy ${table} (${columns.map((column) => column.name).join(', ')}) from stdin`),
  );
  const written = finished(stream);
  // Settled here too: a failure is answered through `written`, never as an unhandled rejection.
  written.catch(() => undefined);
  // The callback runs once PostgreSQL accepted the COPY and the data is in the socket.
  await new Promise<void>((resolve) => {
    stream.write(text, () => resolve());
    written.then(
      () => resolve(),
      () => resolve(),
    );
  });
  if (!stream.destroyed) stream.end();
  return { written };
}

/** A value in COPY's text format: `\N` for null; backslash, tab, newline and return escaped. */
function copyCell(value: TCell | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return COPY_SPECIAL.test(value) ? value.replace(COPY_SPECIAL_ALL, (char) => COPY_ESCAPES[char]!) : value;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** The PostgreSQL connection a transaction runs on; null on PGlite, or for a pool outside one. */
function connectionOf(db: Db): pg.PoolClient | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? (client as pg.PoolClient) : null;
}

/** Ids as one array parameter, for `= any(${idArray(ids)})` (one parameter however many ids). */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::bigint[]`;

type TSessionOf = {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
};

/**
 * The rows of a raw SQL query run as a statement prepared by `name`, also inside a transaction:
 * on PostgreSQL each connection parses and plans it once, then only binds and runs it. The text
 * must be the same every time (arrays, not lists of parameters): node-postgres refuses a name
 * reused for another text. On PGlite drizzle's driver ignores the name: the statement runs as any other.
 */
export async function queryNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as TSessionOf;
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return result.rows as T[];
}

/** The rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A raw row of `table` (as `select *` answers it: column names, driver values) as drizzle reads
 * it: property names, and each column's own mapping (bigints, dates).
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

/** A row to insert into `T`: each value, or an SQL expression that gives it. */
export type TInsertRow<T extends Table> = { [K in keyof T['$inferInsert']]: T['$inferInsert'][K] | SQL };

/** The start of `insertValues`' text, per table and list of columns. */
type THead = { head: StringChunk; columns: readonly Column[] };
const insertHeads = new Map<Table, Map<string, THead>>();
const COMMA = new StringChunk(', ');
const CLOSE = new StringChunk(')');
const NEXT_ROW = new StringChunk('), (');

/**
 * `insert into <table> (<the row's columns>) values (<its values>)` (several rows: each names the
 * same columns), to go on with (`on conflict`, `returning`) or to run inside another statement: what drizzle's
 * `db.insert(table).values(row).getSQL()` says, without its `default` for each column the row
 * leaves out, and for a third of the work: the text is built once per table and set of columns,
 * and each value is mapped by its column (`mapToDriverValue`, as drizzle's builder does; an SQL
 * value goes in as it is). For the statements every purchase runs (docs/performance.md
 * "Purchases"); the tables it is used on have no defaults computed in JavaScript.
 */
export function insertValues<T extends Table>(table: T, rows: TInsertRow<T> | TInsertRow<T>[]): SQL {
  const list = (Array.isArray(rows) ? rows : [rows]) as Record<string, unknown>[];
  if (list.length === 0) throw new Error(`No row to insert into ${getTableName(table)}`);
  const keys = Object.keys(list[0]!).filter((key) => list[0]![key] !== undefined);
  let heads = insertHeads.get(table);
  if (!heads) insertHeads.set(table, (heads = new Map<string, THead>()));
  const signature = keys.join(',');
  let head = heads.get(signature);
  if (!head) {
    const all: Record<string, Column | undefined> = getTableColumns(table);
    const columns = keys.map((key) => {
      const column = all[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      return column;
    });
    const names = columns.map((column) => `"${column.name}"`).join(', ');
    head = { head: new StringChunk(`insert into "${getTableName(table)}" (${names}) values (`), columns };
    heads.set(signature, head);
  }
  const chunks: (StringChunk | Param | SQL)[] = [head.head];
  list.forEach((values, row) => {
    if (row > 0) chunks.push(NEXT_ROW);
    if (
      Object.keys(values)
        .filter((key) => values[key] !== undefined)
        .join(',') !== signature
    )
      throw new Error(`The rows to insert into ${getTableName(table)} name different columns`);
    keys.forEach((key, index) => {
      if (index > 0) chunks.push(COMMA);
      const value = values[key];
      chunks.push(value instanceof SQL ? value : new Param(value, head.columns[index]));
    });
  });
  chunks.push(CLOSE);
  return new SQL(chunks);
}

/** A named `with` part of a statement that others compose (`name as (statement)`). */
export type TPart = { name: string; statement: SQL };

/** `name`, checked to be a plain identifier (it goes into the statement's text as it is). */
export function partName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a part's name: ${name}`);
  return name;
}

/** `name as (statement), ...` of the parts, in their order. */
export const withParts = (parts: readonly TPart[]): SQL =>
  sql.join(
    parts.map(({ name, statement }) => sql`${sql.raw(partName(name))} as (${statement})`),
    sql`, `,
  );

/** Per table: `json_build_object` of a row's columns (`jsonRows`). */
const jsonObjects = new Map<Table, { text: string; ordered: boolean }>();

/**
 * The rows of `from` (a `with` part that returns rows of `table`) as one JSON array, in id order,
 * each row as `rowOf` reads it: bigint and numeric columns as text, so none loses a digit. For a
 * statement that answers the rows of several of its parts in its one row.
 */
export function jsonRows(table: Table, from: string): SQL {
  let object = jsonObjects.get(table);
  if (!object) {
    const all: Record<string, Column> = getTableColumns(table);
    const columns = Object.values(all);
    const exact = (column: Column) => /^Pg(BigInt|BigSerial|Numeric)/.test(column.columnType);
    const pairs = columns.map(
      (column) => `'${column.name}', r."${column.name}"${exact(column) ? '::text' : ''}`,
    );
    object = {
      text: `json_build_object(${pairs.join(', ')})`,
      ordered: columns.some((c) => c.name === 'id'),
    };
    jsonObjects.set(table, object);
  }
  return sql.raw(
    `(select coalesce(json_agg(${object.text}${object.ordered ? ' order by r."id"' : ''}), '[]'::json) from ${partName(from)} r)`,
  );
}
