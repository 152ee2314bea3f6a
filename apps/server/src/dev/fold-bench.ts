// The fold's benchmark on a generated network (bench/fold.mjs runs it; docs/performance.md "The
// fold"): `node apps/server/dist/dev/fold-bench.js --network network.json --events 2000`.
//
// On the server's database (DATABASE_URL, else PGlite under DATA_DIR; no server running on it),
// after dev/generate-network.js wrote the network described by `--network` (its JSON):
// - 50 partners spread down the deep leg (`--payers`) hold the 45,000 tariff, each with two
//   partners they invited on their right (their binary active), who bought as much volume as the
//   timed purchases will bring on the left, and the leader (who invited the whole leg) holds one
//   too: every timed purchase then pays an invite, 50 binary bonuses and their matching;
// - the bottom of the deep leg buys `--events` virtual nodes of 100 USDT, recorded as the checkout
//   records them (money aside: paid 0), and the fold folds them, timed: events per second and what
//   it wrote. The leg is the heavier one of every payer here (it holds all the volume below), so
//   their binary waits: the invite and its matching are paid;
// - the replay audit over everything recorded, timed; it must find no difference;
// - then the payers' other legs get more unpaid volume than the purchases bring, written directly
//   (a mature network's: no tree gives 50 ancestors of one buyer the weaker leg by purchases alone),
//   and `--events` more purchases are folded, timed: each pays 50 binary bonuses and their matching;
// - last a burst: `--burst` purchases (500) by the `--writers` (8) partners at the bottom of the
//   leg, one connection each, all at once, while the fold runs beside them as its job does: for
//   each purchase, the time from its commit to the commit of the batch that folded it (p50, p95,
//   max), when all its bonuses show (goal: within 5 seconds).
// Prints one JSON object.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { arrayLiteral, createPglite, type Db, openDatabase, queryRows } from '../db/client';
import { bootstrapAccounts } from '../modules/accounts/bootstrap';
import { findProductByCode, type TProductRow } from '../modules/catalog/service';
import { cursorOf } from '../modules/compensation/events';
import { auditBonuses, drainFold, foldBacklog, foldBatch } from '../modules/compensation/service';
import { recordPurchase } from '../modules/purchases/service';

const { values } = parseArgs({
  options: {
    network: { type: 'string' },
    events: { type: 'string', default: '2000' },
    payers: { type: 'string', default: '50' },
    batch: { type: 'string', default: '500' },
    burst: { type: 'string', default: '500' },
    writers: { type: 'string', default: '8' },
  },
});
const EVENTS = Number(values.events);
const PAYERS = Number(values.payers);
const BATCH = Number(values.batch);
const BURST = Number(values.burst);
const WRITERS = Number(values.writers);
const USDT = 1_000_000n;
const log = (message: string) => console.error(`[fold-bench] ${message}`);

let references = 0;

/** A purchase as the checkout records it (its event for the fold), the money left out: its reference. */
async function purchase(db: Db, userId: number, product: TProductRow, price: bigint): Promise<string> {
  const reference = `fold-bench:${process.pid}:${++references}`;
  await db.transaction(async (tx) => {
    const tariff = product.kind === 'tariff';
    await recordPurchase(tx, {
      userId,
      product,
      pricing: { listPrice: price, discount: 0n, netPrice: price, priceId: product.priceId, discounts: [] },
      currency: 'USDT',
      paid: 0n,
      reference,
      ...(tariff
        ? {
            tariff: {
              kind: 'new' as const,
              productId: product.id,
              code: product.code,
              depth: Number(product.attributes.matching_depth ?? 0),
              price,
              capGrowth: price * 5n,
            },
          }
        : {}),
    });
  });
  return reference;
}

/**
 * A burst: `BURST` purchases by the `WRITERS` partners at the bottom of the leg (each below every
 * payer), one connection each, all at once, while
 * the fold runs as its job does (a batch, or a 100 ms rest when there is none). For each purchase,
 * the time from its commit to the commit of the batch that folded it: when its bonuses show.
 */
