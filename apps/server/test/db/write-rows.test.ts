import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type TColumn, writeRows } from '../../src/db/client';
import { testApp } from '../helpers/app';

/** Cells a text format must escape: tabs, newlines, returns, backslashes, quotes, `\N` as text, and nulls. */
const TEXTS = ['plain', 'a\ttab', 'two\nlines', 'a\rreturn', 'back\\slash', '"quoted"', '\\N', '', null];

describe('writeRows (COPY on PostgreSQL in a transaction, arrays elsewhere)', () => {
  it('writes every value back as it was given, in a transaction and outside one', async () => {
    const app = await testApp();
    const { db } = app.database;
    const columns: TColumn[] = [
      { name: 'id', type: 'bigint', values: TEXTS.map((_, index) => 9_007_199_254_740_993n + BigInt(index)) },
      { name: 'label', type: 'text', values: TEXTS },
      { name: 'flag', type: 'boolean', values: TEXTS.map((_, index) => index % 2 === 0) },
      { name: 'n', type: 'int', values: TEXTS.map((_, index) => (index === 3 ? null : 1 - index)) },
    ];
    const expected = TEXTS.map((label, index) => ({
      id: (9_007_199_254_740_993n + BigInt(index)).toString(),
      label,
      flag: index % 2 === 0,
      n: index === 3 ? null : 1 - index,
    }));
    for (const inTransaction of [true, false]) {
      const table = `write_rows_${inTransaction ? 'tx' : 'db'}_${process.pid}`;
      await db.execute(
        sql.raw(`create table ${table} (id bigint primary key, label text, flag boolean not null, n int)`),
      );
      if (inTransaction) await db.transaction((tx) => writeRows(tx, table, columns));
      else await writeRows(db, table, columns);
      const rows = await queryRows<{ id: string; label: string | null; flag: boolean; n: number | null }>(
        db,
        sql.raw(`select id::text as id, label, flag, n from ${table} order by id`),
      );
      expect(rows).toEqual(expected);
      await db.execute(sql.raw(`drop table ${table}`));
    }
  });

  it('writes nothing for no rows, and a failed write rolls back with its transaction', async () => {
    const app = await testApp();
    const { db } = app.database;
    const table = `write_rows_fail_${process.pid}`;
    await db.execute(sql.raw(`create table ${table} (id bigint primary key)`));
    await db.transaction((tx) => writeRows(tx, table, [{ name: 'id', type: 'bigint', values: [] }]));
    await expect(
      db.transaction(async (tx) => {
        await writeRows(tx, table, [{ name: 'id', type: 'bigint', values: [1n, 2n] }]);
        await writeRows(tx, table, [{ name: 'id', type: 'bigint', values: [2n] }]);
      }),
    ).rejects.toThrow();
    const [count] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    expect(count!.n).toBe(0);
    await db.execute(sql.raw(`drop table ${table}`));
  });
});
