import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite: a dump of the migrated database each test file loads. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates once for the whole run. Each test file then starts from a copy: a PostgreSQL database
 * made from the template when TEST_DATABASE_URL is set, otherwise an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `portal_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = openDatabase({ url: target.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', null);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await openDatabase({ pglite }).migrate();
  const dump = join(dir, 'migrated.tar');
  writeFileSync(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', dump);
  return () => rmSync(dir, { recursive: true, force: true });
}
