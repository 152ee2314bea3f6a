// The network benchmark (docs/performance.md "Network at scale"): `npm run bench:network`.
//
// Side by side, in one run, on PGlite and on PostgreSQL, against the built server: networks
// written by the generator (apps/server/src/dev/network.ts, through dist/dev/generate-network.js),
// then real HTTP calls to the server started on them:
// - purchase p95 of a buyer at binary depth 20 and of one at depth 5,000 (both on the spillover
//   leg, both invited by its leader: the same sponsor upline, only the binary depth differs);
// - purchase p95 of the same buyer (the bottom of the sponsor line: a full upline) in a network of
//   1,000 partners and in one of --partners (1,000,000);
// - registration p95 under the leader, whose outer leg is 5,000 deep, against under a fresh mentor
//   (a partner nobody sits under on their side);
// - on PostgreSQL in the large network, 8 concurrent clients against one (bench/purchases.mjs).
// Every upline of the buyers holds a tariff bought through the API, so purchases pay bonuses.
//
// Options: --partners N (the large network, 1000000), --small N (1000), --deep-leg N (5000),
// --samples N (timed calls per measure, 200), --targets pglite,postgres.
// BENCH_DATABASE_URL: where the bench makes (and drops) its databases; default
// postgres://postgres@127.0.0.1:5432/test. BENCH_SECONDS: each concurrency block (10).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  adminToken,
  buildServer,
  buy,
  fund,
  generateNetwork,
  json,
  openBenchTarget,
  percentile,
  POSTGRES_WORKERS,
  processTree,
  register,
  startProcess,
  timed,
} from './lib.mjs';
import { concurrency } from './purchases.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '1000' },
    'deep-leg': { type: 'string', default: '5000' },
    samples: { type: 'string', default: '200' },
    targets: { type: 'string', default: 'pglite,postgres' },
  },
});
const PARTNERS = Number(values.partners);
const SMALL = Number(values.small);
const DEEP_LEG = Number(values['deep-leg']);
const SAMPLES = Number(values.samples);
const TARGETS = values.targets.split(',');
const WARM_UP = 20;
/** The shallow buyer's binary depth. */
const SHALLOW = 20;

const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 1) => Number(value.toFixed(digits));
const p95 = (times) => round(percentile(times, 95));
const emailOf = (id) => `n${id}@network.example`;
const NETWORK_PASSWORD = 'network-password-1';

/** A fresh database for `driver` (lib.mjs). */
const openTarget = (driver) => openBenchTarget(driver, ADMIN_URL, 'network');

/** Runs the generator on the target's database (lib.mjs). */
const generate = (target, partners, deepLeg) => generateNetwork(ROOT, target, partners, deepLeg);

/** Signs a generated partner in and funds them. */
async function partner(base, admin, id) {
  const { token } = await json(base, 'POST', '/api/v1/accounts/login/', {
    email: emailOf(id),
    password: NETWORK_PASSWORD,
  });
  await fund(base, admin, id);
  return { id, token };
}

/** The dearest tariff, bought through the API (request, then confirm). */
async function buyTariff(base, token, packageId) {
  const request = await json(
    base,
    'POST',
    '/api/v1/mlm/package/purchase/request/',
    { package_id: packageId, mentor_confirmed: true, terms_accepted: true },
    token,
  );
  await buy(base, token, '/api/v1/mlm/package/purchase/confirm/', { request_id: request.request_id });
}

/**
 * A network on a fresh database of `driver`, generated, and a server started on it; its buyers
 * (funded, their uplines holding the dearest tariff) and the product they buy.
 */
