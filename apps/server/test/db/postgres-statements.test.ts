import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';

const url = process.env.TEST_DATABASE_URL;

/** The statements this connection prepared whose text starts with `prefix`, read on the same connection. */
async function preparedOn(namedStatements: boolean, prefix: string) {
  const database = openDatabase({ url: url!, poolSize: 1, namedStatements });
  try {
    return await database.db.transaction(async (tx) => {
      const twice = [];
      for (let i = 0; i < 2; i++) {
        twice.push(await queryRows<{ n: number }>(tx, sql`select ${i + 40}::int + 2 as n`));
      }
      expect(twice).toEqual([[{ n: 42 }], [{ n: 43 }]]);
      return queryRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like ${`${prefix}%`}`,
      );
    });
  } finally {
    await database.close();
  }
}

describe.runIf(url)('named statements on PostgreSQL (docs/performance.md "Purchases")', () => {
  it('prepares a parameterised text once per connection under a name made from the text', async () => {
    const rows = await preparedOn(true, 'select $1::int + 2');
    expect(rows).toEqual([{ name: expect.stringMatching(/^t_[0-9a-f]{24}$/) }]);
  });

  it('a plan a migration made stale fails once, then the text runs unnamed', async () => {
    const table = sql.raw(`named_probe_${process.pid}_${Date.now()}`);
    const database = openDatabase({ url: url!, poolSize: 1 });
    const read = () =>
      queryRows<Record<string, unknown>>(database.db, sql`select * from ${table} where id = ${1}`);
    try {
      await database.db.execute(sql`create table ${table} (id int primary key, a text)`);
      await database.db.execute(sql`insert into ${table} values (1, 'one')`);
      expect(await read()).toEqual([{ id: 1, a: 'one' }]);
      // Another server migrates meanwhile: the table gains a column.
      await database.db.execute(sql`alter table ${table} add column b text`);
      const error: unknown = await read().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ cause: { code: '0A000' } });
      expect(await read()).toEqual([{ id: 1, a: 'one', b: null }]);
    } finally {
      await database.db.execute(sql`drop table if exists ${table}`);
      await database.close();
    }
  });

  it('DATABASE_NAMED_STATEMENTS=false leaves every statement unnamed', async () => {
    expect(await preparedOn(false, 'select $1::int + 2')).toEqual([]);
  });
});
