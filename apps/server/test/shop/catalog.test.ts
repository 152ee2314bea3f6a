import { describe, expect, test } from 'vitest';
import { createCatalog, unitPrice } from '../../src/modules/catalog/service';
import { recordPurchase, refundPurchase } from '../../src/modules/purchases/service';
import { productPrices, compensationEvents, purchases, walletOperations } from '../../src/schema';
import { call, testApp, testConfig } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const PRODUCTS = '/api/v1/products/';

describe('the catalogue', () => {
  test('is seeded with the plan: six tariffs and every kind of product, priced in USDT', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const { status, body } = await call(app, 'GET', `${PRODUCTS}?kind=tariff`, { token: partner.token });
    expect(status).toBe(200);
    expect(body.map((product: { name: string; price: string }) => [product.name, product.price])).toEqual([
      ['50 Promo', '50.000000'],
      ['500', '500.000000'],
      ['1500', '1500.000000'],
      ['3000', '3000.000000'],
      ['7500', '7500.000000'],
      ['45000', '45000.000000'],
    ]);
    expect(
      body.map((product: { attributes: { matching_depth: number } }) => product.attributes.matching_depth),
    ).toEqual([1, 3, 5, 7, 9, 10]);
    const all = await call(app, 'GET', PRODUCTS, { token: partner.token });
    expect(new Set(all.body.map((product: { kind: string }) => product.kind))).toEqual(
      new Set([
        'tariff',
        'device',
        'virtual_node',
        'token_pack',
        'validator_key',
        'event_ticket',
        'starlink',
        'gift_certificate',
      ]),
    );
    const starlink = all.body.find((product: { kind: string }) => product.kind === 'starlink');
    expect(starlink.price).toBe('600.000000');
    expect((await call(app, 'GET', PRODUCTS)).status).toBe(401);
  });

  test('an event ticket is priced by date: 500 until 30 October, 750 until 30 November, 1000 from 1 December (UTC)', () => {
    const ticket = {
      price: 1_000_000_000n,
      attributes: {
        price_schedule: [
          { before: '2026-12-01T00:00:00Z', price: '750' },
          { before: '2026-10-31T00:00:00Z', price: '500' },
        ],
      },
    };
    expect(unitPrice(ticket, new Date('2026-10-30T23:59:59Z'))).toBe(500_000_000n);
    expect(unitPrice(ticket, new Date('2026-10-31T00:00:00Z'))).toBe(750_000_000n);
    expect(unitPrice(ticket, new Date('2026-11-30T23:59:59Z'))).toBe(750_000_000n);
    expect(unitPrice(ticket, new Date('2026-12-01T00:00:00Z'))).toBe(1_000_000_000n);
  });

  test('an admin changes a price and availability; every change is kept with its time and admin', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const list = await call(app, 'GET', '/api/v1/admin/products/', { token: admin });
    const device = list.body.find((product: { code: string }) => product.code === 'device');

    const changed = await call(app, 'PATCH', `/api/v1/admin/products/${device.id}/`, {
      token: admin,
      body: { price: '1099.5' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.price).toBe('1099.500000');
    const hidden = await call(app, 'PATCH', `/api/v1/admin/products/${device.id}/`, {
      token: admin,
      body: { available: false },
    });
    expect(hidden.body.available).toBe(false);

    const history = await call(app, 'GET', `/api/v1/admin/products/${device.id}/prices/`, { token: admin });
    expect(
      history.body.map((row: { price: string; available: boolean }) => [row.price, row.available]),
    ).toEqual([
      ['1099.500000', false],
      ['1099.500000', true],
      ['1000.000000', true],
    ]);
    expect(history.body[0].changed_by).toBeTypeOf('number');
    expect(history.body[2].changed_by).toBeNull();

    const shown = await call(app, 'GET', `${PRODUCTS}?kind=device`, { token: partner.token });
    expect(shown.body).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/admin/products/', { token: partner.token })).status).toBe(403);
  });

  test('bad admin input is refused by name and changes nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const patch = (body: unknown, id = 1) =>
      call(app, 'PATCH', `/api/v1/admin/products/${id}/`, { token: admin, body });
    expect((await patch({ price: '-5' })).body.price).toBeDefined();
    expect((await patch({ price: '1.0000001' })).body.price).toEqual(['Use at most 6 decimal places.']);
    expect((await patch({ attributes: { note: 'a\u0000b' } })).status).toBe(400);
    expect((await patch({ stock: 5 })).status).toBe(400);
    expect((await patch({ name: '' })).status).toBe(400);
    expect((await patch({ price: '10' }, 9999)).status).toBe(404);
    const history = await call(app, 'GET', '/api/v1/admin/products/1/prices/', { token: admin });
    expect(history.body).toHaveLength(1);
  });
});