async function openNetwork(driver, partners, deepLeg) {
  const target = await openTarget(driver);
  log(driver, `generating ${partners} partners, a leg ${deepLeg} deep`);
  const { ms, result: network } = await timed(() => generate(target, partners, deepLeg));
  log(
    driver,
    `generated in ${round(network.seconds)} s (${round(ms / 1000)} s with migrating); starting the server`,
  );
  const { pids, ...env } = target.env;
  // On PostgreSQL the server runs as deployed on one machine: a worker per core (README.md).
  const server = await startProcess(
    [join(ROOT, 'apps/server/dist/main.js')],
    driver === 'postgres' ? { ...env, WORKERS: POSTGRES_WORKERS } : env,
  );
  const close = async () => {
    await server.stop();
    await target.drop();
  };
  try {
    const base = server.base;
    const admin = await adminToken(base);
    // Every upline of the buyers (the leader, the line) holds the dearest tariff.
    const packages = await json(base, 'GET', '/api/v1/mlm/packages/', undefined, admin);
    const dearest = [...packages].sort((a, b) => Number(b.price) - Number(a.price))[0];
    log(driver, `the uplines buy the ${dearest.name} tariff`);
    for (const id of [network.leaderId, ...network.lineIds.slice(0, -1)]) {
      const upline = await partner(base, admin, id);
      await buyTariff(base, upline.token, dearest.id);
    }
    const catalogue = await json(base, 'GET', '/api/v1/products/', undefined, admin);
    const product = catalogue.find((item) => item.code === 'virtual-node-100');
    const atDepth = (depth) => network.deepLegIds[depth - network.leaderDepth - 1];
    const deepDepth = Math.min(DEEP_LEG, network.leaderDepth + deepLeg);
    return {
      server,
      pids,
      network,
      product,
      deepDepth,
      generateSeconds: round(network.seconds),
      lineBottom: await partner(base, admin, network.lineIds.at(-1)),
      shallow: await partner(base, admin, atDepth(SHALLOW)),
      deep: await partner(base, admin, atDepth(deepDepth)),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Buyers (`{ server, product, token }`) buy once a round, in turn: the times of each, after a warm-up. */
async function purchaseTimes(buyers) {
  const times = buyers.map(() => []);
  for (let turn = 0; turn < WARM_UP + SAMPLES; turn++) {
    for (const [index, { server, product, token }] of buyers.entries()) {
      const { ms } = await timed(() =>
        buy(server.base, token, '/api/v1/payments/process_purchase_by_unit/', {
          product_id: product.id,
          units: 1,
        }),
      );
      if (turn >= WARM_UP) times[index].push(ms);
    }
  }
  return times;
}

/**
 * The small and the large network of one driver, both served at once, so that every measure
 * compares calls made in turn (the machine's other load falls on both alike).
 */
async function benchDriver(driver) {
  const small = await openNetwork(driver, SMALL, Math.min(DEEP_LEG, Math.floor(SMALL / 4)));
  let large;
  try {
    large = await openNetwork(driver, PARTNERS, DEEP_LEG);
    const on = (network, buyer) => ({ server: network.server, product: network.product, token: buyer.token });
    log(driver, `purchases, ${SAMPLES} rounds of 4`);
    const [smallLine, largeLine, shallow, deep] = await purchaseTimes([
      on(small, small.lineBottom),
      on(large, large.lineBottom),
      on(large, large.shallow),
      on(large, large.deep),
    ]);
    // Registrations, in turn: under the leader (the end of a leg thousands deep), and under a
    // fresh mentor: a partner just registered, who places on the right, where nobody is yet.
    log(driver, `registrations, ${SAMPLES} rounds of 2`);
    const base = large.server.base;
    const deepSignUps = [];
    const freshSignUps = [];
    for (let index = 0; index < WARM_UP + SAMPLES; index++) {
      const fresh = await register(base, 'fresh', index);
      await json(base, 'POST', '/api/v1/mlm/set-binary-structure-side/', { side: 'right' }, fresh.token);
      const underLeader = await timed(() => register(base, 'leg', index, `N${large.network.leaderId}`));
      const underFresh = await timed(() => register(base, 'invitee', index, fresh.user.referral_id));
      if (index < WARM_UP) continue;
      deepSignUps.push(underLeader.ms);
      freshSignUps.push(underFresh.ms);
    }
    let concurrent;
    if (driver === 'postgres') {
      log(driver, '8 clients against 1');
      concurrent = await concurrency({
        servers: [large.server],
        groups: async () => ({
          server: processTree(large.server.child.pid),
          postgres: await large.pids(),
          client: [process.pid],
        }),
      });
    }
    return {
      generateSeconds: { small: small.generateSeconds, large: large.generateSeconds },
      deepDepth: large.deepDepth,
      purchases: { smallLine, largeLine, shallow, deep },
      registrations: { deepSignUps, freshSignUps },
      concurrency: concurrent,
    };
  } finally {
    await large?.close();
    await small.close();
  }
}

log('building the server');
buildServer(ROOT);
const started = Date.now();
const results = {};
for (const driver of TARGETS) results[driver] = await benchDriver(driver);

const ratio = (a, b) => round(a / b, 2);
const lines = [
  `Network benchmark: ${SMALL} and ${PARTNERS} partners, a leg ${DEEP_LEG} deep, ${SAMPLES} samples (${Math.round((Date.now() - started) / 1000)} s)`,
  '',
  '| measure | ' + TARGETS.join(' | ') + ' | goal |',
  '| --- | ' + TARGETS.map(() => '---').join(' | ') + ' | --- |',
];
const row = (name, pick, goal = '') =>
  lines.push(`| ${name} | ${TARGETS.map((driver) => pick(results[driver]) ?? '').join(' | ')} | ${goal} |`);
row(`generation, ${SMALL} partners (s)`, (r) => r.generateSeconds.small);
row(`generation, ${PARTNERS} partners (s)`, (r) => r.generateSeconds.large);
row(`purchase p95, binary depth ${SHALLOW} (ms)`, (r) => p95(r.purchases.shallow));
row(`purchase p95, binary depth ${results[TARGETS[0]].deepDepth} (ms)`, (r) => p95(r.purchases.deep));
row('ratio deep / shallow', (r) => ratio(p95(r.purchases.deep), p95(r.purchases.shallow)), '<= 2');
row(`purchase p95, ${SMALL} partners (ms)`, (r) => p95(r.purchases.smallLine));
row(`purchase p95, ${PARTNERS} partners (ms)`, (r) => p95(r.purchases.largeLine));
row(
  'ratio large / small network',
  (r) => ratio(p95(r.purchases.largeLine), p95(r.purchases.smallLine)),
  '<= 1.5',
);
row('registration p95, fresh mentor (ms)', (r) => p95(r.registrations.freshSignUps));
row(`registration p95, mentor with a leg ${DEEP_LEG} deep (ms)`, (r) => p95(r.registrations.deepSignUps));
row(
  'ratio deep leg / fresh',
  (r) => ratio(p95(r.registrations.deepSignUps), p95(r.registrations.freshSignUps)),
  '<= 1.2',
);
row('purchases/s, 1 client', (r) => r.concurrency && round(r.concurrency.one.perSecond));
row('purchases/s, 8 clients', (r) => r.concurrency && round(r.concurrency.many.perSecond));
row(
  'ratio 8 clients / 1',
  (r) => r.concurrency && ratio(r.concurrency.many.perSecond, r.concurrency.one.perSecond),
  '>= 2.5 (PostgreSQL)',
);
console.log(lines.join('\n'));
const p50s = (times) =>
  Object.fromEntries(Object.entries(times).map(([name, list]) => [name, round(percentile(list, 50))]));
console.log(
  '\n' +
    JSON.stringify(
      Object.fromEntries(
        Object.entries(results).map(([driver, r]) => [
          driver,
          { p50: { ...p50s(r.purchases), ...p50s(r.registrations) }, concurrency: r.concurrency },
        ]),
      ),
      null,
      2,
    ),
);
