// The server benchmark (docs/performance.md): `npm run bench`.
//
// Side by side, in one run, on PGlite and on PostgreSQL, against the built server
// (apps/server/dist/main.js) and a bare Fastify process:
// - registration p95 of the 100th sign-ups and of the last ones (the 5,000th), all without a code,
//   so all down the company root's outer leg, and login p95 (argon2 is most of both);
// - profile (POST /api/v1/accounts/info/) requests per second against a bare Fastify route;
// - the finances call's first and last page over 100,000 lines of one partner;
// - resident memory at start (peak) and settled, for each server and the bare process.
//
// BENCH_DATABASE_URL: a PostgreSQL server where the bench makes (and drops) its own database;
// default postgres://postgres@127.0.0.1:5432/test. BENCH_TARGETS=pglite or postgres runs one;
// BENCH_SIGNUPS and BENCH_LINES make a shorter run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { json, loadTest, memoryOf, percentile, SERVER_ENV, sleep, startProcess, timed } from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 5000);
const BLOCK = 100;
// The first and the last block are timed apart: a shorter run still needs both.
if (!Number.isInteger(SIGNUPS) || SIGNUPS < 2 * BLOCK)
  throw new Error(`BENCH_SIGNUPS must be at least ${2 * BLOCK} (the first and the last ${BLOCK} are timed)`);
const FILL_CONCURRENCY = 4;
const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 5);
const LOAD_CONNECTIONS = 16;
const PAGE_SAMPLES = 30;
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 1) => Number(value.toFixed(digits));

const signUp = (base, index) =>
  json(base, 'POST', '/api/v1/accounts/register/', {
    email: `bench${index}@example.com`,
    password: 'password-123',
    password_confirm: 'password-123',
    first_name: 'Bench',
    last_name: `Partner${index}`,
    phone: `+3519${String(index).padStart(8, '0')}`,
    country: 'Portugal',
    country_code: 'PT',
  });

/** Sign-ups from..to (inclusive), one after another, timed. */
async function timedSignUps(base, from, to) {
  const times = [];
  for (let index = from; index <= to; index++) times.push((await timed(() => signUp(base, index))).ms);
  return times;
}

async function untimedSignUps(base, from, to) {
  let next = from;
  await Promise.all(
    Array.from({ length: FILL_CONCURRENCY }, async () => {
      while (next <= to) await signUp(base, next++);
    }),
  );
}

async function fillStatement(target, userId) {
  const insert = `
    insert into wallet_operations (user_id, operation_type, currency, amount, status, reference, created_at, updated_at)
    select ${userId}, (array['deposit', 'withdrawal', 'transfer'])[1 + i % 3], 'USDT', i * 1000, 'completed',
           'bench:' || i, now() - make_interval(secs => i * 60), now()
      from generate_series(1, ${LINES}) as i`;
  if (target.driver === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query(insert);
    await client.end();
    return;
  }
  // PGlite has one process at a time on its data: the server stops while the lines go in.
  await target.server.stop();
  const db = await PGlite.create({ dataDir: join(target.dataDir, 'pglite'), extensions: { pg_trgm } });
  await db.exec(insert);
  await db.close();
  target.server = await target.start();
}

async function pageTimes(base, token, page) {
  const times = [];
  for (let sample = 0; sample < PAGE_SAMPLES; sample++) {
    const { ms, result } = await timed(() =>
      json(base, 'POST', `/api/v1/payments/finances/?page=${page}`, {}, token),
    );
    if (result.results.length === 0) throw new Error(`page ${page} is empty`);
    times.push(ms);
  }
  return times;
}

async function settledMemory(pid) {
  const start = memoryOf(pid);
  await sleep(SETTLE_SECONDS * 1000);
  return { startPeak: round(start.peak), settled: round(memoryOf(pid).rss) };
}

