// The team views benchmark (docs/performance.md "Team views at scale"): `npm run bench:team`.
//
// Side by side, in one run, on PGlite and on PostgreSQL, against the built server: a network
// written by the generator (apps/server/src/dev/network.ts, through dist/dev/generate-network.js),
// then real HTTP calls to the server started on it, each team call timed for the leader at the top
// (invited by the company root: the whole network is below them) and for a partner with about 100
// in their binary downline, turn by turn (p50 and p95 of each, the ratio of the p95s; goal: 1.5 at
// most). Then the downline search through the API against an unindexed scan of the same question
// (the same filter on an expression the trigram index does not cover, run on the same database
// once the server has stopped; goal: search / scan 0.25 at most), and the same question in SQL
// with the index (what the query costs without the HTTP call and the rows' details).
//
// Options: --partners N (1000000), --deep-leg N (5000), --samples N (timed calls per measure, 50),
// --targets pglite,postgres. BENCH_DATABASE_URL: where the bench makes (and drops) its databases;
// default postgres://postgres@127.0.0.1:5432/test.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import {
  buildServer,
  generateNetwork,
  json,
  openBenchTarget,
  percentile,
  startProcess,
  timed,
} from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '1000000' },
    'deep-leg': { type: 'string', default: '5000' },
    samples: { type: 'string', default: '50' },
    targets: { type: 'string', default: 'pglite,postgres' },
  },
});
const PARTNERS = Number(values.partners);
const DEEP_LEG = Number(values['deep-leg']);
const SAMPLES = Number(values.samples);
const TARGETS = values.targets.split(',');
const WARM_UP = 5;
/** The downline size of the small partner. */
const SMALL_TEAM = 100;
const NETWORK_PASSWORD = 'network-password-1';

const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 1) => Number(value.toFixed(digits));

/** The team calls: a name, the path and the body (api.md "Team"). */
const CALLS = (q) => [
  ['get-binary-object', '/api/v1/mlm/get-binary-object/', {}],
  ['get-binary-tree (depth 3)', '/api/v1/mlm/get-binary-tree/', { depth: 3 }],
  ['first-line/all', '/api/v1/mlm/first-line/all/', {}],
  ['get-registrations-tables/all', '/api/v1/mlm/get-registrations-tables/all/', {}],
  ['team-level (level 3)', '/api/v1/mlm/team-level/', { level: 3 }],
  ['structure_list', '/api/v1/mlm/structure_list/', {}],
  ['referral_structure_info', '/api/v1/mlm/referral_structure_info/', {}],
  ['get_qualification', '/api/v1/mlm/get_qualification/', {}],
  ['downline-search', '/api/v1/mlm/downline-search/', { q }],
];

