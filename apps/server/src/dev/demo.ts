import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createDevChain } from '../adapters/chain/dev-chain';
import type { TConfig } from '../config';
import { type Db, queryRows } from '../db/client';
import { hashPassword } from '../lib/passwords';
import { drainFold } from '../modules/compensation/service';
import { createWatcher } from '../modules/deposits/watcher';
import { ledgerHealth } from '../modules/ledger/service';
import { drainTeamCounters } from '../modules/team-stats/service';
import { createSessions } from '../modules/sessions/service';
import { movePhase, phaseStart, spreadJoins } from './history';
import { generateNetwork, NETWORK_PASSWORD } from './network';

/** The demo partner a newcomer signs in as (README.md "A company to look at"). */
export const DEMO_PARTNER = {
  email: 'demo@example.com',
  password: 'demo-password-1',
  financePassword: 'demo-finance-1',
};

/** Where the demo's withdrawals go: a well-formed BEP-20 address nobody is meant to own. */
const WITHDRAWAL_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const SHIPPING = {
  full_name: 'Demo Partner',
  phone: '+351 912 345 678',
  country: 'pt',
  city: 'Lisbon',
  address: 'Rua Augusta 1',
  postcode: '1100-048',
};

/** How far back the demo's history goes, and in how many monthly phases its tariffs are bought. */
const HISTORY_DAYS = 365;
const MONTHS = 12;
const DAY_MS = 86_400_000;

/** The tariffs buyers pick, with their weights (most buy small, a few big). */
const TARIFF_MIX: [code: string, weight: number][] = [
  ['tariff-50', 30],
  ['tariff-500', 35],
  ['tariff-1500', 20],
  ['tariff-3000', 10],
  ['tariff-7500', 5],
];

export type TDemoOptions = {
  /** Partners in the company, the demo partner included. */
  partners: number;
  /** The random stream of the network and of who buys what. */
  seed?: number;
  onProgress?: (message: string) => void;
};

export type TDemoSummary = {
  demo: { id: number; email: string; password: string };
  partners: number;
  tariffs: number;
  orders: number;
  virtualNodes: number;
  tokenPacks: number;
  withdrawals: number;
  volumeEvents: number;
  ledgerBalanced: boolean;
};

export class DemoExistsError extends Error {
  constructor() {
    super(`The database already holds the demo company (${DEMO_PARTNER.email}).`);
  }
}