async function benchPortal(driver, bare) {
  const target = { driver };
  let dropDatabase;
  const env = { ...SERVER_ENV };
  if (driver === 'pglite') {
    target.dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
    env.DATA_DIR = target.dataDir;
    dropDatabase = async () => rmSync(target.dataDir, { recursive: true, force: true });
  } else {
    const name = `bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    target.url = url.toString();
    env.DATABASE_URL = target.url;
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'portal-bench-'));
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  target.start = () => startProcess([join(ROOT, 'apps/server/dist/main.js')], env);
  try {
    log(driver, 'starting');
    target.server = await target.start();
    const memory = await settledMemory(target.server.child.pid);
    log(driver, 'memory', memory);

    log(driver, `sign-ups 1-${BLOCK}`);
    const first = await timedSignUps(target.server.base, 1, BLOCK);
    log(driver, `sign-ups ${BLOCK + 1}-${SIGNUPS - BLOCK}`);
    await untimedSignUps(target.server.base, BLOCK + 1, SIGNUPS - BLOCK);
    log(driver, `sign-ups ${SIGNUPS - BLOCK + 1}-${SIGNUPS}`);
    const last = await timedSignUps(target.server.base, SIGNUPS - BLOCK + 1, SIGNUPS);

    const loginBody = { email: 'bench1@example.com', password: 'password-123' };
    const logins = [];
    for (let index = 0; index < BLOCK; index++)
      logins.push(
        (await timed(() => json(target.server.base, 'POST', '/api/v1/accounts/login/', loginBody))).ms,
      );
    const { token } = await json(target.server.base, 'POST', '/api/v1/accounts/login/', loginBody);
    const profile = await json(target.server.base, 'POST', '/api/v1/accounts/info/', undefined, token);

    log(driver, 'profile load');
    // Each connection is another partner, as on a real day: none reads another's answer.
    const partnerTokens = [];
    for (let index = 1; index <= LOAD_CONNECTIONS; index++) {
      const login = { email: `bench${index}@example.com`, password: 'password-123' };
      partnerTokens.push((await json(target.server.base, 'POST', '/api/v1/accounts/login/', login)).token);
    }
    const profileRate = await loadTest({
      port: target.server.port,
      method: 'POST',
      path: '/api/v1/accounts/info/',
      headers: partnerTokens.map((partnerToken) => ({ authorization: `Bearer ${partnerToken}` })),
      connections: LOAD_CONNECTIONS,
      seconds: LOAD_SECONDS,
    });

    // The bare route right after, so that both see the same load on the machine.
    const bareRate = await loadTest({
      port: bare.port,
      method: 'POST',
      path: '/bare',
      connections: LOAD_CONNECTIONS,
      seconds: LOAD_SECONDS,
    });

    log(driver, `${LINES} statement lines`);
    await fillStatement(target, profile.id);
    const lastPage = Math.ceil(LINES / 20);
    await pageTimes(target.server.base, token, 1); // warm-up
    const firstPageTimes = await pageTimes(target.server.base, token, 1);
    const lastPageTimes = await pageTimes(target.server.base, token, lastPage);
    const after = memoryOf(target.server.child.pid);
    await target.server.stop();

    return {
      memory: { ...memory, afterRun: round(after.rss), peak: round(after.peak) },
      registration: {
        p50First: round(percentile(first, 50)),
        p95First: round(percentile(first, 95)),
        p50Last: round(percentile(last, 50)),
        p95Last: round(percentile(last, 95)),
        loginP95: round(percentile(logins, 95)),
      },
      profileRate: Math.round(profileRate),
      bareRate: Math.round(bareRate),
      finances: {
        firstP50: round(percentile(firstPageTimes, 50), 2),
        lastP50: round(percentile(lastPageTimes, 50), 2),
        lastPage,
      },
    };
  } finally {
    await target.server?.stop();
    await dropDatabase();
  }
}

async function startBare() {
  log('bare fastify');
  const server = await startProcess([join(import.meta.dirname, 'bare-server.mjs')], {});
  const memory = await settledMemory(server.child.pid);
  return { server, port: server.port, memory };
}

log('building the server');
execFileSync(process.execPath, ['build.mjs'], { cwd: join(ROOT, 'apps/server'), stdio: 'inherit' });

const started = Date.now();
const bare = await startBare();
const results = {};
try {
  for (const driver of TARGETS) results[driver] = await benchPortal(driver, bare);
} finally {
  await bare.server.stop();
}

const ratio = (a, b) => (b ? round(a / b, 3) : NaN);
const lines = [
  `Server benchmark: ${SIGNUPS} sign-ups, ${LINES} statement lines (${Math.round((Date.now() - started) / 1000)} s)`,
  '',
  '| measure | ' + TARGETS.join(' | ') + ' | goal |',
  '| --- | ' + TARGETS.map(() => '---').join(' | ') + ' | --- |',
];
const row = (name, pick, goal) =>
  lines.push(`| ${name} | ${TARGETS.map((driver) => pick(results[driver])).join(' | ')} | ${goal} |`);
row(`registration p95, sign-ups 1-${BLOCK} (ms)`, (r) => r.registration.p95First, '');
row(`registration p95, sign-ups ${SIGNUPS - BLOCK + 1}-${SIGNUPS} (ms)`, (r) => r.registration.p95Last, '');
row(`ratio ${SIGNUPS}th / 100th`, (r) => ratio(r.registration.p95Last, r.registration.p95First), '<= 1.2');
row('login p95 (ms)', (r) => r.registration.loginP95, '');
row(`ratio ${SIGNUPS}th sign-up / login`, (r) => ratio(r.registration.p95Last, r.registration.loginP95), '');
row('profile (req/s)', (r) => r.profileRate, '');
row('bare Fastify route, measured right after (req/s)', (r) => r.bareRate, '');
row('ratio profile / bare', (r) => ratio(r.profileRate, r.bareRate), '>= 0.15 (PostgreSQL)');
if (results.pglite && results.postgres)
  row(
    'ratio PostgreSQL / PGlite profile',
    () => ratio(results.postgres.profileRate, results.pglite.profileRate),
    '<= 3',
  );
row('finances page 1, p50 (ms)', (r) => r.finances.firstP50, '');
row(`finances last page, p50 (ms)`, (r) => r.finances.lastP50, '');
row('ratio last / first page', (r) => ratio(r.finances.lastP50, r.finances.firstP50), '<= 1.5');
row('memory peak at start (MiB)', (r) => r.memory.startPeak, `bare ${bare.memory.startPeak}`);
row(
  `memory settled, ${SETTLE_SECONDS} s after start (MiB)`,
  (r) => r.memory.settled,
  `bare ${bare.memory.settled}`,
);
row('memory after the run (MiB)', (r) => r.memory.afterRun, '');
console.log(lines.join('\n'));
console.log('\n' + JSON.stringify({ bareMemory: bare.memory, results }, null, 2));