describe('a purchase', () => {
  test('is one balanced transfer plus its record, statement line and event; short funds write nothing', async () => {
    const app = await testApp();
    const { db } = app.database;
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '700');
    const catalog = createCatalog({ db, amountMax: testConfig().amountMax });
    const product = (await catalog.findByCode(db, 'virtual-node-500'))!;

    const buy = (reference: string) =>
      db.transaction(async (tx) => {
        const pricing = await catalog.price(tx, { userId: partner.id, product });
        return recordPurchase(tx, {
          userId: partner.id,
          product,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          reference,
        });
      });

    const purchase = await buy('test:1');
    expect(purchase).toMatchObject({
      listPrice: 500_000_000n,
      discount: 0n,
      netPrice: 500_000_000n,
      bv: 500_000_000n,
    });
    expect((await balances(app, partner.token)).usdt).toBe('200.000000');
    await expect(buy('test:2')).rejects.toMatchObject({
      statusCode: 400,
      body: { non_field_errors: ['Insufficient funds on the internal balance.'] },
    });
    expect(await countRows(app, purchases)).toBe(1);
    expect(await countRows(app, compensationEvents)).toBe(1);

    expect(await db.transaction((tx) => refundPurchase(tx, purchase.id, 'test'))).toBe(true);
    expect(await db.transaction((tx) => refundPurchase(tx, purchase.id, 'test'))).toBe(false);
    expect((await balances(app, partner.token)).usdt).toBe('700.000000');
    expect(await countRows(app, compensationEvents)).toBe(2);
    // adjustment, purchase, refund
    expect(await countRows(app, walletOperations)).toBe(3);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('names the price record in force when it was made, before and after an admin changes the price', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const product = (await createCatalog({
      db: app.database.db,
      amountMax: testConfig().amountMax,
    }).findByCode(app.database.db, 'virtual-node-100'))!;
    const buy = () =>
      call(app, 'POST', '/api/v1/payments/process_purchase_by_unit/', {
        token: partner.token,
        body: { product_id: product.id, units: 1 },
      });
    expect((await buy()).status).toBe(200);
    const changed = await call(app, 'PATCH', `/api/v1/admin/products/${product.id}/`, {
      token: admin,
      body: { price: '120' },
    });
    expect(changed.status).toBe(200);
    expect((await buy()).status).toBe(200);

    const prices = await app.database.db.select().from(productPrices);
    const records = prices.filter((row) => row.productId === product.id).sort((a, b) => a.id - b.id);
    const bought = (await app.database.db.select().from(purchases)).sort((a, b) => a.id - b.id);
    expect(bought.map((row) => [row.priceId, row.netPrice])).toEqual([
      [records[0]!.id, 100_000_000n],
      [records[1]!.id, 120_000_000n],
    ]);
  });

  test('names a promo code only through the pricing step: without promotions, no code exists', async () => {
    const app = await testApp();
    const { db } = app.database;
    const catalog = createCatalog({ db, amountMax: testConfig().amountMax });
    const product = (await catalog.findByCode(db, 'tariff-500'))!;
    await expect(catalog.price(db, { userId: 1, product, promocode: 'SAVE20' })).rejects.toMatchObject({
      body: { promocode: ['Promocode not exists.'] },
    });
    const discounted = createCatalog({
      db,
      amountMax: testConfig().amountMax,
      discounts: [async (_tx, _request, list) => ({ source: 'black_friday', amount: list / 10n })],
    });
    expect(await discounted.price(db, { userId: 1, product })).toMatchObject({
      listPrice: 500_000_000n,
      discount: 50_000_000n,
      netPrice: 450_000_000n,
    });
  });
});
