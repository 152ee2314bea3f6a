import { ZProductAttributes } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { productPrices, products } from '../../src/schema';
import { call, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { countRows } from '../helpers/rows';

const ADMIN_PRODUCTS = '/api/v1/admin/products/';
const ADMIN_PURCHASES = '/api/v1/admin/purchases/';

async function productByCode(app: TTestApp, admin: string, code: string) {
  const list = await call(app, 'GET', ADMIN_PRODUCTS, { token: admin });
  return list.body.find((product: { code: string }) => product.code === code) as {
    id: number;
    price: string;
    attributes: Record<string, unknown>;
  };
}

const buyNode = (app: TTestApp, partner: TPartner, productId: number, key: string) =>
  call(app, 'POST', '/api/v1/virtual_node/purchase/', {
    token: partner.token,
    body: { product_id: productId },
    headers: { 'idempotency-key': key },
  });

describe('the admin catalogue', () => {
  test('lists every product, unavailable ones too; a partner gets 403 on every admin call', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const device = await productByCode(app, admin, 'device');
    await call(app, 'PATCH', `${ADMIN_PRODUCTS}${device.id}/`, { token: admin, body: { available: false } });
    const list = await call(app, 'GET', ADMIN_PRODUCTS, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(16);
    expect(list.body.find((product: { code: string }) => product.code === 'device').available).toBe(false);

    for (const [method, url, body] of [
      ['GET', ADMIN_PRODUCTS, undefined],
      ['PATCH', `${ADMIN_PRODUCTS}${device.id}/`, { price: '1' }],
      ['GET', `${ADMIN_PRODUCTS}${device.id}/prices/`, undefined],
      ['GET', ADMIN_PURCHASES, undefined],
    ] as const) {
      expect((await call(app, method, url, { token: partner.token, body })).status, url).toBe(403);
      expect((await call(app, method, url, { body })).status, url).toBe(401);
    }
    // The partner's PATCH changed nothing.
    expect((await productByCode(app, admin, 'device')).price).toBe('1000.000000');
  });

  test('each history entry names its admin by email, its time and the price before it', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const node = await productByCode(app, admin, 'virtual-node-100');
    const before = Date.now();
    await call(app, 'PATCH', `${ADMIN_PRODUCTS}${node.id}/`, { token: admin, body: { price: '120' } });
    await call(app, 'PATCH', `${ADMIN_PRODUCTS}${node.id}/`, { token: admin, body: { name: 'Node S' } });
    const history = await call(app, 'GET', `${ADMIN_PRODUCTS}${node.id}/prices/`, { token: admin });
    expect(history.status).toBe(200);
    expect(
      history.body.map(
        (row: { previous_price: string | null; price: string; changed_by_email: string | null }) => [
          row.previous_price,
          row.price,
          row.changed_by_email,
        ],
      ),
    ).toEqual([
      ['120.000000', '120.000000', 'admin@example.com'],
      ['100.000000', '120.000000', 'admin@example.com'],
      [null, '100.000000', null],
    ]);
    const changedAt = Date.parse(history.body[1].created_at);
    expect(changedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await call(app, 'GET', `${ADMIN_PRODUCTS}9999/prices/`, { token: admin })).status).toBe(404);
    expect((await call(app, 'GET', `${ADMIN_PRODUCTS}abc/prices/`, { token: admin })).status).toBe(400);
  });

  test('a new price is what partners are shown and charged', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const node = await productByCode(app, admin, 'virtual-node-300');
    await call(app, 'PATCH', `${ADMIN_PRODUCTS}${node.id}/`, { token: admin, body: { price: '275.5' } });
    const shown = await call(app, 'GET', '/api/v1/products/?kind=virtual_node', { token: partner.token });
    expect(shown.body.find((product: { id: number }) => product.id === node.id).price).toBe('275.500000');
    const bought = await buyNode(app, partner, node.id, 'admin-catalog-1');
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.purchase.total).toBe('275.500000');
  });

  test('a valid price schedule is kept and prices by date; a malformed one is a clear 400 that changes nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const ticket = await productByCode(app, admin, 'event-ticket');
    const patch = (attributes: unknown) =>
      call(app, 'PATCH', `${ADMIN_PRODUCTS}${ticket.id}/`, { token: admin, body: { attributes } });
    const rowsBefore = await countRows(app, productPrices);

    const SCHEDULE_MESSAGE =
      'Enter the price schedule as a list of steps, each with "before" (a date and time with its zone, each date once) and "price".';
    const malformed: [unknown, string, string][] = [
      [{ price_schedule: 'soon' }, 'attributes.price_schedule', SCHEDULE_MESSAGE],
      [{ price_schedule: [] }, 'attributes.price_schedule', SCHEDULE_MESSAGE],
      [
        { price_schedule: [{ before: 'tomorrow', price: '5' }] },
        'attributes.price_schedule.0.before',
        SCHEDULE_MESSAGE,
      ],
      [
        { price_schedule: [{ before: '2099-01-01', price: '5' }] },
        'attributes.price_schedule.0.before',
        SCHEDULE_MESSAGE,
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z' }] },
        'attributes.price_schedule.0.price',
        'Amount must be more than zero.',
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z', price: 5 }] },
        'attributes.price_schedule.0.price',
        'Amount must be more than zero.',
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z', price: '-5' }] },
        'attributes.price_schedule.0.price',
        'Amount must be more than zero.',
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z', price: '5.1234567' }] },
        'attributes.price_schedule.0.price',
        'Use at most 6 decimal places.',
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z', price: '5', extra: 1 }] },
        'attributes.price_schedule.0.extra',
        'This field cannot be set.',
      ],
      [
        {
          price_schedule: [
            { before: '2099-01-01T00:00:00Z', price: '5' },
            { before: '2099-01-01T01:00:00+01:00', price: '6' },
          ],
        },
        'attributes.price_schedule',
        SCHEDULE_MESSAGE,
      ],
      [
        {
          price_schedule: Array.from({ length: 21 }, (_, day) => ({
            before: `2099-01-${String(day + 1).padStart(2, '0')}T00:00:00Z`,
            price: '5',
          })),
        },
        'attributes.price_schedule',
        SCHEDULE_MESSAGE,
      ],
      [
        { price_schedule: [{ before: '2099-01-01T00:00:00Z', price: '1000000001' }] },
        'attributes.price_schedule.0.price',
        'The maximum amount is 1000000000.000000 USDT.',
      ],
      [{ min: 'ten' }, 'attributes.min', 'Enter a valid value.'],
      [{ max: '1000000001' }, 'attributes.max', 'The maximum amount is 1000000000.000000 USDT.'],
      [{ min: '50', max: '10' }, 'attributes.min', 'The minimum amount must not be above the maximum.'],
    ];
    for (const [attributes, field, message] of malformed) {
      const answer = await patch(attributes);
      expect(answer.status, JSON.stringify(attributes)).toBe(400);
      expect(answer.body[field], `${JSON.stringify(attributes)} -> ${JSON.stringify(answer.body)}`).toContain(
        message,
      );
    }
    expect(await countRows(app, productPrices)).toBe(rowsBefore);
    expect((await productByCode(app, admin, 'event-ticket')).attributes).toEqual(ticket.attributes);

    // A schedule whose last step is past: the product's own price applies; one in the future: its step.
    const future = await patch({
      price_schedule: [
        { before: '2000-01-01T00:00:00Z', price: '1' },
        { before: '2999-01-01T00:00:00+02:00', price: '42.5' },
      ],
    });
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    expect(future.body.price).toBe('42.500000');
    const cleared = await patch({ price_schedule: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.price).toBe('1000.000000');

    // min above the max already kept is refused too.
    const pack = await productByCode(app, admin, 'token-pack-1y');
    const raised = await call(app, 'PATCH', `${ADMIN_PRODUCTS}${pack.id}/`, {
      token: admin,
      body: { attributes: { min: '200000' } },
    });
    expect(raised.status).toBe(400);
    expect(raised.body['attributes.min']).toEqual(['The minimum amount must not be above the maximum.']);
  });

  test('prices are bounded like other amounts, and hostile input is a 4xx that changes nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const node = await productByCode(app, admin, 'virtual-node-500');
    const patch = (body: unknown, id: number | string = node.id) =>
      call(app, 'PATCH', `${ADMIN_PRODUCTS}${id}/`, { token: admin, body });
    const rowsBefore = await countRows(app, productPrices);
    expect((await patch({ price: '1000000000.000001' })).body.price).toEqual([
      'The maximum amount is 1000000000.000000 USDT.',
    ]);
    for (const body of [
      { price: '0' },
      { price: '1e3' },
      { price: 500 },
      { price: '99999999999999999999999999' },
      { available: 'yes' },
      { name: 'x'.repeat(101) },
      { name: 'a\u0000b' },
      { attributes: [] },
      { attributes: { ['k'.repeat(61)]: 1 } },
      { attributes: { deep: { a: { b: { c: { d: { e: { f: 1 } } } } } } } },
      { attributes: { price_schedule: { __proto__: { price: '1' } } } },
      [],
    ]) {
      const answer = await patch(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch({ price: '1' }, '-1')).status).toBe(400);
    expect((await patch({ price: '1' }, '99999999999')).status).toBe(400);
    // Nothing to change (no body, an empty one, the same values again): answered, nothing recorded.
    expect((await call(app, 'PATCH', `${ADMIN_PRODUCTS}${node.id}/`, { token: admin })).status).toBe(200);
    expect((await patch({})).status).toBe(200);
    const same = await patch({
      price: '500',
      available: true,
      name: 'Virtual node L',
      attributes: { tier: 3 },
    });
    expect(same.status).toBe(200);
    expect(same.body.price).toBe('500.000000');
    expect(await countRows(app, productPrices)).toBe(rowsBefore);
    const [row] = await app.database.db
      .select({ price: products.price })
      .from(products)
      .where(eq(products.code, 'virtual-node-500'));
    expect(row?.price).toBe(500_000_000n);
  });
});

