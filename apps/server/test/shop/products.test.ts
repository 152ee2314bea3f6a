import { packYearEnd, type TCurrency, tokenPackProfit, usdtToDxn } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  compensationEvents,
  ledgerAccounts,
  ledgerTransfers,
  nodes,
  purchases,
  rateQuotes,
  tokenPacks,
  walletOperations,
} from '../../src/schema';
import { createCatalog } from '../../src/modules/catalog/service';
import { createProducts, payDueTokenPacks } from '../../src/modules/products/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const BUY_NODE = '/api/v1/virtual_node/purchase/';
const MY_NODES = '/api/v1/virtual_node/my/';
const AVAILABLE = '/api/v1/mlm/virtual_node/available-for-upgrade/';
const UPGRADE = '/api/v1/virtual_node/upgrade/request/';
const BUY_PACK = '/api/v1/token_pack/purchase/';
const MY_PACKS = '/api/v1/token_pack/my/';
const QUOTE = '/api/v1/mlm/usdt_dexnet_rate/';
const SENTENCES = '/api/v1/products/product_sentences_set/';
const BY_UNIT = '/api/v1/payments/process_purchase_by_unit/';

/** A rate that does not divide evenly, so that rounding down shows. */
const RATE = '0.03';
const rated = () => testApp({ config: { rates: { ...testConfig().rates, dxnUsdt: RATE } } });

async function productId(app: TTestApp, code: string): Promise<number> {
  const { db } = app.database;
  return (await createCatalog({ db, amountMax: testConfig().amountMax }).findByCode(db, code))!.id;
}

const send = (app: TTestApp, url: string, partner: TPartner, body: unknown, key?: string) =>
  call(app, 'POST', url, {
    token: partner.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function account(app: TTestApp, userId: number, currency: TCurrency, purpose: string) {
  const [row] = await app.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.purpose, purpose),
      ),
    );
  return row?.balance ?? 0n;
}

async function funded(app: TTestApp, usdt: string) {
  const partner = await registerPartner(app);
  await adjust(app, partner.id, 'USDT', usdt);
  return partner;
}

