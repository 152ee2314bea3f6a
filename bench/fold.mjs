// The fold's benchmark (docs/performance.md "The fold"): `npm run bench:fold`.
//
// On PostgreSQL, side by side in one run: a network of 1,000 partners (its spillover leg 900
// deep: a leg of 5,000 needs more partners than that) and one of 1,000,000 (the leg 5,000 deep),
// each written by the generator (dist/dev/generate-network.js) into a database of its own, then
// dist/dev/fold-bench.js on it (apps/server/src/dev/fold-bench.ts says what it sets up): the
// events per second the fold takes when the buyer's ancestors' binary waits, and when 50 of them
// pay a binary bonus (and its matching) on every event; then a burst of 500 purchases from 8
// connections while the fold runs beside them: how long each purchase's bonuses take to show;
// the replay audit's time.
// Goals (issue 19): at least 300 events a second with 50 paying ancestors; 1,000,000 partners
// within 1.5x of 1,000; every bonus of the burst shown within 5 seconds.
//
// Options: --partners N (1000000), --small N (1000), --deep-leg N (5000), --events N (2000).
// BENCH_NODE_ARGS: node's options for fold-bench.js (`--cpu-prof --cpu-prof-dir=/tmp/prof`).
// BENCH_DATABASE_URL: where the bench makes (and drops) its databases; default
// postgres://postgres@127.0.0.1:5432/test.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, generateNetwork, openBenchTarget } from './lib.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '1000' },
    'deep-leg': { type: 'string', default: '5000' },
    events: { type: 'string', default: '2000' },
  },
});

const log = (...parts) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);
const round = (value, digits = 1) => Number(value.toFixed(digits));

/** A network of `partners` (its leg `deepLeg` deep), then the fold's benchmark on it. */
async function measure(partners, deepLeg) {
  const target = await openBenchTarget('postgres', ADMIN_URL, `fold${partners}`);
  try {
    log(`${partners} partners, a leg ${deepLeg} deep: generating`);
    const network = await generateNetwork(ROOT, target, partners, deepLeg);
    const file = join(tmpdir(), `fold-network-${process.pid}-${partners}.json`);
    writeFileSync(file, JSON.stringify(network));
    log(`${partners} partners: folding`);
    const { pids: _, ...env } = target.env;
    const output = execFileSync(
      process.execPath,
      [
        ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
        join(ROOT, 'apps/server/dist/dev/fold-bench.js'),
        ...['--network', file, '--events', values.events],
      ],
      { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    return { generateSeconds: network.seconds, ...JSON.parse(output) };
  } finally {
    await target.drop();
  }
}

async function main() {
  log('building the server');
  buildServer(ROOT);
  const small = await measure(
    Number(values.small),
    Math.min(Number(values['deep-leg']), Number(values.small) - 100),
  );
  const large = await measure(Number(values.partners), Number(values['deep-leg']));
  console.log(JSON.stringify({ small, large }, null, 2));
  console.log('');
  console.log(`| measure | ${values.small} partners | ${values.partners} partners | goal |`);
  console.log('| --- | --- | --- | --- |');
  console.log(`| the leg's depth (the buyer's ancestors) | ${small.depth} | ${large.depth} | |`);
  console.log(
    `| events/s, binary waiting (invite and matching paid) | ${round(small.waiting.perSecond)} | ${round(large.waiting.perSecond)} | |`,
  );
  console.log(
    `| events/s, ${small.payers} ancestors paying binary | ${round(small.paying.perSecond)} | ${round(large.paying.perSecond)} | >= 300 |`,
  );
  console.log(
    `| payouts per event, paying | ${round(small.paying.payoutsPerEvent)} | ${round(large.paying.payoutsPerEvent)} | |`,
  );
  console.log(
    `| ratio ${values.small} / ${values.partners} (events/s, paying) | | ${round(small.paying.perSecond / large.paying.perSecond, 2)} | <= 1.5 |`,
  );
  const lag = (run) => `${run.burst.lagMs.p50} / ${run.burst.lagMs.p95} / ${run.burst.lagMs.max}`;
  console.log(
    `| a burst of ${small.burst.purchases} purchases from ${small.burst.writers} connections, paying: bonuses shown after (ms, p50 / p95 / max) | ${lag(small)} | ${lag(large)} | max <= 5000 |`,
  );
  console.log(
    `| replay audit (ms; events, partners) | ${small.audit.ms} (${small.audit.events}, ${small.audit.partners}) | ${large.audit.ms} (${large.audit.events}, ${large.audit.partners}) | no difference: ${small.audit.differences + large.audit.differences === 0} |`,
  );
}

await main();
