// The purchase benchmark (docs/performance.md): `npm run bench:purchases`.
//
// On PostgreSQL, against the built server (apps/server/dist/main.js): purchases per second and
// their p95 with 1 client, then with 8 concurrent clients, each client a partner of its own buying
// a product of its own (so that the clients contend only where the product's rules make them: the
// ledger's company account rows are not kept, so they do not). The one client buys the same mix,
// the 8 calls in turn, so that both blocks time the same work. The goal: 8 clients at least 2.5x
// the throughput of one. Beside it, the CPU each purchase costs the server, PostgreSQL and this
// client, and how much of the machine's cores the block kept busy: the ceiling any number of
// clients can reach.
//
// BENCH_DATABASE_URL: a PostgreSQL server where the bench makes (and drops) its own database;
// default postgres://postgres@127.0.0.1:5432/test. BENCH_SECONDS: how long each block runs (10).
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
  register,
  SERVER_ENV,
  startProcess,
  timed,
} from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = 8;
/** Server processes the clients are spread over (the scale path: N stateless processes). */
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);

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

/**
 * Buying for SECONDS, one loop per lane (a lane: the calls it makes in turn): purchases per second,
 * p95 latency, and the CPU milliseconds per purchase of each group of processes (the server
 * processes, the database's PostgreSQL backends, this client), with the cores they kept busy.
 */
async function block(lanes, groups) {
  const times = [];
  const until = Date.now() + SECONDS * 1000;
  const before = await cpuOf(groups);
  const start = process.hrtime.bigint();
  await Promise.all(
    lanes.map(async (lane) => {
      for (let turn = 0; Date.now() < until; turn++) {
        const { token, base, call } = lane[turn % lane.length];
        times.push((await timed(() => buy(base, token, ...call))).ms);
      }
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

/**
 * One client, then 8 at once, buying on running servers (`servers`: started processes, on one
 * PostgreSQL database) for SECONDS each: `{ one, many }` as `block` answers them. `groups` names
 * the processes whose CPU is counted. The 8 buyers sign up without a code, as `${name}<n>`.
 */
export async function concurrency({ servers, groups, name = 'buyer' }) {
  const base = servers[0].base;
  const admin = await adminToken(base);
  const partners = [];
  for (let index = 0; index < CLIENTS; index++) {
    const { token, user } = await register(base, name, index);
    await fund(base, admin, user.id);
    partners.push(token);
  }
  const catalogue = await json(base, 'GET', '/api/v1/products/', undefined, partners[0]);
  const products = Object.fromEntries(catalogue.map((product) => [product.code, product]));
  const buyers = await Promise.all(
    partners.map(async (token, index) => {
      const quote = (await json(base, 'POST', '/api/v1/mlm/usdt_dexnet_rate/', {}, token)).quote_id;
      return { token, base: servers[index % servers.length].base, call: BUYERS[index](products, quote) };
    }),
  );
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

async function main() {
  log('building the server');
  buildServer(ROOT);
  const name = `bench_purchases_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const start = () =>
    startProcess([...nodeArgs, join(ROOT, 'apps/server/dist/main.js')], {
      ...SERVER_ENV,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      WORKERS: POSTGRES_WORKERS,
    });
  // The first process migrates; the others start on the migrated database.
  const servers = [await start()];
  for (let index = 1; index < SERVERS; index++) servers.push(await start());
  try {
    const groups = async () => ({
      server: servers.flatMap((server) => processTree(server.child.pid)),
      postgres: (await admin.query('select pid from pg_stat_activity where datname = $1', [name])).rows.map(
        (row) => row.pid,
      ),
      client: [process.pid],
    });
    const { one, many } = await concurrency({ servers, groups });

    console.log(JSON.stringify({ one, many }, null, 2));
    console.log('');
    console.log('| measure | 1 client | 8 clients | goal |');
    console.log('| --- | --- | --- | --- |');
    console.log(`| purchases | ${one.purchases} | ${many.purchases} | |`);
    console.log(`| purchases per second | ${round(one.perSecond)} | ${round(many.perSecond)} | |`);
    console.log(`| p95 (ms) | ${round(one.p95)} | ${round(many.p95)} | |`);
    for (const group of Object.keys(one.cpuMs)) {
      console.log(
        `| CPU per purchase, ${group} (ms) | ${round(one.cpuMs[group], 2)} | ${round(many.cpuMs[group], 2)} | |`,
      );
    }
    console.log(
      `| cores kept busy (of ${availableParallelism()}) | ${round(one.coresBusy, 2)} | ${round(many.coresBusy, 2)} | |`,
    );
    console.log(`| ratio 8 clients / 1 | | ${round(many.perSecond / one.perSecond, 2)} | >= 2.5 |`);
  } finally {
    for (const server of servers) await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
