import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, insertValues, queryRows, rowOf } from './client';

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

  it('refuses a key that is not a column', () => {
    expect(() => insertValues(things, { amount: 1n, details: {}, nope: 1 } as never)).toThrow(
      'things has no column nope',
    );
  });
});
