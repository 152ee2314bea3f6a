import { and, eq, inArray, type Query, type SQL, sql } from 'drizzle-orm';
import {
  alias,
  bigint,
  jsonb,
  numeric,
  PgDialect,
  pgSchema,
  pgTable,
  pgView,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { insertValues, withParts } from './client';
import { compileInOneWalk } from './compile';

/** A dialect compiled in one walk, one compiled by drizzle, and how often the first left it to drizzle. */
function dialects() {
  const ours = new PgDialect();
  let leftToDrizzle = 0;
  const drizzles = ours.sqlToQuery.bind(ours);
  ours.sqlToQuery = (statement: SQL, invokeSource?: 'indexes') => {
    leftToDrizzle++;
    return drizzles(statement, invokeSource);
  };
  compileInOneWalk(ours as never);
  return { ours, theirs: new PgDialect(), left: () => leftToDrizzle };
}

const plain = ({ sql: text, params }: Query) => ({ sql: text, params });

const things = pgTable('things', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  parentId: bigint('parent_id', { mode: 'number' }),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  rate: numeric('rate'),
  label: text('label'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  quote: uuid('quote'),
});
const parents = alias(things, 'parent');
const archived = pgSchema('elsewhere').table('archived', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
});
const thingsView = pgView('things_view', { id: bigint('id', { mode: 'number' }) }).existing();

describe('statements compiled in one walk', () => {
  // What the portal's statements are made of: each comes out as drizzle writes it, without drizzle.
  const ownKinds: [string, () => SQL][] = [
    ['values of every plain kind', () => sql`select ${1}, ${'two'}, ${3n}, ${true}, ${null} from ${things}`],
    [
      'columns, a table, nested conditions',
      () => sql`select ${things.id} from ${things} where ${and(eq(things.id, 7), eq(things.label, 'a'))}`,
    ],
    ['a list and inArray', () => sql`select 1 where 1 in ${[1, 2, 3]} and ${inArray(things.id, [4, 5])}`],
    [
      'a column of an aliased table',
      () => sql`select ${parents.id} from ${things} join ${parents} on ${eq(parents.id, things.parentId)}`,
    ],
    [
      'raw text, an identifier, a join',
      () =>
        sql`select ${sql.raw('now()')}, ${sql.identifier('a"b')} ${sql.join([sql`1`, sql`${2}`], sql`, `)}`,
    ],
    [
      'values mapped by their column (bigint, numeric, json, a date, a uuid)',
      () =>
        sql`${insertValues(things, {
          id: 1,
          amount: 10n,
          rate: '0.5',
          label: "it's",
          details: { a: [1, 'b'] },
          at: new Date('2026-12-04T00:00:00Z'),
          quote: '00000000-0000-4000-8000-000000000000',
        })} returning *`,
    ],
    [
      'conditions on mapped columns',
      () =>
        sql`select 1 from ${things} where ${and(eq(things.amount, 5n), eq(things.at, new Date(0)), eq(things.details, { x: 1 }))}`,
    ],
    [
      'with parts',
      () =>
        sql`with ${withParts([
          { name: 'a', statement: sql`select ${1} as x` },
          { name: 'b', statement: sql`select x from a where x = ${2}` },
        ])} select * from b`,
    ],
    ['nothing for an undefined chunk', () => sql`select 1${undefined}`],
  ];
  for (const [name, statement] of ownKinds) {
    it(`writes ${name} as drizzle does, without drizzle`, () => {
      const { ours, theirs, left } = dialects();
      expect(plain(ours.sqlToQuery(statement()))).toEqual(plain(theirs.sqlToQuery(statement())));
      expect(left()).toBe(0);
    });
  }

  it('writes a select builder with joins, order, limit and offset as drizzle does', () => {
    const { ours, theirs, left } = dialects();
    const select = (dialect: PgDialect) =>
      dialect.sqlToQuery(
        dialect.buildSelectQuery({
          table: things,
          fields: { id: things.id, parent: parents.label },
          fieldsFlat: undefined,
          where: and(eq(things.id, 1), inArray(things.label, ['a', 'b'])),
          joins: [
            {
              table: parents,
              joinType: 'left',
              on: eq(parents.id, things.parentId),
              alias: 'parent',
              lateral: false,
            },
          ],
          orderBy: [things.id],
          groupBy: [],
          limit: 10,
          offset: 5,
          distinct: false,
          setOperators: [],
        } as never),
      );
    const query = select(ours);
    expect(plain(query)).toEqual(plain(select(theirs)));
    expect(query.params).toEqual([1, 'a', 'b', 10, 5]);
    expect(left()).toBe(0);
  });

  // Chunks it leaves to drizzle: the whole statement is drizzle's, so it is still right.
  const drizzlesKinds: [string, () => SQL][] = [
    ['a table of another schema', () => sql`select * from ${archived} where ${eq(archived.id, 3)}`],
    ['a view', () => sql`select * from ${thingsView}`],
    ['a placeholder', () => sql`select * from ${things} where ${things.id} = ${sql.placeholder('id')}`],
    ['inlined values', () => sql`select ${"it's"}`.inlineParams()],
    ['inlined values inside', () => sql`select ${1}, ${sql`${"it's"}`.inlineParams()}`],
    ['a date as a bare value', () => sql`select ${new Date('2026-12-04T00:00:00Z')}`],
  ];
  for (const [name, statement] of drizzlesKinds) {
    it(`leaves ${name} to drizzle, whole`, () => {
      const { ours, theirs, left } = dialects();
      expect(plain(ours.sqlToQuery(statement()))).toEqual(plain(theirs.sqlToQuery(statement())));
      expect(left()).toBe(1);
    });
  }

  it('with the check on, throws where it differs from drizzle', () => {
    const ours = new PgDialect();
    // A drizzle whose text differs (as an upgrade that changed how it writes a parameter would).
    const drizzles = ours.sqlToQuery.bind(ours);
    ours.sqlToQuery = (statement: SQL) => {
      const query = drizzles(statement);
      return { ...query, sql: query.sql.replace('$1', '$2') };
    };
    compileInOneWalk(ours as never, true);
    expect(() => ours.sqlToQuery(sql`select ${1}`)).toThrow(/differs from drizzle/);
    expect(ours.sqlToQuery(sql`select 1`).sql).toBe('select 1');
  });
});
