import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Database, openDatabase, PGLITE_EXTENSIONS, queryRows } from '../../src/db/client';
import { drainTeamCounters } from '../../src/modules/team-stats/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances } from '../helpers/money';
import { buyTariff } from '../helpers/tariffs';

/**
 * DATABASE_READ_URL (docs/scaling.md "Read replicas"): the reads that tolerate lag (team views,
 * explanations, the statement) read the replica; sessions, the profile and every write stay on
 * the primary. Each case freezes the replica, writes on the primary, and shows the lagging reads
 * stale while the others are fresh: on PGlite a copy of the database stands for a replica that
 * stopped replaying; with TEST_READ_REPLICA_URL (scripts/replica.sh) a real streaming replica
 * pauses its replay.
 */

const finances = (app: TTestApp, who: TPartner) => post(app, '/api/v1/payments/finances/', {}, who.token);
const firstLine = (app: TTestApp, who: TPartner) => post(app, '/api/v1/mlm/first-line/all/', {}, who.token);
const structure = (app: TTestApp, who: TPartner) =>
  post(app, '/api/v1/mlm/referral_structure_info/', {}, who.token);
const whatIf = (app: TTestApp, who: TPartner) =>
  call(app, 'GET', '/api/v1/mlm/binary/what-if/', { token: who.token });

/** A's state before the replica stops: a partner with 500 USDT, credited by an operator. */
async function partnerWithMoney(app: TTestApp): Promise<TPartner> {
  const a = await registerPartner(app, { first_name: 'Alma' });
  await adjust(app, a.id, 'USDT', '500');
  return a;
}

/**
 * Writes on the primary while the replica is behind: A buys a tariff, B registers under A. The
 * answers that read the primary show them; those that read the replica do not yet. Returns B.
 */
async function whileBehind(app: TTestApp, a: TPartner): Promise<TPartner> {
  await buyTariff(app, a, 'tariff-500');
  const b = await registerPartner(app, { promocode: a.referralId, first_name: 'Bruno' });
  await drainTeamCounters(app.database.db);

  // The primary: the profile's balance after the purchase, and B's brand-new session.
  expect((await balances(app, a.token)).usdt).toBe('0.000000');
  expect((await post(app, '/api/v1/accounts/info/', {}, b.token)).body.id).toBe(b.id);

  // The replica, as it was: the credit only, no B, no binary window yet.
  const statement = await finances(app, a);
  expect(statement.status).toBe(200);
  expect(statement.body.results.map((row: { operation_type: string }) => row.operation_type)).toEqual([
    'adjustment',
  ]);
  expect((await firstLine(app, a)).body.count).toBe(0);
  expect((await structure(app, a)).body.users_count).toBe(0);
  expect((await whatIf(app, a)).body.has_window).toBe(false);
  return b;
}

/** Once the replica has caught up, the same calls show the writes. */
async function caughtUp(app: TTestApp, a: TPartner, b: TPartner): Promise<void> {
  const statement = await finances(app, a);
  expect(statement.body.results.map((row: { operation_type: string }) => row.operation_type)).toEqual(
    expect.arrayContaining(['purchase', 'adjustment']),
  );
  expect((await firstLine(app, a)).body.results.map((row: { id: number }) => row.id)).toEqual([b.id]);
  expect((await structure(app, a)).body.users_count).toBe(1);
  expect((await whatIf(app, a)).body.has_window).toBe(true);
}

describe('DATABASE_READ_URL and DATABASE_READ_POOL_SIZE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  const dataDir = () => dir;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const primary = { DATABASE_URL: 'postgres://u@primary/portal' };

  it('are off by default: every read on the primary', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ...primary }).databaseRead).toBeNull();
  });

  it("name the replica, with the primary's pool size unless told", () => {
    const replica = { ...primary, DATABASE_READ_URL: 'postgres://u@replica/portal' };
    expect(loadConfig({ DATA_DIR: dataDir(), ...replica, DATABASE_POOL_SIZE: '7' }).databaseRead).toEqual({
      url: 'postgres://u@replica/portal',
      poolSize: 7,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...replica, DATABASE_READ_POOL_SIZE: '30' }).databaseRead,
    ).toEqual({ url: 'postgres://u@replica/portal', poolSize: 30 });
  });

  it('are refused without DATABASE_URL: PGlite has no replica', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_READ_URL: 'postgres://u@replica/portal' }),
    ).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });
});

// The PGlite pass only (a PGlite can be copied; the PostgreSQL pass has the streaming replica).
const dump = inject('pgliteDump');

