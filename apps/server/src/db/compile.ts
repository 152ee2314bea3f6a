import { Column, is, Name, Param, Placeholder, type Query, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

/** drizzle's keys of a table's name, schema and mark of an alias (`Table.Symbol`, not in its types). */
const NAME = Symbol.for('drizzle:Name');
const SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
type TTableKeys = { [NAME]: string; [SCHEMA]: string | undefined; [IS_ALIAS]: boolean };
const inlined = (statement: SQL) =>
  (statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

type TDialect = Pick<PgDialect, 'sqlToQuery' | 'escapeName' | 'escapeParam'> & {
  casing: { getColumnCasing(column: unknown): string };
};

/** A statement's text and parameters as they are built. */
type TBuilt = { sql: string; params: unknown[] };

/** The walk met a chunk it leaves to drizzle. */
const OTHER = Symbol('other chunk');

/**
 * Makes `dialect` turn its SQL trees into text and parameters in one walk: `sqlToQuery` is what
 * every statement of the portal goes through (query builders, `db.execute`, `queryRows`), and
 * drizzle's own spends a tenth of a server process's CPU under the purchase load (docs/performance.md
 * "Purchases", 4 December, morning): an object and a copy of its options for every chunk, seven
 * class checks for every parameter. This walk knows the chunks the portal's statements are made of
 * (text, nested SQL, parameters, tables and columns of the public schema, names, lists and plain
 * values) and writes them as drizzle does; a statement with any other chunk (a view, a subquery,
 * a placeholder, inlined parameters, a column of another schema) is compiled by drizzle, whole.
 * What it leaves out is drizzle's `typings`, read only by the AWS Data API driver. `check`: also
 * compile by drizzle and throw where the two differ (the test suite runs with SQL_COMPILE_CHECK=1,
 * so every statement its tests run is compared).
 */
export function compileInOneWalk(dialect: TDialect, check = false): void {
  const drizzles = dialect.sqlToQuery.bind(dialect);
  const escapeName = (name: string) => dialect.escapeName(name);
  const escapeParam = (index: number) => dialect.escapeParam(index);

  const walk = (chunks: readonly unknown[], into: TBuilt): typeof OTHER | void => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        into.sql += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
      } else if (chunk instanceof SQL) {
        if (inlined(chunk) || walk(chunk.queryChunks, into) === OTHER) return OTHER;
      } else if (chunk instanceof Param) {
        if (typeof chunk.value === 'object' && chunk.value !== null && is(chunk.value, Placeholder))
          return OTHER;
        const value: unknown =
          chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value as never);
        if (value instanceof SQL) {
          if (walk([value], into) === OTHER) return OTHER;
        } else if (typeof value === 'object' && value !== null && is(value, SQL)) {
          return OTHER;
        } else {
          into.sql += escapeParam(into.params.length);
          into.params.push(value);
        }
      } else if (chunk instanceof Column) {
        const table = chunk.table as unknown as TTableKeys;
        if (table[SCHEMA] !== undefined) return OTHER;
        into.sql += `${escapeName(table[NAME])}.${escapeName(dialect.casing.getColumnCasing(chunk))}`;
      } else if (chunk instanceof Table) {
        const table = chunk as unknown as TTableKeys;
        if (table[SCHEMA] !== undefined && !table[IS_ALIAS]) return OTHER;
        into.sql += escapeName(table[NAME]);
      } else if (chunk instanceof Name) {
        into.sql += escapeName(chunk.value);
      } else if (chunk === undefined) {
        // drizzle writes nothing for it.
      } else if (Array.isArray(chunk)) {
        into.sql += '(';
        for (let index = 0; index < chunk.length; index++) {
          if (index > 0) into.sql += ', ';
          if (walk([chunk[index]], into) === OTHER) return OTHER;
        }
        into.sql += ')';
      } else if (
        chunk === null ||
        typeof chunk === 'string' ||
        typeof chunk === 'number' ||
        typeof chunk === 'bigint' ||
        typeof chunk === 'boolean'
      ) {
        into.sql += escapeParam(into.params.length);
        into.params.push(chunk);
      } else {
        return OTHER;
      }
    }
  };

  const compile = (statement: SQL, invokeSource?: 'indexes'): Query => {
    if (invokeSource !== undefined || inlined(statement)) return drizzles(statement, invokeSource);
    const built: TBuilt = { sql: '', params: [] };
    return walk(statement.queryChunks, built) === OTHER ? drizzles(statement) : built;
  };

  dialect.sqlToQuery = check
    ? (statement, invokeSource) => {
        const ours = compile(statement, invokeSource);
        const theirs = drizzles(statement, invokeSource);
        if (ours.sql !== theirs.sql || !sameParams(ours.params, theirs.params)) {
          throw new Error(
            `compileInOneWalk differs from drizzle:\n${ours.sql}\n${JSON.stringify(ours.params, jsonable)}\n` +
              `drizzle:\n${theirs.sql}\n${JSON.stringify(theirs.params, jsonable)}`,
          );
        }
        return ours;
      }
    : compile;
}

const jsonable = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

function sameParams(ours: readonly unknown[], theirs: readonly unknown[]): boolean {
  return (
    ours.length === theirs.length &&
    ours.every((value, index) => {
      const other = theirs[index];
      if (value === other) return true;
      if (value instanceof Date && other instanceof Date) return value.getTime() === other.getTime();
      return JSON.stringify(value, jsonable) === JSON.stringify(other, jsonable);
    })
  );
}
