import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { namedStatements } from '../../src/db/pglite-statements';

const open: PGlite[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function fresh() {
  const client = await PGlite.create();
  open.push(client);
  await client.exec('create table t (id int primary key, name text not null)');
  return namedStatements(client);
}

describe('named statements on PGlite', () => {
  it('answers a kept statement as PGlite query does, rows and errors alike', async () => {
    const db = await fresh();
    const insert = 'insert into t (id, name) values ($1, $2) returning id, name';
    db.keep(insert);
    const plain = await db.query(insert, [1, 'one'], { rowMode: 'array' });
    expect(plain.rows).toEqual([[1, 'one']]);
    expect(plain.affectedRows).toBe(1);
    const error: unknown = await db.query(insert, [1, 'again']).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', query: insert });
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    // A statement PostgreSQL refuses to parse gets PGlite's own error.
    db.keep('select nope from t where id = $1');
    await expect(db.query('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
  });

  it('gives a memoised answer again only while no other statement has run', async () => {
    const db = await fresh();
    await db.query("insert into t values (1, 'one')");
    const read = 'select name from t where id = $1';
    db.keep(read, 60_000);
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'one' }]);
    const generation = db.generation();
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'one' }]);
    expect(db.generation()).toBe(generation);
    // A write through PGlite itself, not through the wrapper, is seen too.
    await db.exec("update t set name = 'uno' where id = 1");
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'uno' }]);
    await db.transaction(async (tx) => {
      await tx.query("update t set name = 'eins' where id = 1");
    });
    expect((await db.query(read, [1])).rows).toEqual([{ name: 'eins' }]);
    expect((await db.query(read, [2])).rows).toEqual([]);
  });
});