describe('product attributes and their contract', () => {
  test('every seeded product and price record holds attributes its contract takes as they are', async () => {
    const app = await testApp();
    const { db } = app.database;
    const rows = [
      ...(await db.select({ code: products.code, attributes: products.attributes }).from(products)),
      ...(
        await db
          .select({ code: products.code, attributes: productPrices.attributes })
          .from(productPrices)
          .innerJoin(products, eq(products.id, productPrices.productId))
      ).map((row) => ({ ...row, code: `${row.code} (price record)` })),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(32);
    for (const row of rows) {
      const parsed = ZProductAttributes.safeParse(row.attributes);
      expect(parsed.error?.issues, row.code).toBeUndefined();
      expect(parsed.data, row.code).toEqual(row.attributes);
    }
  });

  test('attributes the contract refuses are a 400 on their field that changes nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const rowsBefore = await countRows(app, productPrices);
    const refused: [string, unknown, string, string][] = [
      ['tariff-500', { matching_depth: 'deep' }, 'attributes.matching_depth', 'Enter a valid value.'],
      ['tariff-500', { matching_depth: 2.5 }, 'attributes.matching_depth', 'Enter a valid value.'],
      ['tariff-500', { includes_node: 'yes' }, 'attributes.includes_node', 'Enter a valid value.'],
      ['tariff-500', { node_kind: 'satellite' }, 'attributes.node_kind', 'Enter a valid value.'],
      ['tariff-500', { nodes: -1 }, 'attributes.nodes', 'Enter a valid value.'],
      ['virtual-node-100', { tier: '1' }, 'attributes.tier', 'Enter a valid value.'],
      ['virtual-node-100', { daily_dxn: 'lots' }, 'attributes.daily_dxn', 'Enter a valid value.'],
      ['device', { frequencies_mhz: [433, 'x'] }, 'attributes.frequencies_mhz.1', 'Enter a valid value.'],
      ['token-pack-1y', { lock_years: 3 }, 'attributes.lock_years', 'Enter a valid value.'],
      [
        'validator-key',
        { dxn_price_usdt: 1200 },
        'attributes.dxn_price_usdt',
        'Amount must be more than zero.',
      ],
      [
        'event-ticket',
        { event_schedule: [{ starts_at: 'soon', title: 'Opening' }] },
        'attributes.event_schedule.0.starts_at',
        'Enter a valid value.',
      ],
      ['event-ticket', { event_name: 42 }, 'attributes.event_name', 'Enter a valid value.'],
    ];
    for (const [code, attributes, field, message] of refused) {
      const product = await productByCode(app, admin, code);
      const answer = await call(app, 'PATCH', `${ADMIN_PRODUCTS}${product.id}/`, {
        token: admin,
        body: { attributes },
      });
      expect(answer.status, JSON.stringify(attributes)).toBe(400);
      expect(answer.body, JSON.stringify(attributes)).toEqual({ [field]: [message] });
      expect((await productByCode(app, admin, code)).attributes).toEqual(product.attributes);
    }
    expect(await countRows(app, productPrices)).toBe(rowsBefore);

    // A kept value the contract refuses (written around the catalogue, as before it had one) is
    // checked once merged with a change: the change is refused on that field and changes nothing.
    const node = await productByCode(app, admin, 'virtual-node-300');
    await app.database.db
      .update(products)
      .set({ attributes: sql`${products.attributes} || '{"tier": "two"}'::jsonb` })
      .where(eq(products.id, node.id));
    const merged = await call(app, 'PATCH', `${ADMIN_PRODUCTS}${node.id}/`, {
      token: admin,
      body: { attributes: { daily_dxn: '3' } },
    });
    expect(merged.status).toBe(400);
    expect(merged.body).toEqual({ 'attributes.tier': ['Enter a valid value.'] });
    expect((await productByCode(app, admin, 'virtual-node-300')).attributes).toEqual({
      ...node.attributes,
      tier: 'two',
    });
    expect(await countRows(app, productPrices)).toBe(rowsBefore);
  });
});

