import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, queryNamed, queryRows } from '../../src/db/client';
import { appUrl } from '../helpers/database';

const admin = process.env.TEST_DATABASE_URL;

/**
 * What several app machines need from the one primary, whether they reach it directly (CI's
 * PostgreSQL pass) or through PgBouncer in transaction mode (its PgBouncer pass, where appUrl goes
 * through it): docs/scaling.md "PgBouncer".
 */
describe.runIf(admin)(
  'one PostgreSQL primary, reached as the app reaches it (PgBouncer in transaction mode too)',
  () => {
    const name = `portal_test_empty_${randomBytes(6).toString('hex')}`;
    let client: pg.Client;
    beforeAll(async () => {
      client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${name}`);
    });
    afterAll(async () => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });

    it('four processes starting at once on a new database: one migrates, the others wait and find it done', async () => {
      const starts = Array.from({ length: 4 }, () =>
        openDatabase({ url: appUrl(name), poolSize: 3, namedStatements: false }),
      );
      try {
        await Promise.all(starts.map((database) => database.migrate()));
        const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        const applied = await queryRows<{ n: number }>(
          starts[0]!.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual([{ n: journal.entries.length }]);
        // No process left the migrations' lock held (behind PgBouncer a session lock stayed on the
        // server connection that took it, and the next start waited for it forever).
        const held = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
          where l.locktype = 'advisory' and d.datname = $1`,
          [name],
        );
        expect(held.rows).toEqual([{ n: 0 }]);
        // A later start finds nothing to do.
        await starts[1]!.migrate();
        expect(
          await queryRows(starts[1]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        ).toEqual(applied);
      } finally {
        await Promise.all(starts.map((database) => database.close()));
      }
    }, 60_000);

    it('DATABASE_NAMED_STATEMENTS=false runs the statements the code names itself unnamed too', async () => {
      const database = openDatabase({ url: appUrl(name), poolSize: 4, namedStatements: false });
      try {
        // Many at once on a few connections: behind PgBouncer 1.18 a named one fails here ("already
        // exists", "does not exist") as its connections move between server connections.
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            queryNamed<{ n: number }>(database.db, 'pgbouncer_probe', sql`select ${i}::int + 2 as n`),
          ),
        );
        expect(answers.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
        const prepared = await database.db.transaction(async (tx) => {
          await queryNamed(tx, 'pgbouncer_probe', sql`select ${1}::int + 2 as n`);
          return queryRows(tx, sql`select name from pg_prepared_statements`);
        });
        expect(prepared).toEqual([]);
      } finally {
        await database.close();
      }
    });
  },
);