/** SQL on the target's database while no server runs on it (PGlite) or beside it (PostgreSQL). */
async function openSql(target) {
  if (target.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir: join(target.dataDir, 'pglite'), extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

/**
 * The partner whose binary downline is nearest SMALL_TEAM, and a partner of that downline (the
 * search's question names them). Subtree sizes from the parent links: a child's id is always
 * above its parent's (the generator places in id order).
 */
async function smallPartner(sql, firstId) {
  const { rows } = await sql.query(
    'select id::int as id, coalesce(binary_parent_id, 0)::int as parent from users order by id',
  );
  const maxId = rows.at(-1).id;
  const size = new Int32Array(maxId + 1);
  const parent = new Int32Array(maxId + 1);
  for (const row of rows) {
    size[row.id] = 1;
    parent[row.id] = row.parent;
  }
  for (let id = maxId; id > 0; id--) if (parent[id] > 0) size[parent[id]] += size[id];
  let best = firstId;
  for (let id = firstId; id <= maxId; id++)
    if (Math.abs(size[id] - 1 - SMALL_TEAM) < Math.abs(size[best] - 1 - SMALL_TEAM)) best = id;
  // The member of that downline with the highest id (its subtree ends the walk up at `best`).
  let member = best;
  for (let id = maxId; id > best && member === best; id--) {
    let at = id;
    while (at > best) at = parent[at];
    if (at === best) member = id;
  }
  return { id: best, downline: size[best] - 1, member };
}

/**
 * The search's question in SQL: the text on the expression users_search_idx indexes, kept to the
 * leader's binary downline. `indexed: false` appends `|| ''` to the expression, which the index
 * does not cover: the same question answered by a scan of every partner.
 */
const searchSql = (indexed) => `
  with matched as materialized (
    select id, first_name, last_name, email from users
    where (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(username, ''))${indexed ? '' : " || ''"}) like $1)
  select * from matched where binary_under($2, id) order by id limit 20`;

/** Times of the search's question in SQL, with and without the index, in turn. */
async function sqlTimes(sql, q, topId) {
  const times = { indexed: [], scan: [] };
  let found = 0;
  for (let turn = 0; turn < WARM_UP + SAMPLES; turn++) {
    for (const kind of ['indexed', 'scan']) {
      const { ms, result } = await timed(() =>
        sql.query(searchSql(kind === 'indexed'), [`%${q.toLowerCase()}%`, topId]),
      );
      if (turn >= WARM_UP) times[kind].push(ms);
      found = result.rows.length;
    }
  }
  return { ...times, found };
}

async function benchDriver(driver) {
  const target = await openBenchTarget(driver, ADMIN_URL, 'team');
  let server;
  try {
    log(driver, `generating ${PARTNERS} partners, a leg ${DEEP_LEG} deep`);
    const network = await generateNetwork(ROOT, target, PARTNERS, DEEP_LEG);
    log(driver, `generated in ${round(network.seconds)} s; finding a partner with about ${SMALL_TEAM} below`);
    let sql = await openSql(target);
    const small = await smallPartner(sql, network.firstId);
    await sql.close();
    const q = `Partner ${small.member}`;
    log(driver, `partner ${small.id} has ${small.downline} below; the search asks "${q}"`);

    const { pids: _, ...env } = target.env;
    server = await startProcess([join(ROOT, 'apps/server/dist/main.js')], env);
    const signIn = async (id) =>
      (
        await json(server.base, 'POST', '/api/v1/accounts/login/', {
          email: `n${id}@network.example`,
          password: NETWORK_PASSWORD,
        })
      ).token;
    const callers = { root: await signIn(network.leaderId), small: await signIn(small.id) };
    const results = {};
    for (const [name, path, body] of CALLS(q)) {
      const times = { root: [], small: [] };
      const answers = {};
      for (let turn = 0; turn < WARM_UP + SAMPLES; turn++) {
        for (const who of ['root', 'small']) {
          const { ms, result } = await timed(() => json(server.base, 'POST', path, body, callers[who]));
          if (turn >= WARM_UP) times[who].push(ms);
          answers[who] = result;
        }
      }
      results[name] = times;
      log(
        driver,
        name,
        `root p95 ${round(percentile(times.root, 95))} ms, small ${round(percentile(times.small, 95))} ms`,
      );
      if (name === 'downline-search')
        results.searchFound = {
          root: answers.root?.results?.length ?? 0,
          small: answers.small?.results?.length ?? 0,
        };
    }
    await server.stop();
    server = undefined;

    log(driver, 'the same question in SQL, with the trigram index and without');
    sql = await openSql(target);
    const scan = await sqlTimes(sql, q, network.leaderId);
    await sql.close();
    return { network, small, q, calls: results, scan };
  } finally {
    await server?.stop();
    await target.drop();
  }
}

log('building the server');
buildServer(ROOT);
const started = Date.now();
const results = {};
for (const driver of TARGETS) results[driver] = await benchDriver(driver);

const p = (times, n) => round(percentile(times, n));
const ratio = (a, b) => round(a / b, 2);
const lines = [
  `Team views benchmark: ${PARTNERS} partners, a leg ${DEEP_LEG} deep, ${SAMPLES} samples (${Math.round((Date.now() - started) / 1000)} s)`,
  '',
  ...TARGETS.map(
    (driver) =>
      `${driver}: the leader (id ${results[driver].network.leaderId}, the whole network below) against partner ${results[driver].small.id} (${results[driver].small.downline} below); the search asks "${results[driver].q}"`,
  ),
  '',
  '| call (p50 / p95 ms) | ' +
    TARGETS.map((driver) => `${driver} leader | ${driver} ~${SMALL_TEAM} | ${driver} p95 ratio`).join(' | ') +
    ' |',
  '| --- | ' + TARGETS.map(() => '--- | --- | ---').join(' | ') + ' |',
];
for (const [name] of CALLS('')) {
  const cells = TARGETS.map((driver) => {
    const { root, small } = results[driver].calls[name];
    return `${p(root, 50)} / ${p(root, 95)} | ${p(small, 50)} / ${p(small, 95)} | ${ratio(p(root, 95), p(small, 95))}`;
  });
  lines.push(`| ${name} | ${cells.join(' | ')} |`);
}
lines.push('', 'Goal: leader / ~100 at most 1.5.', '');
lines.push('| downline search, the leader (p50 / p95 ms) | ' + TARGETS.join(' | ') + ' | goal |');
lines.push('| --- | ' + TARGETS.map(() => '---').join(' | ') + ' | --- |');
const row = (name, pick, goal = '') =>
  lines.push(`| ${name} | ${TARGETS.map((driver) => pick(results[driver])).join(' | ')} | ${goal} |`);
row(
  'search through the API',
  (r) => `${p(r.calls['downline-search'].root, 50)} / ${p(r.calls['downline-search'].root, 95)}`,
);
row('the same question in SQL, indexed', (r) => `${p(r.scan.indexed, 50)} / ${p(r.scan.indexed, 95)}`);
row('the same question in SQL, unindexed scan', (r) => `${p(r.scan.scan, 50)} / ${p(r.scan.scan, 95)}`);
row(
  'ratio search through the API / scan (p50)',
  (r) => ratio(p(r.calls['downline-search'].root, 50), p(r.scan.scan, 50)),
  '<= 0.25',
);
row('ratio indexed SQL / scan (p50)', (r) => ratio(p(r.scan.indexed, 50), p(r.scan.scan, 50)));
row(
  'rows found: search (leader, ~100) / scan',
  (r) => `${r.calls.searchFound.root}, ${r.calls.searchFound.small} / ${r.scan.found}`,
);
console.log(lines.join('\n'));