describe('the admin purchases list', () => {
  test('pages every purchase with its prices, what was paid, BV and buyer; filters by kind and email', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const olga = await registerPartner(app, { email: 'olga.buyer@example.com' });
    const ivan = await registerPartner(app, { email: 'ivan_x@example.com' });
    await adjust(app, olga.id, 'USDT', '5000');
    await adjust(app, ivan.id, 'USDT', '5000');
    const small = await productByCode(app, admin, 'virtual-node-100');
    for (let index = 0; index < 21; index += 1) {
      expect((await buyNode(app, olga, small.id, `olga-${index}`)).status).toBe(201);
    }
    expect((await buyNode(app, ivan, small.id, 'ivan-1')).status).toBe(201);

    const first = await call(app, 'GET', ADMIN_PURCHASES, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(22);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toContain('page=2');
    expect(first.body.results[0]).toMatchObject({
      user_id: ivan.id,
      user_email: 'ivan_x@example.com',
      product_id: small.id,
      product_name: 'Virtual node S',
      kind: 'virtual_node',
      units: 1,
      list_price: '100.000000',
      discount: '0.000000',
      net_price: '100.000000',
      currency: 'USDT',
      paid: '100.000000',
      bv: '100.000000',
      status: 'completed',
    });
    expect(Date.parse(first.body.results[0].created_at)).not.toBeNaN();
    const second = await call(app, 'GET', `${ADMIN_PURCHASES}?page=2`, { token: admin });
    expect(second.body.results).toHaveLength(2);

    const byEmail = await call(app, 'GET', `${ADMIN_PURCHASES}?email=IVAN`, { token: admin });
    expect(byEmail.body.count).toBe(1);
    // LIKE wildcards are matched literally: "_" is only Ivan's underscore, "%" matches nobody.
    expect((await call(app, 'GET', `${ADMIN_PURCHASES}?email=_`, { token: admin })).body.count).toBe(1);
    expect((await call(app, 'GET', `${ADMIN_PURCHASES}?email=%25`, { token: admin })).body.count).toBe(0);
    expect((await call(app, 'GET', `${ADMIN_PURCHASES}?kind=tariff`, { token: admin })).body.count).toBe(0);
    expect(
      (await call(app, 'GET', `${ADMIN_PURCHASES}?kind=virtual_node&email=olga`, { token: admin })).body
        .count,
    ).toBe(21);

    for (const query of [
      'kind=bogus',
      'page=0',
      'page=abc',
      'email=a%00b',
      `email=${'a'.repeat(255)}`,
      'sort=id',
    ]) {
      const answer = await call(app, 'GET', `${ADMIN_PURCHASES}?${query}`, { token: admin });
      expect(answer.status, query).toBe(400);
    }
  });
});
