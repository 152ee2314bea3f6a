// The fold's engine alone, in memory (docs/performance.md "The fold"): `npm run bench:engine`.
//
// The shape of `bench/fold.mjs`'s paying block without the database: a leg 5,000 deep under a
// leader who invited all of it, 50 partners spread down it with the 45,000 tariff and their binary
// active, more unpaid volume on their right than the purchases bring; its bottom buys virtual
// nodes of 100 USDT, each paying the invite, 50 binary bonuses and their matching (about 150
// postings). A fresh state for every 500 events, as the server loads one per batch. Prints the
// microseconds of `foldEvent` an event, for each of `--rounds` runs of `--events`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '4' },
    depth: { type: 'string', default: '5000' },
    payers: { type: 'string', default: '50' },
  },
});
const [EVENTS, ROUNDS, DEPTH, PAYERS] = [values.events, values.rounds, values.depth, values.payers].map(
  Number,
);
const BATCH = 500;
const USDT = 1_000_000n;

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-engine-'));
const outfile = join(dir, 'engine.mjs');
await build({
  entryPoints: [join(ROOT, 'packages/compensation/src/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile,
  logLevel: 'warning',
});
const { FoldState, foldEvent, newPartner, PLAN_V1 } = await import(pathToFileURL(outfile).href);
rmSync(dir, { recursive: true, force: true });

/** The leg and its payers; `legs`: the counters a batch before left (by partner). */
function state(legs) {
  const held = new FoldState({ complete: true });
  held.setTree('0', { mentorId: null, parent: null, root: true });
  held.addPartner(newPartner('0', true));
  for (let index = 1; index <= DEPTH + 1; index++) {
    const id = String(index);
    held.setTree(id, { mentorId: index === 1 ? '0' : '1', parent: { id: String(index - 1), leg: 'left' } });
    held.addPartner(newPartner(id));
  }
  for (let payer = 0; payer < PAYERS; payer++) {
    const id = String(1 + Math.floor((payer * DEPTH) / PAYERS));
    const partner = held.partner(id);
    partner.window = {
      key: `w${id}`,
      userId: id,
      cap: 10n ** 15n,
      filled: 0n,
      code: 'tariff-45000',
      productId: '1',
      depth: 10,
      price: 45_000n * USDT,
      openedAt: new Date(0),
      closedAt: null,
    };
    Object.assign(partner.legs, { active: true, rightUnpaid: 10n ** 14n, rightTotal: 10n ** 14n });
  }
  for (const [id, kept] of legs) held.partner(id).legs = kept;
  return held;
}

let events = 0;
for (let round = 1; round <= ROUNDS; round++) {
  let held;
  let postings = 0;
  let nanoseconds = 0n;
  for (let index = 0; index < EVENTS; index++) {
    if (index % BATCH === 0)
      held = state(held ? [...held.partners.values()].map((partner) => [partner.id, partner.legs]) : []);
    const id = String(++events);
    const event = {
      kind: 'purchase',
      id,
      at: new Date(1_700_000_000_000 + events * 1000),
      purchaseId: id,
      buyerId: String(DEPTH + 1),
      productKind: 'virtual_node',
      bv: 100n * USDT,
      listPrice: 100n * USDT,
      netPrice: 100n * USDT,
    };
    const started = process.hrtime.bigint();
    postings += foldEvent(PLAN_V1, held, event).length;
    nanoseconds += process.hrtime.bigint() - started;
  }
  const perEvent = Number(nanoseconds) / 1000 / EVENTS;
  console.log(
    `round ${round}: ${EVENTS} events, ${(postings / EVENTS).toFixed(1)} postings each, ${perEvent.toFixed(0)} µs an event`,
  );
}