describe('virtual nodes', () => {
  test('buying one pays its price from the balance and gives an active virtual node', async () => {
    const app = await testApp();
    const partner = await funded(app, '350');
    const tier2 = await productId(app, 'virtual-node-300');

    const bought = await send(app, BUY_NODE, partner, { product_id: tier2 }, 'buy-1');
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.purchase).toMatchObject({
      price: '300.000000',
      discount: '0.000000',
      total: '300.000000',
    });
    expect(bought.body.nodes).toHaveLength(1);
    expect(bought.body.nodes[0]).toMatchObject({ code: 'virtual-node-300', tier: 2, status: 'active' });
    expect((await balances(app, partner.token)).usdt).toBe('50.000000');

    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase).toMatchObject({ kind: 'virtual_node', netPrice: 300_000_000n, bv: 300_000_000n });
    const [node] = await app.database.db.select().from(nodes);
    expect(node).toMatchObject({ kind: 'virtual', userId: partner.id, purchaseId: purchase!.id });

    const mine = await call(app, 'GET', MY_NODES, { token: partner.token });
    expect(mine.body.map((item: { id: number }) => item.id)).toEqual([node!.id]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a double-submitted purchase with one Idempotency-Key charges once', async () => {
    const app = await testApp();
    const partner = await funded(app, '1000');
    const tier1 = await productId(app, 'virtual-node-100');
    const [first, second] = await Promise.all([
      send(app, BUY_NODE, partner, { product_id: tier1 }, 'same-key'),
      send(app, BUY_NODE, partner, { product_id: tier1 }, 'same-key'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    const third = await send(app, BUY_NODE, partner, { product_id: tier1 }, 'same-key');
    expect(third.body).toEqual(first.body);
    expect((await balances(app, partner.token)).usdt).toBe('900.000000');
    expect(await countRows(app, purchases)).toBe(1);
    expect(await countRows(app, nodes)).toBe(1);
    // The same key with another body is refused.
    const other = await send(app, BUY_NODE, partner, { product_id: tier1 + 1 }, 'same-key');
    expect(other.status).toBe(409);
  });

  test('short funds, another kind, an unknown product and a promo code are refused with their messages', async () => {
    const app = await testApp();
    const partner = await funded(app, '50');
    const tier1 = await productId(app, 'virtual-node-100');
    const short = await send(app, BUY_NODE, partner, { product_id: tier1 });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
    const tariff = await send(app, BUY_NODE, partner, { product_id: await productId(app, 'tariff-500') });
    expect(tariff.body).toEqual({ product_id: ['This product is not a virtual node.'] });
    const unknown = await send(app, BUY_NODE, partner, { product_id: 99999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Product not found.' });
    const promo = await send(app, BUY_NODE, partner, { product_id: tier1, promocode: 'SAVE10' });
    expect(promo.body).toEqual({ promocode: ['Promocode not exists.'] });
    expect(await countRows(app, purchases)).toBe(0);
    // The payment shares the purchase's statement: a short balance keeps none of its parts.
    expect(await countRows(app, nodes)).toBe(0);
    expect(await countRows(app, compensationEvents)).toBe(0);
    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'purchase'))).toBe(0);
    expect(await countRows(app, walletOperations, eq(walletOperations.operationType, 'purchase'))).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('50.000000');
    expect((await call(app, 'POST', BUY_NODE, { body: { product_id: tier1 } })).status).toBe(401);
  });

  test('available-for-upgrade lists each active node with the higher tiers at the price difference', async () => {
    const app = await testApp();
    const partner = await funded(app, '1000');
    await send(app, BUY_NODE, partner, { product_id: await productId(app, 'virtual-node-100') });
    await send(app, BUY_NODE, partner, { product_id: await productId(app, 'virtual-node-500') });

    const answer = await call(app, 'GET', AVAILABLE, { token: partner.token });
    expect(answer.status).toBe(200);
    expect(
      answer.body.map(
        (item: { node: { code: string }; upgrades: { code: string; price: string; total: string }[] }) => [
          item.node.code,
          item.upgrades.map((option) => [option.code, option.price, option.total]),
        ],
      ),
    ).toEqual([
      [
        'virtual-node-100',
        [
          ['virtual-node-300', '200.000000', '200.000000'],
          ['virtual-node-500', '400.000000', '400.000000'],
        ],
      ],
      ['virtual-node-500', []],
    ]);
    const promo = await call(app, 'GET', `${AVAILABLE}?promocode=WINTER`, { token: partner.token });
    expect(promo.status).toBe(400);
    expect(promo.body).toEqual({ promocode: ['Promocode not exists.'] });
    // Another partner sees only their own (none).
    const other = await registerPartner(app);
    expect((await call(app, 'GET', AVAILABLE, { token: other.token })).body).toEqual([]);
    const otherPromo = await call(app, 'GET', `${AVAILABLE}?promocode=WINTER`, { token: other.token });
    expect(otherPromo.body).toEqual({ promocode: ['Promocode not exists.'] });
  });

  test('an upgrade pays the difference; the old node is upgraded and the new one names it', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const tier3 = await productId(app, 'virtual-node-500');
    const bought = await send(app, BUY_NODE, partner, {
      product_id: await productId(app, 'virtual-node-100'),
    });
    const oldId = bought.body.nodes[0].id;

    const upgraded = await send(app, UPGRADE, partner, { node_id: oldId, product_id: tier3 }, 'up-1');
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    expect(upgraded.body.purchase).toMatchObject({ price: '400.000000', total: '400.000000' });
    expect(upgraded.body.node).toMatchObject({
      code: 'virtual-node-500',
      tier: 3,
      upgraded_from_id: oldId,
      status: 'active',
    });
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');
    const replay = await send(app, UPGRADE, partner, { node_id: oldId, product_id: tier3 }, 'up-1');
    expect(replay.body).toEqual(upgraded.body);
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');

    const mine = await call(app, 'GET', MY_NODES, { token: partner.token });
    expect(mine.body.map((node: { status: string; code: string }) => [node.code, node.status])).toEqual([
      ['virtual-node-100', 'upgraded'],
      ['virtual-node-500', 'active'],
    ]);
    // The upgrade is a purchase of the higher tier at the difference, with its volume.
    const rows = await app.database.db.select().from(purchases).orderBy(purchases.id);
    expect(rows[1]).toMatchObject({
      productId: tier3,
      listPrice: 400_000_000n,
      netPrice: 400_000_000n,
      bv: 400_000_000n,
    });
    expect(rows[1]!.details).toMatchObject({ upgrade_from_node: oldId, from_product: 'virtual-node-100' });

    const again = await send(app, UPGRADE, partner, { node_id: oldId, product_id: tier3 });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['This virtual node has already been upgraded.'] });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('two upgrades of one node at once (different keys): one pays, the other is refused', async () => {
    const app = await testApp();
    const partner = await funded(app, '2000');
    const tier3 = await productId(app, 'virtual-node-500');
    const bought = await send(app, BUY_NODE, partner, {
      product_id: await productId(app, 'virtual-node-100'),
    });
    const nodeId = bought.body.nodes[0].id;
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((key) =>
        send(app, UPGRADE, partner, { node_id: nodeId, product_id: tier3 }, key),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect((await balances(app, partner.token)).usdt).toBe('1500.000000');
    expect(await countRows(app, nodes)).toBe(2);
  });

  test('only own nodes, only to a higher virtual-node tier, only with the funds for it', async () => {
    const app = await testApp();
    const partner = await funded(app, '400');
    const stranger = await funded(app, '1000');
    const tier1 = await productId(app, 'virtual-node-100');
    const tier2 = await productId(app, 'virtual-node-300');
    const tier3 = await productId(app, 'virtual-node-500');
    const bought = await send(app, BUY_NODE, partner, { product_id: tier2 });
    const nodeId = bought.body.nodes[0].id;

    const foreign = await send(app, UPGRADE, stranger, { node_id: nodeId, product_id: tier3 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Virtual node not found.' });
    expect((await send(app, UPGRADE, partner, { node_id: 99999, product_id: tier3 })).status).toBe(404);
    const lower = await send(app, UPGRADE, partner, { node_id: nodeId, product_id: tier1 });
    expect(lower.body).toEqual({ product_id: ['A virtual node can only be upgraded to a higher tier.'] });
    const same = await send(app, UPGRADE, partner, { node_id: nodeId, product_id: tier2 });
    expect(same.body).toEqual({ product_id: ['A virtual node can only be upgraded to a higher tier.'] });
    const device = await send(app, UPGRADE, partner, {
      node_id: nodeId,
      product_id: await productId(app, 'device'),
    });
    expect(device.body).toEqual({ product_id: ['This product is not a virtual node.'] });
    const promo = await send(app, UPGRADE, partner, { node_id: nodeId, product_id: tier3, promocode: 'X1' });
    expect(promo.body).toEqual({ promocode: ['Promocode not exists.'] });
    // 100 USDT left, the difference is 200.
    const short = await send(app, UPGRADE, partner, { node_id: nodeId, product_id: tier3 });
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
    const mine = await call(app, 'GET', MY_NODES, { token: partner.token });
    expect(mine.body.map((node: { status: string }) => node.status)).toEqual(['active']);
    expect(await countRows(app, purchases)).toBe(1);
  });
});

describe('offers and purchases by the unit', () => {
  test('product_sentences_set answers the products on sale with their price after the pricing step', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const nodesOnly = await send(app, SENTENCES, partner, { kind: 'virtual_node' });
    expect(nodesOnly.status).toBe(200);
    expect(
      nodesOnly.body.map((offer: { code: string; total: string; by_unit: boolean }) => [
        offer.code,
        offer.total,
        offer.by_unit,
      ]),
    ).toEqual([
      ['virtual-node-100', '100.000000', true],
      ['virtual-node-300', '300.000000', true],
      ['virtual-node-500', '500.000000', true],
    ]);
    const packs = await send(app, SENTENCES, partner, { kind: 'token_pack' });
    expect(packs.body[0]).toMatchObject({
      code: 'token-pack-1y',
      price: '100.000000',
      min_amount: '100.000000',
      max_amount: '100000.000000',
      by_unit: false,
      attributes: { lock_years: 1, yield_bp: 1500 },
    });
    const all = await send(app, SENTENCES, partner, {});
    expect(all.body.find((offer: { code: string }) => offer.code === 'event-ticket').seats_left).toBe(100);
    // A product taken off sale is not offered.
    const admin = await loginAdmin(app);
    await call(app, 'PATCH', `/api/v1/admin/products/${await productId(app, 'virtual-node-300')}/`, {
      token: admin,
      body: { available: false },
    });
    const fewer = await send(app, SENTENCES, partner, { kind: 'virtual_node' });
    expect(fewer.body.map((offer: { code: string }) => offer.code)).toEqual([
      'virtual-node-100',
      'virtual-node-500',
    ]);
    expect((await send(app, SENTENCES, partner, { promocode: 'NOPE' })).body).toEqual({
      promocode: ['Promocode not exists.'],
    });
    expect((await send(app, SENTENCES, partner, { kind: 'boat' })).status).toBe(400);
  });

  test('process_purchase_by_unit buys N virtual nodes in one purchase, once per Idempotency-Key', async () => {
    const app = await testApp();
    const partner = await funded(app, '1000');
    const tier2 = await productId(app, 'virtual-node-300');
    const body = { product_id: tier2, units: 3 };
    const bought = await send(app, BY_UNIT, partner, body, 'units-1');
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body).toMatchObject({ kind: 'virtual_node', units: 3, purchase: { total: '900.000000' } });
    expect(bought.body.nodes).toHaveLength(3);
    expect((await send(app, BY_UNIT, partner, body, 'units-1')).body).toEqual(bought.body);
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');
    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase).toMatchObject({ units: 3, listPrice: 900_000_000n, bv: 900_000_000n });
    expect(await countRows(app, nodes)).toBe(3);
    const short = await send(app, BY_UNIT, partner, { product_id: tier2, units: 1 });
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
  });

  test('process_purchase_by_unit refuses kinds with their own flow, naming the call, and bad unit counts', async () => {
    const app = await testApp();
    const partner = await funded(app, '100000');
    const refusal = async (code: string) =>
      (await send(app, BY_UNIT, partner, { product_id: await productId(app, code), units: 1 })).body;
    expect(await refusal('tariff-500')).toEqual({
      product_id: [
        'This product cannot be bought by the unit. Use POST /api/v1/mlm/package/purchase/request/.',
      ],
    });
    expect(await refusal('device')).toEqual({
      product_id: ['This product cannot be bought by the unit. Use POST /api/v1/products/create_order/.'],
    });
    expect((await refusal('event-ticket')).product_id[0]).toMatch(
      /^This product cannot be bought by the unit\. Use POST /,
    );
    expect((await refusal('token-pack-1y')).product_id[0]).toContain('/api/v1/token_pack/purchase/');
    const tier1 = await productId(app, 'virtual-node-100');
    for (const units of [0, 101, 1.5, '2x']) {
      const answer = await send(app, BY_UNIT, partner, { product_id: tier1, units });
      expect(answer.body).toEqual({ units: ['Enter a number of units from 1 to 100.'] });
    }
    expect(await countRows(app, purchases)).toBe(0);
  });
});