/** Whether the demo partner is in the database already. */
export async function demoExists(db: Db): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from users where lower(email) = ${DEMO_PARTNER.email}`,
  );
  return rows.length > 0;
}

/** A small seeded generator (Park-Miller): numbers in [0, 1). */
function random(seed: number): () => number {
  let state = (Math.abs(Math.floor(seed)) % 2147483646) + 1;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

/**
 * The address the seed's calls come from: TEST-NET-1 (RFC 5737), which no visitor uses, so its
 * sign-ups never count against the per-address limit of someone signing up from this machine
 * right after (the limit's counters live in the database).
 */
export const SEED_ADDRESS = '192.0.2.1';

type TBuyer = { id: number; token: string; tariff: string; extra: number; order: boolean; withdraw: boolean };

/**
 * Fills the database behind `app` with a demo company: a generated network of `partners`
 * (dev/network.ts) whose leader becomes the demo partner, a few sign-ups on the demo's right leg
 * through the registration call, then real activity through the API, as partners would do it:
 * USDT deposits paid on the development chain and credited by the deposit watcher, tariff
 * purchases (request and confirm), device orders paid from the balance, a virtual node, a token
 * pack, withdrawal requests; last, the bonus fold is drained, which pays every bonus of that
 * activity (binary, matching, ranks included), and the team counter worker (modules/team-stats). No money is written by hand: every amount goes through
 * the services and the ledger.
 *
 * A history of a year (dev/history.ts): the company's sign-ups are dated over the past 12 months,
 * the tariffs are bought in 12 monthly phases (each moved back to its month before the bonus fold
 * reads it, and the fold's bonuses with it), and the last activity (device orders, a virtual
 * node, a token pack, withdrawal requests) is today's.
 *
 * `app` is the server built on `db` with `config` (the development chain on, jobs off); no other
 * process may write to the database meanwhile.
 */
export async function seedDemo(
  app: FastifyInstance,
  deps: { db: Db; config: TConfig },
  options: TDemoOptions,
): Promise<TDemoSummary> {
  const { db, config } = deps;
  const progress = options.onProgress ?? (() => undefined);
  if (!config.chain.dev || config.chain.rpcUrl)
    throw new Error(
      'The demo pays its deposits on the development chain: set DEV_CHAIN=true (never in production)',
    );
  if (!Number.isInteger(options.partners) || options.partners < 100)
    throw new Error('The demo company needs at least 100 partners');
  if (await demoExists(db)) throw new DemoExistsError();
  const next = random(options.seed ?? 1);
  // The calendar: the company starts a year ago; the tariffs of month k are bought MONTHS - k
  // months (of 30 days) ago.
  const seedStart = await phaseStart(db);
  const historyStart = new Date(seedStart.getTime() - HISTORY_DAYS * DAY_MS);
  const monthOf = (k: number) => new Date(seedStart.getTime() - (MONTHS - k) * 30 * DAY_MS);

  // The network: the right leg of the demo is added below by real sign-ups.
  const rightLeg = Math.min(40, Math.max(8, Math.floor(options.partners / 50)));
  const deepLeg = Math.min(40, Math.floor(options.partners / 10));
  const network = await generateNetwork(db, {
    partners: options.partners - rightLeg,
    deepLeg,
    line: Math.min(20, Math.floor(options.partners / 10)),
    seed: options.seed ?? 1,
    onProgress: progress,
  });
  const demoId = network.leaderId;
  await db.execute(sql`
    update users set email = ${DEMO_PARTNER.email}, first_name = 'Demo', last_name = 'Partner',
                     password_hash = ${await hashPassword(DEMO_PARTNER.password)}
    where id = ${demoId}`);

  const sessions = createSessions({ db, config });
  const tokenOf = (userId: number) => sessions.issue(userId, { ip: '127.0.0.1', userAgent: 'seed-demo' });
  const api = async <T = unknown>(
    url: string,
    body: unknown,
    token: string | null,
    expected = [200, 201],
    method: 'POST' | 'PATCH' = 'POST',
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: SEED_ADDRESS,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    });
    if (!expected.includes(response.statusCode))
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return JSON.parse(response.body) as T;
  };

  const demoToken = await tokenOf(demoId);
  const me = await api<{ referral_id: string }>('/api/v1/accounts/info/', {}, demoToken);
  // The leader's own invitees all went down the left leg: the right one gets new sign-ups.
  await api('/api/v1/mlm/set-binary-structure-side/', { side: 'right' }, demoToken);
  const registered: number[] = [];
  for (let index = 1; index <= rightLeg; index++) {
    const email = `demo-right-${index}@example.com`;
    const answer = await api<{ user: { id: number } }>(
      '/api/v1/accounts/register/',
      {
        email,
        password: DEMO_PARTNER.password,
        password_confirm: DEMO_PARTNER.password,
        first_name: 'Right',
        last_name: `Partner ${index}`,
        phone: `+3519${String(index).padStart(8, '0')}`,
        country: 'Portugal',
        country_code: 'PT',
        promocode: me.referral_id,
      },
      null,
    );
    registered.push(answer.user.id);
  }
  await api('/api/v1/mlm/set-binary-structure-side/', { side: 'left' }, demoToken);
  progress(`${rightLeg} sign-ups on the demo's right leg`);

  // Who buys: the demo, their first line, the right leg, and a random share of everyone else.
  const weights = TARIFF_MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const pickTariff = () => {
    let ticket = next() * weights;
    for (const [code, weight] of TARIFF_MIX) if ((ticket -= weight) < 0) return code;
    return TARIFF_MIX[0]![0];
  };
  const chosen = new Set<number>([...network.deepLegIds, ...network.lineIds.slice(0, 10), ...registered]);
  const wanted = Math.min(400, Math.floor(options.partners / 8));
  for (let tries = 0; chosen.size < wanted && tries < wanted * 10; tries++)
    chosen.add(network.firstId + 1 + Math.floor(next() * (network.lastId - network.firstId)));
  chosen.delete(demoId);
  const buyers: TBuyer[] = [
    { id: demoId, token: demoToken, tariff: 'tariff-7500', extra: 3000, order: true, withdraw: true },
  ];
  for (const id of [...chosen].sort((a, b) => a - b)) {
    const order = next() < 0.04;
    const withdraw = next() < 0.08;
    buyers.push({
      id,
      token: await tokenOf(id),
      // The right leg buys bigger tariffs: the demo's weaker leg reaches a rank at any size.
      tariff: registered.includes(id) ? (id % 2 ? 'tariff-3000' : 'tariff-1500') : pickTariff(),
      extra: (order ? 1000 : 0) + (withdraw ? 50 : 0),
      order,
      withdraw,
    });
  }
  const productIds = new Map(
    (
      await queryRows<{ id: string; code: string }>(
        db,
        sql`select id::text as id, code from products where code like 'tariff-%' or code in ('virtual-node-100', 'token-pack-1y', 'device')`,
      )
    ).map((row) => [row.code, Number(row.id)]),
  );
  for (const code of [...TARIFF_MIX.map(([tariff]) => tariff), 'virtual-node-100', 'token-pack-1y', 'device'])
    if (!productIds.has(code)) throw new Error(`The catalogue has no ${code}`);

  // Everything so far (the network, the right leg's sign-ups) happened when the company started.
  await movePhase(db, seedStart, historyStart.getTime() - seedStart.getTime());

  // Deposits on the development chain, credited by the watcher, then the tariffs, a month at a
  // time: each month is moved back to its date, then folded (its bonuses, dated just after).
  const chain = createDevChain({ db, chain: config.chain });
  const watcher = createWatcher({ db, config: { ...config, chain: { ...config.chain, pollMs: 0 } }, chain });
  let tariffs = 0;
  let volumeEvents = 0;
  const perMonth = Math.ceil(buyers.length / MONTHS);
  const joinAnchors = [{ id: network.firstId, at: historyStart }];
  for (let month = 0; month < MONTHS; month++) {
    const batch = buyers.slice(month * perMonth, (month + 1) * perMonth);
    if (batch.length === 0) break;
    const started = await phaseStart(db);
    const shift = monthOf(month).getTime() - started.getTime();
    const quotes: string[] = [];
    for (const buyer of batch) {
      const quote = await api<{ request_id: string; total: string }>(
        '/api/v1/mlm/package/purchase/request/',
        { package_id: productIds.get(buyer.tariff), mentor_confirmed: true, terms_accepted: true },
        buyer.token,
      );
      quotes.push(quote.request_id);
      const amount = (Number(quote.total) + buyer.extra).toFixed(2);
      const invoice = await api<{ address: string }>(
        '/api/v1/payments/get_or_create_invoice/',
        { purpose: 'deposit', currency: 'USDT', amount },
        buyer.token,
      );
      await chain.transfer({ to: invoice.address, currency: 'USDT', amount });
    }
    await chain.mine(config.chain.confirmations);
    await watcher.run();
    for (const [index, buyer] of batch.entries()) {
      await api('/api/v1/mlm/package/purchase/confirm/', { request_id: quotes[index] }, buyer.token);
      tariffs++;
    }
    await movePhase(db, started, shift);
    const folded = await phaseStart(db);
    volumeEvents += await drainFold(db, config.fold.batchSize);
    await drainTeamCounters(db);
    await movePhase(db, folded, shift);
    // The generated partners of this month joined before it (the right leg's ids come after).
    const joined = Math.max(...batch.map((buyer) => (buyer.id <= network.lastId ? buyer.id : 0)));
    if (joined > joinAnchors.at(-1)!.id)
      joinAnchors.push({ id: joined, at: new Date(monthOf(month).getTime() - 2 * DAY_MS) });
    progress(`tariffs ${tariffs}/${buyers.length}, dated ${monthOf(month).toISOString().slice(0, 10)}`);
  }
  // The rest of the generated partners joined since, up to yesterday.
  if (network.lastId > joinAnchors.at(-1)!.id)
    joinAnchors.push({ id: network.lastId, at: new Date(seedStart.getTime() - DAY_MS) });
  await spreadJoins(db, joinAnchors);

  // Device orders, a virtual node and a token pack, withdrawals requested.
  let orders = 0;
  let withdrawals = 0;
  for (const buyer of buyers) {
    if (buyer.order) {
      await api(
        '/api/v1/products/create_order/',
        { product_id: productIds.get('device'), quantity: 1, shipping: SHIPPING, pay_from_balance: true },
        buyer.token,
      );
      orders++;
    }
    if (buyer.withdraw) {
      await api(
        '/api/v1/accounts/info/',
        {
          finance_password: DEMO_PARTNER.financePassword,
          password: buyer.id === demoId ? DEMO_PARTNER.password : networkPassword(buyer.id, registered),
        },
        buyer.token,
        [200],
        'PATCH',
      );
      await api(
        '/api/v1/withdraw/request/',
        {
          currency: 'USDT',
          network: 'BEP-20',
          address: WITHDRAWAL_ADDRESS,
          amount: buyer.id === demoId ? '250' : '40',
          finance_password: DEMO_PARTNER.financePassword,
        },
        buyer.token,
      );
      withdrawals++;
    }
  }
  await api('/api/v1/virtual_node/purchase/', { product_id: productIds.get('virtual-node-100') }, demoToken);
  const rate = await api<{ quote_id: string }>('/api/v1/mlm/usdt_dexnet_rate/', {}, demoToken);
  await api(
    '/api/v1/token_pack/purchase/',
    { product_id: productIds.get('token-pack-1y'), amount: '100', quote_id: rate.quote_id },
    demoToken,
  );
  progress(`${orders} device orders, ${withdrawals} withdrawals, a virtual node and a token pack`);

  // The bonus fold: the bonuses of today's purchases.
  volumeEvents += await drainFold(db, config.fold.batchSize);
  progress(`bonus fold: ${volumeEvents} events folded`);
  // The team counters: the right leg's sign-ups, the nodes and the tariff purchases.
  await drainTeamCounters(db);
  progress('team counters folded');
  const health = await ledgerHealth(db);
  return {
    demo: { id: demoId, email: DEMO_PARTNER.email, password: DEMO_PARTNER.password },
    partners: options.partners,
    tariffs,
    orders,
    virtualNodes: 1,
    tokenPacks: 1,
    withdrawals,
    volumeEvents,
    ledgerBalanced: health.ok,
  };
}

/** The sign-in password of a partner the demo made: the right leg's, else the generator's. */
function networkPassword(id: number, registered: number[]): string {
  return registered.includes(id) ? DEMO_PARTNER.password : NETWORK_PASSWORD;
}
