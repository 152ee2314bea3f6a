// The purchase benchmark (docs/performance.md "Purchases"): `npm run bench:purchases`.
//
// On PostgreSQL, against the built server (apps/server/dist/main.js, WORKERS one per core, its
// jobs on: the bonus fold runs beside the purchases, as in production), side by side in one run:
// - pgbench's TPC-B-like run on the same cores (`pgbench -i -s 10`, then
//   `pgbench -c 8 -j 2 -T BENCH_SECONDS -M prepared`), before and after the purchase blocks: the
//   reference of what this machine's PostgreSQL does with 8 clients;
// - 8 independent buyers (each signed up without a code, so no upline), each buying a product of
//   its own in a loop with an Idempotency-Key: purchases per second, goal at least 0.15x pgbench's
//   transactions per second;
// - 8 buyers on one sponsor line (each invited by the one before, every one holding a tariff, so
//   each purchase pays bonuses up the line), buying the same mix: goal at least 0.9x the
//   independent buyers (they share uplines, but no request locks an upline's row);
// - while the sponsor line buys, how long each purchase's bonuses take to show to their payees
//   (from the purchase's commit to the fold's, polled every 20 ms): goal p95 within 2 seconds;
// - after the blocks, how long the fold takes to pay the last bonus, and the replay audit
//   (dist/dev/audit-bonuses.js) over everything bought: it must find no difference.
// Beside each block, the CPU each purchase costs the server, PostgreSQL and this client.
//
// BENCH_DATABASE_URL: a PostgreSQL server where the bench makes (and drops) its own databases;
// default postgres://postgres@127.0.0.1:5432/test. BENCH_SECONDS: each block (10).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  adminToken,
  buildServer,
  buy,
  cpuSecondsOf,
  fund,
  json,
  percentile,
  POSTGRES_WORKERS,
  processTree,
  rawClient,
  register,
  SERVER_ENV,
  sleep,
  startProcess,
  timed,
} from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = 8;

const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 1) => Number(value.toFixed(digits));

const SHIPPING = {
  full_name: 'Bench Buyer',
  phone: '+351912345678',
  country: 'PT',
  city: 'Lisboa',
  address: 'Rua Augusta 1',
  postcode: '1100-048',
};

/**
 * What each client buys, one purchase per call: a different product for each of the 8. Each
 * buyer gets the catalogue (`products` by code) and a DXN quote, and answers the call to repeat.
 */
const BUYERS = [
  (products) => [
    '/api/v1/payments/process_purchase_by_unit/',
    { product_id: products['virtual-node-100'].id, units: 1 },
  ],
  (products) => [
    '/api/v1/payments/process_purchase_by_unit/',
    { product_id: products['virtual-node-300'].id, units: 1 },
  ],
  (products) => ['/api/v1/virtual_node/purchase/', { product_id: products['virtual-node-500'].id }],
  (products, quote) => [
    '/api/v1/token_pack/purchase/',
    { product_id: products['token-pack-1y'].id, amount: '100', quote_id: quote },
  ],
  (products, quote) => [
    '/api/v1/token_pack/purchase/',
    { product_id: products['token-pack-2y'].id, amount: '250', quote_id: quote },
  ],
  (products) => [
    '/api/v1/products/create_order/',
    { product_id: products.device.id, quantity: 1, shipping: SHIPPING, pay_from_balance: true },
  ],
  (products) => [
    '/api/v1/products/create_order/',
    {
      product_id: products.device.id,
      quantity: 2,
      starlink: true,
      shipping: SHIPPING,
      pay_from_balance: true,
    },
  ],
  (products) => [
    '/api/v1/payments/process_purchase_by_unit/',
    { product_id: products['virtual-node-500'].id, units: 2 },
  ],
];

/** The CPU seconds used so far by each group of processes (`groups()`: name -> pids). */
async function cpuOf(groups) {
  const answer = {};
  for (const [group, pids] of Object.entries(await groups())) {
    answer[group] = new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
  }
  return answer;
}

let keys = 0;

/**
 * Buying for SECONDS, one loop per lane (a lane: the calls it makes in turn, each on its own
 * keep-alive connection): purchases per second, p95 latency, and the CPU milliseconds per purchase
 * of each group of processes (the server processes, the database's PostgreSQL backends, this
 * client), with the cores they kept busy. Any answer but a success stops the bench.
 */