async function burst(db: Db, buyers: readonly number[], node: TProductRow) {
  const committed = new Map<string, number>();
  const folds: { at: number; xid: number; eventId: number }[] = [];
  let writing = true;
  const started = performance.now();
  const writers = buyers.map(async (buyer, writer) => {
    for (let index = writer; index < BURST; index += buyers.length) {
      const reference = await purchase(db, buyer, node, 100n * USDT);
      committed.set(reference, performance.now());
    }
  });
  const folder = (async () => {
    while (writing || (await foldBacklog(db)) > 0) {
      const batch = await db.transaction((tx) => foldBatch(tx, BATCH));
      if (batch === null || batch.folded === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const cursor = await cursorOf(db);
      folds.push({ at: performance.now(), xid: cursor.xid, eventId: cursor.eventId });
    }
  })();
  await Promise.all(writers);
  const written = performance.now();
  writing = false;
  await folder;
  const events = await queryRows<{ reference: string; xid: string; id: string }>(
    db,
    sql`select p.reference, e.xid::text as xid, e.id::text as id
        from compensation_events e join purchases p on p.id = e.purchase_id
        where p.reference = any(${arrayLiteral([...committed.keys()])}::text[])`,
  );
  const lags = events.map((event) => {
    const [xid, id] = [Number(event.xid), Number(event.id)];
    const fold = folds.find((item) => item.xid > xid || (item.xid === xid && item.eventId >= id));
    if (!fold) throw new Error(`The purchase ${event.reference} was not folded`);
    return fold.at - committed.get(event.reference)!;
  });
  lags.sort((a, b) => a - b);
  const at = (share: number) => Math.round(lags[Math.min(lags.length - 1, Math.floor(share * lags.length))]!);
  return {
    purchases: lags.length,
    writers: buyers.length,
    writeSeconds: (written - started) / 1000,
    batches: folds.length,
    lagMs: { p50: at(0.5), p95: at(0.95), max: Math.round(lags.at(-1)!) },
  };
}

/**
 * Two partners `payer` invites, placed one under the other at the bottom of the payer's right
 * outer leg (a binary is active once two personal invitees bought a tariff: compensation-plan.md).
 */
async function rightInvitees(db: Db, payer: number): Promise<number[]> {
  const [bottom] = await queryRows<{ id: number }>(
    db,
    sql`with recursive down(id, depth) as (
          select ${payer}::bigint, 0
          union all
          select u.id, d.depth + 1 from users u join down d on u.binary_parent_id = d.id and u.binary_position = 'right')
        select id::int from down order by depth desc limit 1`,
  );
  const made: number[] = [];
  let parent = bottom!.id;
  for (const n of [1, 2]) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into users (email, first_name, last_name, referral_id, mentor_id, binary_parent_id, binary_position)
          values (${`fold-${payer}-${n}@network.example`}, 'Fold', 'Right', ${`FOLD${payer}X${n}`}, ${payer}, ${parent}, 'right')
          returning id::int`,
    );
    made.push(row!.id);
    parent = row!.id;
  }
  return made;
}

async function main() {
  const network = JSON.parse(readFileSync(values.network!, 'utf8')) as {
    leaderId: number;
    deepLegIds: number[];
  };
  const config = loadConfig();
  const database =
    'url' in config.database
      ? openDatabase({ url: config.database.url, poolSize: WRITERS + 2 })
      : openDatabase({ pglite: await createPglite(config.database.dataDir) });
  const { db } = database;
  try {
    await database.migrate();
    await bootstrapAccounts(db, config);
    const leg = network.deepLegIds;
    const buyer = leg.at(-1)!;
    const step = Math.max(1, Math.floor((leg.length - 1) / PAYERS));
    const payers = Array.from({ length: Math.min(PAYERS, leg.length - 1) }, (_, index) => leg[index * step]!);
    const tariff = (await findProductByCode(db, 'tariff-45000'))!;
    const small = (await findProductByCode(db, 'tariff-500'))!;
    const node = (await findProductByCode(db, 'virtual-node-100'))!;

    log(`setup: ${payers.length} payers down a leg of ${leg.length}, their right partners, the leader`);
    await purchase(db, network.leaderId, tariff, 45000n * USDT);
    for (const payer of payers) {
      await purchase(db, payer, tariff, 45000n * USDT);
      const [first, second] = await rightInvitees(db, payer);
      await purchase(db, first!, small, 500n * USDT);
      await purchase(db, second!, small, 500n * USDT);
      await purchase(db, second!, node, BigInt(EVENTS) * 100n * USDT);
    }
    await drainFold(db, BATCH);

    /** `EVENTS` purchases by the bottom of the leg, folded, timed. */
    const timedFold = async () => {
      for (let index = 0; index < EVENTS; index++) await purchase(db, buyer, node, 100n * USDT);
      const [before] = await queryRows<{ n: number; binary: number }>(
        db,
        sql`select count(*)::int as n, count(*) filter (where bonus_type = 'binary')::int as binary from payouts`,
      );
      const started = process.hrtime.bigint();
      const folded = await drainFold(db, BATCH);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const [after] = await queryRows<{ n: number; binary: number }>(
        db,
        sql`select count(*)::int as n, count(*) filter (where bonus_type = 'binary')::int as binary from payouts`,
      );
      if ((await foldBacklog(db)) !== 0) throw new Error('The fold left events behind');
      return {
        events: folded,
        seconds,
        perSecond: folded / seconds,
        payoutsPerEvent: (after!.n - before!.n) / folded,
        binaryPerEvent: (after!.binary - before!.binary) / folded,
      };
    };

    log(
      `${EVENTS} purchases by the bottom of the leg, its ancestors' binary waiting (the leg is their heavier one)`,
    );
    const waiting = await timedFold();
    log('the replay audit over everything recorded');
    const audit = await auditBonuses(db);
    if (audit.differences !== 0) throw new Error(`The audit found ${audit.differences} differences`);

    // A mature network: each payer's other leg holds more unpaid volume than the purchases bring.
    // Written directly: no tree gives 50 ancestors of one buyer the weaker leg by purchases alone
    // (each one's leg holds the whole of the next one's subtree: volumes doubling at every level).
    // Their left leg's unpaid volume counts as paired (the weaker leg's), their right leg holds
    // more than the timed purchases bring.
    const extra = BigInt(EVENTS) * 1000n * USDT;
    await db.execute(
      sql`update binary_legs set paired_total = left_total, left_unpaid = 0,
                                right_total = left_total + ${extra}, right_unpaid = ${extra}
          where user_id = any(${`{${payers.join(',')}}`}::bigint[])`,
    );
    log(`${EVENTS} purchases by the bottom of the leg, ${payers.length} ancestors paying binary on each`);
    const paying = await timedFold();
    log(`a burst of ${BURST} purchases from ${WRITERS} connections, the fold running beside them`);
    const burstRun = await burst(db, leg.slice(-WRITERS), node);
    console.log(
      JSON.stringify({
        depth: leg.length,
        payers: payers.length,
        waiting,
        paying,
        burst: burstRun,
        audit: {
          ms: audit.ms,
          events: audit.events,
          postings: audit.postings,
          partners: audit.partners,
          differences: audit.differences,
        },
      }),
    );
  } finally {
    await database.close();
  }
}

await main();