describe('token packs', () => {
  async function quote(app: TTestApp, partner: TPartner): Promise<string> {
    const answer = await post(app, QUOTE, {}, partner.token);
    expect(answer.body.rate).toBe(RATE);
    return answer.body.quote_id;
  }

  test('a purchase pays USDT and locks amount / rate DXN, rounded down, from the product yields account', async () => {
    const app = await rated();
    const partner = await funded(app, '500');
    const pack1y = await productId(app, 'token-pack-1y');
    const quoteId = await quote(app, partner);

    const bought = await send(
      app,
      BUY_PACK,
      partner,
      { product_id: pack1y, amount: '100', quote_id: quoteId },
      'p-1',
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    // 100 / 0.03 = 3333.333...: rounded down to 8 places.
    expect(bought.body).toMatchObject({
      code: 'token-pack-1y',
      paid: '100.000000',
      rate: '0.03',
      principal: '3333.33333333',
      years: 1,
      yield_bp: 1500,
      yearly_yield: '499.99999999',
      years_paid: 0,
      status: 'locked',
      next_payout: '3833.33333332',
    });
    expect(bought.body.next_payout_at).toBe(bought.body.ends_at);
    const replay = await send(
      app,
      BUY_PACK,
      partner,
      { product_id: pack1y, amount: '100', quote_id: quoteId },
      'p-1',
    );
    expect(replay.body).toEqual(bought.body);

    expect((await balances(app, partner.token)).usdt).toBe('400.000000');
    expect((await balances(app, partner.token)).dexnet).toBe('0.00000000');
    expect(await account(app, partner.id, 'DXN', 'token_pack_locked')).toBe(333_333_333_333n);
    expect(await companyBalance(app, 'company:product_yields', 'DXN')).toBe(-333_333_333_333n);
    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase).toMatchObject({ kind: 'token_pack', quoteId, netPrice: 100_000_000n, bv: 100_000_000n });

    // The calculator's function gives exactly what was credited.
    const calculated = tokenPackProfit(100_000_000n, 1, RATE);
    expect(calculated.principal).toBe(333_333_333_333n);
    expect(calculated.yearly).toEqual([49_999_999_999n]);
    expect(usdtToDxn(100_000_000n, RATE)).toBe(333_333_333_333n);
    expect((await ledgerHealth(app)).ok).toBe(true);

    // The lock is its own transfer and statement line, both named by the pack.
    const [pack] = await app.database.db.select().from(tokenPacks);
    const reference = `token_pack:${pack!.id}:lock`;
    const [lock] = await app.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, reference));
    expect(lock).toMatchObject({
      operationType: 'purchase',
      details: { token_pack_id: pack!.id, purchase_id: purchase!.id, rate: '0.03' },
    });
    const [line] = await app.database.db
      .select()
      .from(walletOperations)
      .where(eq(walletOperations.reference, reference));
    expect(line).toMatchObject({
      userId: partner.id,
      operationType: 'purchase',
      currency: 'DXN',
      amount: 333_333_333_333n,
      status: 'completed',
      details: { token_pack_id: pack!.id, locked: true, rate: '0.03', years: 1 },
    });
  });

  test('an expired or unknown quote, bounds, another kind and short funds are refused by name', async () => {
    const app = await rated();
    const partner = await funded(app, '150');
    const pack2y = await productId(app, 'token-pack-2y');
    const quoteId = await quote(app, partner);
    const buy = (body: Record<string, unknown>) =>
      send(app, BUY_PACK, partner, { product_id: pack2y, amount: '100', quote_id: quoteId, ...body });

    expect((await buy({ amount: '99.99' })).body).toEqual({ amount: ['The minimum amount is 100.00 USDT.'] });
    expect((await buy({ amount: '100001' })).body).toEqual({
      amount: ['The maximum amount is 100000.00 USDT.'],
    });
    expect((await buy({ amount: '100.0000001' })).body).toEqual({
      amount: ['Use at most 6 decimal places.'],
    });
    expect((await buy({ amount: '200' })).body).toEqual({
      non_field_errors: ['Insufficient funds on the internal balance.'],
    });
    expect((await buy({ product_id: await productId(app, 'virtual-node-100') })).body).toEqual({
      product_id: ['This product is not a token pack.'],
    });
    expect((await buy({ quote_id: 'not-a-quote' })).body).toEqual({
      quote_id: ['The price quote has expired. Get a new quote and try again.'],
    });
    expect((await buy({ quote_id: '00000000-0000-4000-8000-000000000000' })).body).toEqual({
      quote_id: ['The price quote has expired. Get a new quote and try again.'],
    });
    // The quote's 30 minutes pass.
    await app.database.db
      .update(rateQuotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rateQuotes.id, quoteId));
    const expired = await buy({});
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      quote_id: ['The price quote has expired. Get a new quote and try again.'],
    });
    expect(await countRows(app, tokenPacks)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('150.000000');
    // A fresh quote buys.
    const fresh = await buy({ quote_id: await quote(app, partner) });
    expect(fresh.status).toBe(201);
    expect(fresh.body).toMatchObject({
      years: 2,
      yield_bp: 2000,
      principal: '3333.33333333',
      yearly_yield: '666.66666666',
    });
  });

  test('each pack year is paid once when the job runs twice; the principal is released after the last', async () => {
    const app = await rated();
    const { db } = app.database;
    const partner = await funded(app, '1000');
    const start = new Date('2026-03-10T12:00:00Z');
    const products = createProducts({
      db,
      catalog: createCatalog({ db, amountMax: testConfig().amountMax }),
    });
    const quoteId = await quote(app, partner);
    const pack = await products.buyTokenPack(
      partner.id,
      { product_id: await productId(app, 'token-pack-2y'), amount: '100', quote_id: quoteId },
      null,
      start,
    );
    const principal = 333_333_333_333n;
    const yearly = 66_666_666_666n; // 3333.33333333 x 20 %, rounded down
    expect(tokenPackProfit(100_000_000n, 2, RATE)).toEqual({
      principal,
      yearly: [yearly, yearly],
      profit: 2n * yearly,
      total: principal + 2n * yearly,
    });

    const dxn = async () => (await balances(app, partner.token)).dexnet;
    const justBefore = new Date(packYearEnd(start, 1).getTime() - 1);
    expect(await payDueTokenPacks(db, justBefore)).toBe(0);
    expect(await dxn()).toBe('0.00000000');

    const afterYear1 = packYearEnd(start, 1);
    expect(await payDueTokenPacks(db, afterYear1)).toBe(1);
    expect(await payDueTokenPacks(db, afterYear1)).toBe(0);
    expect(await dxn()).toBe('666.66666666');
    expect(await account(app, partner.id, 'DXN', 'token_pack_locked')).toBe(principal);

    const listed = await products.tokenPacks(partner.id, afterYear1);
    expect(listed[0]).toMatchObject({
      id: pack.id,
      years_paid: 1,
      yield_paid: '666.66666666',
      status: 'locked',
      next_payout_at: packYearEnd(start, 2).toISOString(),
      next_payout: '3999.99999999',
    });

    const afterYear2 = new Date(packYearEnd(start, 2).getTime() + 60_000);
    await Promise.all([payDueTokenPacks(db, afterYear2), payDueTokenPacks(db, afterYear2)]);
    expect(await payDueTokenPacks(db, afterYear2)).toBe(0);
    expect(await dxn()).toBe('4666.66666665');
    expect(await account(app, partner.id, 'DXN', 'token_pack_locked')).toBe(0n);

    const yields = await db
      .select()
      .from(walletOperations)
      .where(and(eq(walletOperations.userId, partner.id), eq(walletOperations.bonusType, 'token_package')));
    expect(yields.map((row) => [row.reference, row.amount])).toEqual([
      [`token_pack:${pack.id}:year:1`, yearly],
      [`token_pack:${pack.id}:year:2`, yearly],
    ]);
    const done = await products.tokenPacks(partner.id, afterYear2);
    expect(done[0]).toMatchObject({
      years_paid: 2,
      status: 'completed',
      next_payout_at: null,
      next_payout: null,
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a read shows what is due without paying it (the job pays it), and shows the next payout date', async () => {
    const app = await rated();
    const { db } = app.database;
    const partner = await funded(app, '1000');
    const bought = await send(app, BUY_PACK, partner, {
      product_id: await productId(app, 'token-pack-1y'),
      amount: '300',
      quote_id: await quote(app, partner),
    });
    expect(bought.status).toBe(201);
    const before = await call(app, 'GET', MY_PACKS, { token: partner.token });
    expect(before.body).toHaveLength(1);
    expect(before.body[0]).toMatchObject({ principal: '10000.00000000', status: 'locked', years_paid: 0 });
    expect(new Date(before.body[0].next_payout_at).getTime()).toBe(
      packYearEnd(new Date(before.body[0].starts_at), 1).getTime(),
    );

    // A year passes (the pack started a year and a minute ago); no job runs.
    const started = new Date(Date.now() - 60_000);
    started.setUTCFullYear(started.getUTCFullYear() - 1);
    await db.update(tokenPacks).set({ startsAt: started, nextPayoutAt: packYearEnd(started, 1) });
    const after = await call(app, 'GET', MY_PACKS, { token: partner.token });
    expect(after.body[0]).toMatchObject({
      years_paid: 1,
      yield_paid: '1500.00000000',
      status: 'completed',
      next_payout_at: null,
    });
    // A partner's request never runs the job: the balance waits for it.
    expect((await balances(app, partner.token)).dexnet).toBe('0.00000000');
    expect(await payDueTokenPacks(db)).toBe(1);
    expect((await balances(app, partner.token)).dexnet).toBe('11500.00000000');
    // Read and run again: nothing more.
    await call(app, 'GET', MY_PACKS, { token: partner.token });
    expect(await payDueTokenPacks(db)).toBe(0);
    expect((await balances(app, partner.token)).dexnet).toBe('11500.00000000');
    const other = await registerPartner(app);
    expect((await call(app, 'GET', MY_PACKS, { token: other.token })).body).toEqual([]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});