describe.runIf(dump)('the reads that tolerate lag read the read database (PGlite, a frozen copy)', () => {
  let primary: PGlite;
  const opened: PGlite[] = [];
  beforeAll(async () => {
    primary = await PGlite.create({
      loadDataDir: new Blob([readFileSync(dump!)]),
      extensions: PGLITE_EXTENSIONS,
    });
  });
  afterAll(async () => {
    for (const pglite of [...opened, primary]) await pglite.close();
  });

  it('the statement, team views and explanations lag; the profile and sessions do not', async () => {
    const database = openDatabase({ pglite: primary });
    expect(database.readDb).toBe(database.db);
    const fresh = await testApp({ database });
    const a = await partnerWithMoney(fresh);

    // The "replica" stops here: a copy of the primary as it is now.
    const copy = await PGlite.create({
      loadDataDir: await primary.dumpDataDir('none'),
      extensions: PGLITE_EXTENSIONS,
    });
    opened.push(copy);
    const lagging = await testApp({ database: { ...database, readDb: openDatabase({ pglite: copy }).db } });
    const b = await whileBehind(lagging, a);
    // The app without a replica reads everything on the primary.
    await caughtUp(fresh, a, b);
    // Copying a PGlite (its whole data directory) takes seconds, more on a busy machine.
  }, 120_000);
});

const replicaUrl = process.env.TEST_READ_REPLICA_URL;

/** `url` with another database name. */
const onDatabase = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

describe.runIf(replicaUrl)('a streaming replica (TEST_READ_REPLICA_URL, scripts/replica.sh)', () => {
  const name = `portal_replica_${randomBytes(6).toString('hex')}`;
  let primaryAdmin: pg.Client;
  let replicaAdmin: pg.Client;
  let database: Database;

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function replayed(): Promise<void> {
    const { rows } = await primaryAdmin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await replicaAdmin.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [rows[0]!.lsn],
      );
      if (answer.rows[0]!.done) return;
      if (Date.now() > deadline) throw new Error('The replica did not catch up within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function pauseReplay(): Promise<void> {
    await replicaAdmin.query('select pg_wal_replay_pause()');
    for (;;) {
      const { rows } = await replicaAdmin.query<{ state: string }>(
        'select pg_get_wal_replay_pause_state() as state',
      );
      if (rows[0]!.state === 'paused') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
    // The replica names its primary (host, port and user of its WAL receiver).
    const { rows } = await replicaAdmin.query<{ conninfo: string | null }>(
      'select conninfo from pg_stat_wal_receiver',
    );
    const field = (key: string) => rows[0]?.conninfo?.match(new RegExp(`\\b${key}=(\\S+)`))?.[1];
    if (!field('host')) throw new Error(`${replicaUrl} is not a streaming replica`);
    primaryAdmin = new pg.Client({
      host: field('host'),
      port: Number(field('port') ?? 5432),
      user: field('user') ?? 'postgres',
      database: 'postgres',
    });
    await primaryAdmin.connect();
    await primaryAdmin.query(`create database ${name}`);
    const primaryUrl = onDatabase(
      `postgres://${field('user') ?? 'postgres'}@${field('host')}:${field('port') ?? 5432}/`,
      name,
    );
    database = openDatabase({
      url: primaryUrl,
      poolSize: 5,
      read: { url: onDatabase(replicaUrl!, name), poolSize: 5 },
    });
    await database.migrate();
    await replayed();
  });

  afterAll(async () => {
    // Whatever happened, the replica replays again.
    await replicaAdmin?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await database?.close();
    await primaryAdmin?.query(`drop database if exists ${name} with (force)`);
    await primaryAdmin?.end();
    await replicaAdmin?.end();
  });

  it('is read-only and separate from the primary', async () => {
    expect(database.readDb).not.toBe(database.db);
    // 25006: read_only_sql_transaction, a hot standby's answer to any write.
    await expect(database.readDb.execute(sql`create table not_here (id int)`)).rejects.toMatchObject({
      cause: { code: '25006' },
    });
    const recovery = await queryRows<{ standby: boolean }>(
      database.readDb,
      sql`select pg_is_in_recovery() as standby`,
    );
    expect(recovery).toEqual([{ standby: true }]);
  });

  it('serves the statement, team views and explanations; the profile and sessions stay on the primary', async () => {
    const app = await testApp({ database });
    const a = await partnerWithMoney(app);
    await replayed();

    await pauseReplay();
    let b: TPartner;
    try {
      b = await whileBehind(app, a);
    } finally {
      await replicaAdmin.query('select pg_wal_replay_resume()');
    }
    await replayed();
    await caughtUp(app, a, b);
  });
});