async function block(lanes, groups) {
  const times = [];
  const until = Date.now() + SECONDS * 1000;
  const before = await cpuOf(groups);
  const start = process.hrtime.bigint();
  await Promise.all(
    lanes.map(async (lane) => {
      const clients = lane.map((buyer) => rawClient(buyer.base));
      for (let turn = 0; Date.now() < until; turn++) {
        const { token, call } = lane[turn % lane.length];
        const client = clients[turn % lane.length];
        const { ms, result } = await timed(() =>
          client.send('POST', call[0], call[1], token, { 'Idempotency-Key': `bench-${++keys}` }),
        );
        if (result.status >= 300)
          throw new Error(`${call[0]}: ${result.status} ${JSON.stringify(result.body)}`);
        times.push(ms);
      }
      for (const client of clients) client.close();
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const after = await cpuOf(groups);
  const cpuMs = {};
  let cpuSeconds = 0;
  for (const [group, pids] of Object.entries(after)) {
    // A backend PostgreSQL started during the block counts from zero.
    const seconds = [...pids].reduce((sum, [pid, used]) => sum + used - (before[group].get(pid) ?? 0), 0);
    cpuMs[group] = (seconds * 1000) / times.length;
    cpuSeconds += seconds;
  }
  return {
    purchases: times.length,
    perSecond: times.length / elapsed,
    p95: percentile(times, 95),
    cpuMs,
    coresBusy: cpuSeconds / elapsed,
  };
}

/** Partners signed up as `${name}<n>`, each funded; `line`: each invited by the one before. */
async function partners(base, admin, name, line) {
  const made = [];
  for (let index = 0; index < CLIENTS; index++) {
    const { token, user } = await register(base, name, index, line ? made.at(-1)?.referralId : undefined);
    await fund(base, admin, user.id);
    made.push({ token, id: user.id, referralId: user.referral_id });
  }
  return made;
}

/** Each partner buys the 7,500 tariff (its window holds the bonuses the line pays it). */
async function buyTariffs(base, made, products) {
  for (const partner of made) {
    const quote = await json(
      base,
      'POST',
      '/api/v1/mlm/package/purchase/request/',
      { package_id: products['tariff-7500'].id, mentor_confirmed: true, terms_accepted: true },
      partner.token,
    );
    await buy(base, partner.token, '/api/v1/mlm/package/purchase/confirm/', { request_id: quote.request_id });
  }
}

/** Lanes of `made`: partner i buys BUYERS[i] (the same mix for every group). */
async function lanes(base, made, products) {
  return Promise.all(
    made.map(async (partner, index) => {
      const quote = (await json(base, 'POST', '/api/v1/mlm/usdt_dexnet_rate/', {}, partner.token)).quote_id;
      return [{ token: partner.token, base, call: BUYERS[index](products, quote) }];
    }),
  );
}

/**
 * One client, then 8 at once, buying on running servers (`servers`: started processes, on one
 * PostgreSQL database) for SECONDS each: `{ one, many }` as `block` answers them. `groups` names
 * the processes whose CPU is counted. The 8 buyers sign up without a code, as `${name}<n>`.
 */
export async function concurrency({ servers, groups, name = 'buyer' }) {
  const base = servers[0].base;
  const admin = await adminToken(base);
  const made = await partners(base, admin, name, false);
  const catalogue = await json(base, 'GET', '/api/v1/products/', undefined, made[0].token);
  const products = Object.fromEntries(catalogue.map((product) => [product.code, product]));
  const buyers = (await lanes(base, made, products)).map(([buyer], index) => ({
    ...buyer,
    base: servers[index % servers.length].base,
  }));
  log('warming up');
  await block([buyers], groups);
  log(`1 client, ${SECONDS} s`);
  const one = await block([buyers], groups);
  log(`${CLIENTS} clients, ${SECONDS} s`);
  const many = await block(
    buyers.map((buyer) => [buyer]),
    groups,
  );
  const health = await json(base, 'GET', '/api/v1/admin/ledger/health/', undefined, admin);
  if (!health.ok) throw new Error(`the ledger does not balance after the run: ${JSON.stringify(health)}`);
  return { one, many };
}

/**
 * Watches the database every 20 ms while `run` goes: when each purchase became visible (its row
 * committed) and when the fold had folded its event (every bonus of it visible to its payees).
 * Answers `run`'s answer and the lags in milliseconds, one per purchase folded.
 */
async function watchFold(client, run) {
  const seen = new Map();
  const eventOf = new Map();
  const lags = [];
  const maxOf = async (table) =>
    Number((await client.query(`select coalesce(max(id), 0) as id from ${table}`)).rows[0].id);
  let lastPurchase = await maxOf('purchases');
  let lastEvent = await maxOf('compensation_events');
  let running = true;
  const look = async () => {
    const now = Date.now();
    for (const row of (await client.query('select id from purchases where id > $1', [lastPurchase])).rows) {
      seen.set(Number(row.id), now);
      lastPurchase = Math.max(lastPurchase, Number(row.id));
    }
    const events = await client.query(
      `select id, xid, purchase_id from compensation_events where id > $1 and kind = 'purchase'`,
      [lastEvent],
    );
    for (const row of events.rows) {
      eventOf.set(Number(row.id), { xid: BigInt(row.xid), purchaseId: Number(row.purchase_id) });
      lastEvent = Math.max(lastEvent, Number(row.id));
    }
    const cursor = (await client.query('select last_xid, last_event_id from compensation_fold where id = 1'))
      .rows[0];
    if (!cursor) return;
    const [xid, id] = [BigInt(cursor.last_xid), Number(cursor.last_event_id)];
    for (const [eventId, event] of eventOf) {
      if (event.xid < xid || (event.xid === xid && eventId <= id)) {
        const since = seen.get(event.purchaseId);
        if (since !== undefined) lags.push(now - since);
        eventOf.delete(eventId);
      }
    }
  };
  const watcher = (async () => {
    while (running || eventOf.size > 0) {
      await look();
      await sleep(20);
    }
  })();
  const answer = await run();
  running = false;
  await watcher;
  return { answer, lags };
}

/** pgbench's TPC-B-like run with 8 clients on `url`: transactions per second. */
function pgbench(url) {
  const output = execFileSync(
    'pgbench',
    ['-c', '8', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', url],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return Number(/tps = ([\d.]+)/.exec(output)[1]);
}

/** Events the fold has not folded yet. */
async function backlog(client) {
  const { rows } = await client.query(
    `select count(*)::int as n from compensation_events e
      where (e.xid, e.id) > (coalesce((select last_xid from compensation_fold where id = 1), 0),
                             coalesce((select last_event_id from compensation_fold where id = 1), 0))`,
  );
  return rows[0].n;
}

async function main() {
  log('building the server');
  buildServer(ROOT);
  const stamp = `${process.pid}_${Date.now()}`;
  const name = `bench_purchases_${stamp}`;
  const reference = `bench_pgbench_${stamp}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`create database ${reference}`);
  const urlOf = (database) => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startProcess([...nodeArgs, join(ROOT, 'apps/server/dist/main.js')], {
    ...SERVER_ENV,
    // BENCH_JOBS=false: the fold (and every job) off, to see what the purchases alone cost.
    JOBS: process.env.BENCH_JOBS ?? 'true',
    DATABASE_URL: urlOf(name),
    DATA_DIR: dataDir,
    WORKERS: POSTGRES_WORKERS,
  });
  const database = new pg.Client({ connectionString: urlOf(name) });
  await database.connect();
  try {
    log('pgbench -i -s 10');
    execFileSync('pgbench', ['-i', '-s', '10', '-q', urlOf(reference)], { stdio: 'ignore' });
    const groups = async () => ({
      server: processTree(server.child.pid),
      postgres: (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map(
        (row) => row.pid,
      ),
      client: [process.pid],
    });
    const base = server.base;
    const token = await adminToken(base);
    log('partners: 8 independent buyers, a sponsor line of 8 holding tariffs');
    const independent = await partners(base, token, 'solo', false);
    const line = await partners(base, token, 'line', true);
    const catalogue = await json(base, 'GET', '/api/v1/products/', undefined, line[0].token);
    const products = Object.fromEntries(catalogue.map((product) => [product.code, product]));
    await buyTariffs(base, line, products);
    const solo = await lanes(base, independent, products);
    const sponsored = await lanes(base, line, products);

    log('warming up');
    await block(solo, groups);
    await block(sponsored, groups);
    log(`pgbench, ${SECONDS} s`);
    const before = pgbench(urlOf(reference));
    log(`8 independent buyers, ${SECONDS} s`);
    const independentBlock = await block(solo, groups);
    log(`8 buyers on one sponsor line, ${SECONDS} s`);
    const jobs = process.env.BENCH_JOBS !== 'false';
    // With the fold on, how long each purchase's bonuses took to show (from its commit).
    const watched = jobs
      ? await watchFold(database, () => block(sponsored, groups))
      : { answer: await block(sponsored, groups), lags: [] };
    const lineBlock = watched.answer;
    const visible = watched.lags.length
      ? {
          p50: percentile(watched.lags, 50),
          p95: percentile(watched.lags, 95),
          max: Math.max(...watched.lags),
        }
      : null;
    const ended = Date.now();
    let foldLagMs = null;
    for (; jobs;) {
      if ((await backlog(database)) === 0) {
        foldLagMs = Date.now() - ended;
        break;
      }
      await sleep(50);
    }
    log(`pgbench again, ${SECONDS} s`);
    const after = pgbench(urlOf(reference));
    log('the replay audit');
    const audit = !jobs
      ? 'not run (no fold)'
      : execFileSync(process.execPath, [join(ROOT, 'apps/server/dist/dev/audit-bonuses.js')], {
          env: { ...process.env, ...SERVER_ENV, DATABASE_URL: urlOf(name), DATA_DIR: dataDir },
          encoding: 'utf8',
        }).trim();
    const health = await json(base, 'GET', '/api/v1/admin/ledger/health/', undefined, token);
    if (!health.ok) throw new Error(`the ledger does not balance after the run: ${JSON.stringify(health)}`);

    const pgbenchTps = (before + after) / 2;
    const result = {
      pgbench: { before, after },
      independent: independentBlock,
      line: lineBlock,
      visible,
      foldLagMs,
      audit,
    };
    console.log(JSON.stringify(result, null, 2));
    console.log('');
    console.log(`| measure | pgbench | 8 independent buyers | 8 buyers on one sponsor line | goal |`);
    console.log('| --- | --- | --- | --- | --- |');
    console.log(
      `| per second | ${round(pgbenchTps)} (${round(before)}, ${round(after)}) | ${round(independentBlock.perSecond)} | ${round(lineBlock.perSecond)} | |`,
    );
    console.log(`| p95 (ms) | | ${round(independentBlock.p95)} | ${round(lineBlock.p95)} | |`);
    for (const group of Object.keys(independentBlock.cpuMs)) {
      console.log(
        `| CPU per purchase, ${group} (ms) | | ${round(independentBlock.cpuMs[group], 2)} | ${round(lineBlock.cpuMs[group], 2)} | |`,
      );
    }
    console.log(
      `| cores kept busy (of ${availableParallelism()}) | | ${round(independentBlock.coresBusy, 2)} | ${round(lineBlock.coresBusy, 2)} | |`,
    );
    console.log(
      `| ratio to pgbench | | ${round(independentBlock.perSecond / pgbenchTps, 3)} | ${round(lineBlock.perSecond / pgbenchTps, 3)} | >= 0.15 |`,
    );
    console.log(
      `| sponsor line / independent | | | ${round(lineBlock.perSecond / independentBlock.perSecond, 2)} | >= 0.9 |`,
    );
    console.log(
      `| bonuses visible after the purchase, p50 / p95 / max (ms) | | | ${visible ? `${round(visible.p50)} / ${round(visible.p95)} / ${round(visible.max)}` : '-'} | p95 <= 2000 |`,
    );
    console.log(`| last bonus folded after the blocks (ms) | | | ${foldLagMs} | |`);
    console.log(`| replay audit | | | ${audit.split('\n').at(-1)} | no difference |`);
  } finally {
    await server.stop();
    await database.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${reference} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
