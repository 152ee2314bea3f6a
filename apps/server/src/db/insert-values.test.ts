import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, insertValues, jsonRows, queryRows, rowOf } from './client';

const things = pgTable('things', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  label: text('label'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

describe('insertValues', () => {
  let pglite: PGlite;
  let db: Db;
  beforeAll(async () => {
    pglite = new PGlite();
    db = drizzle(pglite);
    await pglite.exec(`create table things (
      id bigint generated always as identity primary key, amount bigint not null, label text,
      details jsonb not null, at timestamptz not null default now())`);
  });
  afterAll(() => pglite.close());

  const inserted = async (statement: ReturnType<typeof insertValues>) => {
    const [raw] = await queryRows<Record<string, unknown>>(db, sql`${statement} returning *`);
    return rowOf(things, raw!);
  };

  it('writes what drizzle’s builder writes: bigints, JSON, dates, nulls, and the defaults of the columns left out', async () => {
    const at = new Date('2026-12-03T10:00:00.000Z');
    const row = {
      amount: 12_345_678_901_234_567n,
      label: null,
      details: { a: [1, 'two'], b: { c: null } },
      at,
    };
    const fast = await inserted(insertValues(things, row));
    const [built] = await db.insert(things).values(row).returning();
    expect({ ...fast, id: 0 }).toEqual({ ...built, id: 0 });
    expect(fast.amount).toBe(12_345_678_901_234_567n);
    expect(fast.details).toEqual(row.details);
    expect(fast.at).toEqual(at);
    const defaulted = await inserted(insertValues(things, { amount: -1n, details: {} }));
    expect(defaulted.label).toBeNull();
    expect(defaulted.at).toBeInstanceOf(Date);
  });

  it('takes an SQL expression as a value, and keeps the texts of different column sets apart', async () => {
    const one = await inserted(
      insertValues(things, { amount: sql`2 * ${21n}::bigint`, label: 'x', details: {} }),
    );
    expect(one.amount).toBe(42n);
    const two = await inserted(insertValues(things, { amount: 7n, details: { k: 1 } }));
    expect([two.amount, two.label, two.details]).toEqual([7n, null, { k: 1 }]);
    const three = await inserted(insertValues(things, { amount: 8n, label: 'y', details: {} }));
    expect([three.amount, three.label]).toEqual([8n, 'y']);
  });

  it('writes several rows naming the same columns, and refuses rows that name different ones', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`${insertValues(things, [
        { amount: 1n, label: 'a', details: {} },
        { amount: 2n, label: null, details: { n: 2 } },
      ])} returning *`,
    );
    expect(rows.map((raw) => rowOf(things, raw)).map((row) => [row.amount, row.label, row.details])).toEqual([
      [1n, 'a', {}],
      [2n, null, { n: 2 }],
    ]);
    expect(() =>
      insertValues(things, [
        { amount: 1n, details: {} },
        { amount: 2n, label: 'b', details: {} },
      ]),
    ).toThrow('The rows to insert into things name different columns');
    expect(() => insertValues(things, [])).toThrow('No row to insert into things');
  });

  it('jsonRows answers the rows of a part as rowOf reads them, in id order, bigints to the last digit', async () => {
    const at = new Date('2026-12-03T10:00:00.123Z');
    const [answer] = await queryRows<{ rows: Record<string, unknown>[] }>(
      db,
      sql`with added as (${insertValues(things, [
        { amount: 98_765_432_109_876_543n, label: 'big', details: { deep: { list: [1] } }, at },
        { amount: -5n, label: null, details: {}, at },
      ])} returning *) select ${jsonRows(things, 'added')} as rows`,
    );
    const rows = answer!.rows.map((raw) => rowOf(things, raw));
    const [first, second] = await db
      .select()
      .from(things)
      .where(sql`id in (${rows[0]!.id}, ${rows[1]!.id})`)
      .orderBy(things.id);
    expect(rows).toEqual([first, second]);
    expect(rows[0]!.amount).toBe(98_765_432_109_876_543n);
    expect(rows[0]!.at).toEqual(at);
    expect(rows[1]!.label).toBeNull();
    expect(() => jsonRows(things, 'added; drop table things')).toThrow("Not a part's name");
  });

  it('refuses a key that is not a column', () => {
    expect(() => insertValues(things, { amount: 1n, details: {}, nope: 1 } as never)).toThrow(
      'things has no column nope',
    );
  });
});
