import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import {
  auditLog,
  invoices,
  ledgerTransfers,
  nodes,
  orders,
  compensationEvents,
  purchases,
  users,
} from '../../src/schema';
import { queryRows } from '../../src/db/client';
import { expireOrders } from '../../src/modules/orders/repo';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { depositsApp, devTransfer, getInvoice, mineAndWatch, paymentStatus } from '../helpers/chain';
import { loginAdmin, partnerInput, registerPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { SHIPPING } from '../helpers/shop';
import { buyTariff } from '../helpers/tariffs';

const CREATE = '/api/v1/products/create_order/';
const UPDATE = '/api/v1/products/update_order/';
const PAY = '/api/v1/products/pay_order/';
const LIST = '/api/v1/products/orders/';
const ONE = '/api/v1/products/order/';
const LANDING = '/api/v1/products/create_order_and_register_user/';

async function productId(app: TTestApp, code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.database.db,
    sql`select id from products where code = ${code}`,
  );
  return Number(row!.id);
}

async function createOrder(
  app: TTestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call(app, 'POST', CREATE, {
    token,
    headers,
    body: { product_id: await productId(app, 'device'), shipping: SHIPPING, ...body },
  });
}

async function adminMove(app: TTestApp, admin: string, id: number, status: string) {
  return post(app, `/api/v1/admin/orders/${id}/status/`, { status }, admin);
}

async function setExpiry(app: TTestApp, id: number, at: Date) {
  await app.database.db.update(orders).set({ expiresAt: at }).where(eq(orders.id, id));
}

describe('create_order', () => {
  test('pays devices and the Starlink add-on from the balance: two purchases, nodes, PAID', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const partner = await registerPartner(app, { promocode: mentor.referralId });
    await adjust(app, partner.id, 'USDT', '3000');

    const created = await createOrder(app, partner.token, {
      quantity: 2,
      starlink: true,
      pay_from_balance: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      number: expect.stringMatching(/^DN-\d{6}$/),
      status: 'PAID',
      status_label: 'Paid',
      product_name: 'DexNode',
      quantity: 2,
      starlink: true,
      devices_total: '2000.000000',
      starlink_total: '600.000000',
      total: '2600.000000',
      currency: 'USDT',
      shipping: { ...SHIPPING, phone: '+351912345678', country: 'PT' },
      address_editable: true,
      estimated_shipping_date: null,
      track_number: null,
      serial_number: null,
      included: false,
      expires_at: null,
      paid_at: expect.any(String),
    });
    expect((await balances(app, partner.token)).usdt).toBe('400.000000');

    // The devices and the add-on are each a purchase with volume, at the prices the order shows.
    const bought = await app.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, partner.id))
      .orderBy(purchases.id);
    expect(bought.map((row) => [row.kind, row.units, row.netPrice, row.bv, row.paid])).toEqual([
      ['device', 2, 2_000_000_000n, 2_000_000_000n, 2_000_000_000n],
      ['starlink', 1, 600_000_000n, 600_000_000n, 600_000_000n],
    ]);
    expect(await countRows(app, compensationEvents, eq(compensationEvents.userId, partner.id))).toBe(2);

    // One node per device, hosted by the owner's mentor.
    const held = await app.database.db.select().from(nodes).where(eq(nodes.userId, partner.id));
    expect(held.map((node) => [node.kind, node.status, node.hostingUserId, node.orderId])).toEqual([
      ['device', 'active', mentor.id, created.body.id],
      ['device', 'active', mentor.id, created.body.id],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a partner without a mentor code has the company host the device (null)', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const created = await createOrder(app, partner.token, { pay_from_balance: true });
    expect(created.body.status).toBe('PAID');
    const [node] = await app.database.db.select().from(nodes).where(eq(nodes.userId, partner.id));
    expect(node!.hostingUserId).toBeNull();
  });

  test('with a short balance: "Insufficient funds on the internal balance." and nothing is written', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1599.999999');
    const created = await createOrder(app, partner.token, { starlink: true, pay_from_balance: true });
    expect(created).toMatchObject({ status: 400, body: { non_field_errors: [MESSAGES.insufficientFunds] } });
    expect(await countRows(app, orders)).toBe(0);
    expect(await countRows(app, purchases)).toBe(0);
    expect(await countRows(app, nodes)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('1599.999999');
  });

  test('a double-submitted order with one Idempotency-Key charges once', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '5000');
    const headers = { 'idempotency-key': 'order-once-1' };
    const [first, second] = await Promise.all([
      createOrder(app, partner.token, { starlink: true, pay_from_balance: true }, headers),
      createOrder(app, partner.token, { starlink: true, pay_from_balance: true }, headers),
    ]);
    const third = await createOrder(app, partner.token, { starlink: true, pay_from_balance: true }, headers);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(await countRows(app, orders)).toBe(1);
    expect(await countRows(app, purchases)).toBe(2);
    expect((await balances(app, partner.token)).usdt).toBe('3400.000000');
    // The same key with another request is refused.
    const other = await createOrder(app, partner.token, { quantity: 3, pay_from_balance: true }, headers);
    expect(other).toMatchObject({ status: 409, body: { detail: MESSAGES.idempotencyKeyReused } });
    // A new key is a new order.
    const again = await createOrder(
      app,
      partner.token,
      { starlink: true, pay_from_balance: true },
      { 'idempotency-key': 'order-once-2' },
    );
    expect(again.status).toBe(201);
    expect((await balances(app, partner.token)).usdt).toBe('1800.000000');
  });

  test('without paying: WAIT_PAYMENT "Not paid" for 24 hours, nothing charged, no node', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const before = Date.now();
    const created = await createOrder(app, partner.token, { quantity: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'WAIT_PAYMENT',
      status_label: 'Not paid',
      total: '1000.000000',
      starlink: false,
      starlink_total: '0.000000',
      paid_at: null,
    });
    const waits = Date.parse(created.body.expires_at) - before;
    expect(waits).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(waits).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    expect(await countRows(app, purchases)).toBe(0);
    expect(await countRows(app, nodes)).toBe(0);
  });

  test('refuses what is not a device order, with the messages of each field', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const starlink = await productId(app, 'starlink');
    expect(await createOrder(app, partner.token, { product_id: starlink })).toMatchObject({
      status: 400,
      body: { product_id: [MESSAGES.orderProductNotDevice] },
    });
    expect(await createOrder(app, partner.token, { product_id: 999_999 })).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.productNotFound },
    });
    for (const quantity of [0, 101, 1.5, 'x']) {
      expect(await createOrder(app, partner.token, { quantity })).toMatchObject({
        status: 400,
        body: { quantity: ['Enter a quantity from 1 to 100.'] },
      });
    }
    const missing = await createOrder(app, partner.token, {
      shipping: { full_name: ' ', phone: '', country: 'XX', city: '', address: '', postcode: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      'shipping.full_name': [MESSAGES.nameRequired],
      'shipping.phone': [MESSAGES.phoneRequired],
      'shipping.country': [MESSAGES.countryInvalid],
      'shipping.city': [MESSAGES.fieldRequired],
      'shipping.address': [MESSAGES.addressEmpty],
      'shipping.postcode': [MESSAGES.fieldRequired],
    });
    expect((await createOrder(app, partner.token, { shipping: undefined })).status).toBe(400);
    expect((await post(app, CREATE, {})).status).toBe(401);
    expect(await countRows(app, orders)).toBe(0);
  });

  test('an unavailable device or add-on cannot be ordered', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const starlink = await productId(app, 'starlink');
    await call(app, 'PATCH', `/api/v1/admin/products/${starlink}/`, {
      token: admin,
      body: { available: false },
    });
    expect(await createOrder(app, partner.token, { starlink: true })).toMatchObject({
      status: 400,
      body: { starlink: [MESSAGES.productNotFound] },
    });
    const device = await productId(app, 'device');
    await call(app, 'PATCH', `/api/v1/admin/products/${device}/`, {
      token: admin,
      body: { available: false },
    });
    expect((await createOrder(app, partner.token, {})).status).toBe(404);
  });

  test('records the price in force: a later price change does not change what the order costs', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const created = await createOrder(app, partner.token, {});
    const device = await productId(app, 'device');
    await call(app, 'PATCH', `/api/v1/admin/products/${device}/`, { token: admin, body: { price: '1500' } });
    await adjust(app, partner.id, 'USDT', '1000');
    const paid = await post(app, PAY, { order_id: created.body.id }, partner.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', total: '1000.000000' });
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });
});

describe('my orders', () => {
  test("are listed newest first by page, and nobody sees another partner's order (404)", async () => {
    const app = await testApp();
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    const first = await createOrder(app, alice.token, {});
    const second = await createOrder(app, alice.token, { starlink: true });
    await createOrder(app, bob.token, {});

    const list = await call(app, 'POST', `${LIST}?page=1`, { token: alice.token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null, current: 1 });
    expect(list.body.results.map((order: { id: number }) => order.id)).toEqual([
      second.body.id,
      first.body.id,
    ]);
    const waiting = await post(app, LIST, { status: 'WAIT_PAYMENT' }, alice.token);
    expect(waiting.body.count).toBe(2);
    expect((await post(app, LIST, { status: 'PAID' }, alice.token)).body.count).toBe(0);

    expect((await post(app, ONE, { order_id: first.body.id }, alice.token)).body).toEqual(first.body);
    for (const [url, body] of [
      [ONE, { order_id: first.body.id }],
      [UPDATE, { order_id: first.body.id, shipping: SHIPPING }],
      [PAY, { order_id: first.body.id }],
    ] as const) {
      expect(await post(app, url, body, bob.token)).toMatchObject({
        status: 404,
        body: { detail: MESSAGES.orderNotFound },
      });
    }
    expect(await getInvoice(app, bob.token, { purpose: 'order', order_id: first.body.id })).toMatchObject({
      status: 404,
    });
  });

  test('the address is editable until the order is in transit, then a clear 400', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const created = await createOrder(app, partner.token, { pay_from_balance: true });
    const id = created.body.id;
    const moved = { ...SHIPPING, city: 'Porto', address: 'Rua de Santa Catarina 2', postcode: '4000-447' };

    for (const status of ['PROCESSED', 'PREPARING_TO_SHIP']) {
      const changed = await post(
        app,
        UPDATE,
        { order_id: id, shipping: { ...moved, city: status } },
        partner.token,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.shipping.city).toBe(status);
      expect((await adminMove(app, admin, id, status)).status).toBe(200);
    }
    const last = await post(app, UPDATE, { order_id: id, shipping: moved }, partner.token);
    expect(last.body).toMatchObject({ status: 'PREPARING_TO_SHIP', address_editable: true });
    expect((await adminMove(app, admin, id, 'SHIPPING')).body).toMatchObject({
      status: 'SHIPPING',
      status_label: 'In transit',
      address_editable: false,
    });
    expect(await post(app, UPDATE, { order_id: id, shipping: SHIPPING }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderAddressLocked] },
    });
    const shown = await post(app, ONE, { order_id: id }, partner.token);
    expect(shown.body.shipping).toMatchObject({ city: 'Porto', address: 'Rua de Santa Catarina 2' });
    expect(
      (await post(app, UPDATE, { order_id: id, shipping: { ...SHIPPING, address: '' } }, partner.token)).body,
    ).toMatchObject({ 'shipping.address': [MESSAGES.addressEmpty] });
  });

  test('an unpaid order is paid later from the balance, once; a paid one is not waiting any more', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const created = await createOrder(app, partner.token, { starlink: true });
    expect(await post(app, PAY, { order_id: created.body.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.insufficientFunds] },
    });
    await adjust(app, partner.id, 'USDT', '2000');
    const headers = { 'idempotency-key': 'pay-1' };
    const [a, b] = await Promise.all([
      call(app, 'POST', PAY, { token: partner.token, headers, body: { order_id: created.body.id } }),
      call(app, 'POST', PAY, { token: partner.token, headers, body: { order_id: created.body.id } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'PAID', total: '1600.000000' });
    expect((await balances(app, partner.token)).usdt).toBe('400.000000');
    expect(await post(app, PAY, { order_id: created.body.id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNotAwaitingPayment] },
    });
    expect((await balances(app, partner.token)).usdt).toBe('400.000000');
    expect(await countRows(app, purchases)).toBe(2);
  });
});

describe('an unpaid order past its time', () => {
  test('is Canceled on read with no job run, cannot be paid or edited, and the job then records it', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const created = await createOrder(app, partner.token, {});
    const id = created.body.id;
    await setExpiry(app, id, new Date(Date.now() - 1000));

    const read = await post(app, ONE, { order_id: id }, partner.token);
    expect(read.body).toMatchObject({ status: 'Canceled', status_label: 'Canceled', expires_at: null });
    expect((await post(app, LIST, { status: 'Canceled' }, partner.token)).body.count).toBe(1);
    expect((await post(app, LIST, { status: 'WAIT_PAYMENT' }, partner.token)).body.count).toBe(0);
    expect(await post(app, PAY, { order_id: id }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNotAwaitingPayment] },
    });
    expect(await post(app, UPDATE, { order_id: id, shipping: SHIPPING }, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderClosed] },
    });
    expect((await balances(app, partner.token)).usdt).toBe('1000.000000');
    // Nothing written by the reads: the row still waits until the job runs.
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('WAIT_PAYMENT');
    const { createOrders } = await import('../../src/modules/orders/service');
    const job = createOrders({
      db: app.database.db,
      catalog: undefined as never,
      accounts: undefined as never,
    });
    expect(await job.expire()).toBe(1);
    const [after] = await app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(after!.status).toBe('Canceled');
    expect(await job.expire()).toBe(0);
  });
});

describe('admin', () => {
  test('moves a paid order forward one step at a time, audited; never back, never skipping', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '1000');
    const unpaid = await createOrder(app, partner.token, {});
    expect(await adminMove(app, admin, unpaid.body.id, 'PAID')).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNotPaid] },
    });
    const id = (await createOrder(app, partner.token, { pay_from_balance: true })).body.id;
    expect(await adminMove(app, admin, id, 'PREPARING_TO_SHIP')).toMatchObject({
      status: 400,
      body: { status: [MESSAGES.orderStatusNotNext] },
    });
    const labels: string[] = [];
    for (const status of ['PROCESSED', 'PREPARING_TO_SHIP', 'SHIPPING', 'SHIPPED', 'Completed']) {
      const moved = await adminMove(app, admin, id, status);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({ status, user_id: partner.id, user_email: partner.email });
      labels.push(moved.body.status_label);
    }
    expect(labels).toEqual(['In processing', 'Preparing to ship', 'In transit', 'Delivered', 'Completed']);
    expect(await adminMove(app, admin, id, 'SHIPPING')).toMatchObject({
      status: 400,
      body: { status: [MESSAGES.orderStatusNotNext] },
    });
    expect(await adminMove(app, admin, id, 'Canceled')).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderClosed] },
    });
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, partner.id), eq(auditLog.action, 'order.status_changed')));
    expect(audited.map((row) => row.details)).toEqual([
      { order_id: id, from: 'PAID', to: 'PROCESSED' },
      { order_id: id, from: 'PROCESSED', to: 'PREPARING_TO_SHIP' },
      { order_id: id, from: 'PREPARING_TO_SHIP', to: 'SHIPPING' },
      { order_id: id, from: 'SHIPPING', to: 'SHIPPED' },
      { order_id: id, from: 'SHIPPED', to: 'Completed' },
    ]);
    expect(audited.every((row) => row.actorId !== partner.id)).toBe(true);
    expect(
      (await post(app, `/api/v1/admin/orders/${id}/status/`, { status: 'SHIPPED' }, partner.token)).status,
    ).toBe(403);
    expect((await adminMove(app, admin, 999_999, 'PROCESSED')).status).toBe(404);
  });

  test('sets the track number, serial number and estimated shipping date the partner then sees', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const id = (await createOrder(app, partner.token, {})).body.id;
    const set = await call(app, 'PATCH', `/api/v1/admin/orders/${id}/`, {
      token: admin,
      body: { track_number: ' TRK-123 ', serial_number: 'SN-0001', estimated_shipping_date: '2026-12-15' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await post(app, ONE, { order_id: id }, partner.token)).body).toMatchObject({
      track_number: 'TRK-123',
      serial_number: 'SN-0001',
      estimated_shipping_date: '2026-12-15',
    });
    const bad = await call(app, 'PATCH', `/api/v1/admin/orders/${id}/`, {
      token: admin,
      body: { estimated_shipping_date: '15.12.2026' },
    });
    expect(bad).toMatchObject({ status: 400, body: { estimated_shipping_date: [MESSAGES.dateInvalid] } });
    const cleared = await call(app, 'PATCH', `/api/v1/admin/orders/${id}/`, {
      token: admin,
      body: { track_number: null },
    });
    expect(cleared.body).toMatchObject({ track_number: null, serial_number: 'SN-0001' });
    expect(await countRows(app, auditLog, eq(auditLog.action, 'order.updated'))).toBe(2);
    expect(
      (await call(app, 'PATCH', `/api/v1/admin/orders/${id}/`, { token: partner.token, body: {} })).status,
    ).toBe(403);
  });

  test('lists every order by status and page', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    await adjust(app, bob.id, 'USDT', '1000');
    await createOrder(app, alice.token, {});
    await createOrder(app, bob.token, { pay_from_balance: true });
    const all = await call(app, 'GET', '/api/v1/admin/orders/', { token: admin });
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((order: { user_email: string }) => order.user_email)).toEqual([
      bob.email,
      alice.email,
    ]);
    const paid = await call(app, 'GET', '/api/v1/admin/orders/?status=PAID&page=1', { token: admin });
    expect(paid.body).toMatchObject({ count: 1, results: [{ user_id: bob.id, status: 'PAID' }] });
    expect((await call(app, 'GET', '/api/v1/admin/orders/?status=nope', { token: admin })).status).toBe(400);
    expect((await call(app, 'GET', '/api/v1/admin/orders/', { token: alice.token })).status).toBe(403);
  });

  test('canceling or failing a paid order refunds each purchase by its own transfer, once, and cancels its nodes', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '5000');
    const a = (await createOrder(app, partner.token, { starlink: true, pay_from_balance: true })).body.id;
    const b = (await createOrder(app, partner.token, { quantity: 2, pay_from_balance: true })).body.id;
    expect((await balances(app, partner.token)).usdt).toBe('1400.000000');

    expect((await adminMove(app, admin, a, 'Canceled')).body).toMatchObject({ status: 'Canceled' });
    expect((await balances(app, partner.token)).usdt).toBe('3000.000000');
    expect(await adminMove(app, admin, a, 'Failed')).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderClosed] },
    });
    await adminMove(app, admin, b, 'PROCESSED');
    expect((await adminMove(app, admin, b, 'Failed')).body).toMatchObject({ status: 'Failed' });
    expect((await balances(app, partner.token)).usdt).toBe('5000.000000');

    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'refund'))).toBe(3);
    expect(await countRows(app, purchases, eq(purchases.status, 'refunded'))).toBe(3);
    expect(await countRows(app, compensationEvents, eq(compensationEvents.kind, 'refund'))).toBe(3);
    expect(await countRows(app, nodes, eq(nodes.status, 'canceled'))).toBe(3);
    expect(await countRows(app, nodes, eq(nodes.status, 'active'))).toBe(0);
    // An unpaid order is canceled with nothing to refund.
    const unpaid = (await createOrder(app, partner.token, {})).body.id;
    expect((await adminMove(app, admin, unpaid, 'Canceled')).body.status).toBe('Canceled');
    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'refund'))).toBe(3);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('orders a tariff includes', () => {
  test('open PAID with total 0 and no address; the partner fills it before the order ships', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const mentor = await registerPartner(app);
    const partner = await registerPartner(app, { promocode: mentor.referralId });
    await adjust(app, partner.id, 'USDT', '7500');
    await buyTariff(app, partner, 'tariff-7500');
    const [purchase] = await app.database.db.select().from(purchases).where(eq(purchases.userId, partner.id));
    const opened = await app.database.db.select().from(orders).where(eq(orders.userId, partner.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.sourcePurchaseId).toBe(purchase!.id);
    const id = opened[0]!.id;
    const shown = await post(app, ONE, { order_id: id }, partner.token);
    expect(shown.body).toMatchObject({
      status: 'PAID',
      quantity: 2,
      total: '0.000000',
      included: true,
      shipping: null,
      address_editable: true,
    });
    const held = await app.database.db.select().from(nodes).where(eq(nodes.orderId, id));
    expect(held.map((node) => [node.purchaseId, node.hostingUserId])).toEqual([
      [purchase!.id, mentor.id],
      [purchase!.id, mentor.id],
    ]);
    expect((await adminMove(app, admin, id, 'PROCESSED')).status).toBe(200);
    expect(await adminMove(app, admin, id, 'PREPARING_TO_SHIP')).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNoShippingAddress] },
    });
    expect((await post(app, UPDATE, { order_id: id, shipping: SHIPPING }, partner.token)).status).toBe(200);
    expect((await adminMove(app, admin, id, 'PREPARING_TO_SHIP')).status).toBe(200);
    // Canceling it returns nothing: the tariff paid it.
    expect((await adminMove(app, admin, id, 'Canceled')).status).toBe(200);
    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'refund'))).toBe(0);
  });
});

describe('create_order_and_register_user (the landing flow)', () => {
  test('registers with the mentor of the promo code and opens the order: {auth_data.token, user, order}', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const input = partnerInput({ promocode: mentor.referralId });
    const answer = await post(app, LANDING, {
      ...input,
      product_id: await productId(app, 'device'),
      quantity: 1,
      starlink: true,
      shipping: SHIPPING,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      auth_data: { token: expect.any(String) },
      user: { email: input.email, mentor_id: mentor.id },
      order: { status: 'WAIT_PAYMENT', total: '1600.000000', starlink: true },
    });
    expect(answer.body.user.password).toBeUndefined();
    // The token signs in: the new partner sees the order.
    const mine = await post(app, LIST, {}, answer.body.auth_data.token);
    expect(mine.body.results.map((order: { id: number }) => order.id)).toEqual([answer.body.order.id]);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, answer.body.order.id));
    expect(row!.hostingUserId).toBe(mentor.id);
  });

  test('an invalid order registers nobody; an invalid registration orders nothing', async () => {
    const app = await testApp();
    const usersBefore = await countRows(app, users);
    const starlink = await productId(app, 'starlink');
    const input = partnerInput();
    const refused = await post(app, LANDING, { ...input, product_id: starlink, shipping: SHIPPING });
    expect(refused).toMatchObject({ status: 400, body: { product_id: [MESSAGES.orderProductNotDevice] } });
    const unknown = await post(app, LANDING, { ...input, product_id: 999_999, shipping: SHIPPING });
    expect(unknown.status).toBe(404);
    const noShipping = await post(app, LANDING, { ...input, product_id: await productId(app, 'device') });
    expect(noShipping.status).toBe(400);
    expect(await countRows(app, users)).toBe(usersBefore);

    const badCode = await post(app, LANDING, {
      ...input,
      promocode: 'NOSUCHCODE',
      product_id: await productId(app, 'device'),
      shipping: SHIPPING,
    });
    expect(badCode).toMatchObject({ status: 400, body: { promocode: [MESSAGES.invalidPromocode] } });
    const mismatch = await post(app, LANDING, {
      ...input,
      password_confirm: 'other-password',
      product_id: await productId(app, 'device'),
      shipping: SHIPPING,
    });
    expect(mismatch).toMatchObject({ status: 400, body: { password_confirm: [MESSAGES.passwordsMismatch] } });
    expect(await countRows(app, users)).toBe(usersBefore);
    expect(await countRows(app, orders)).toBe(0);

    // The same email again after a success: "Email is already exists." and no second order.
    const ok = await post(app, LANDING, {
      ...input,
      product_id: await productId(app, 'device'),
      shipping: SHIPPING,
    });
    expect(ok.status).toBe(201);
    const twice = await post(app, LANDING, {
      ...input,
      product_id: await productId(app, 'device'),
      shipping: SHIPPING,
    });
    expect(twice).toMatchObject({ status: 400, body: { email: [MESSAGES.emailExists] } });
    expect(await countRows(app, orders)).toBe(1);
  });
});

describe('paying an order by chain invoice', () => {
  async function orderFor(app: TTestApp, token: string, body: Record<string, unknown> = {}) {
    const created = await createOrder(app, token, body);
    expect(created.status).toBe(201);
    const invoice = await getInvoice(app, token, { purpose: 'order', order_id: created.body.id });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    return { order: created.body, invoice: invoice.body };
  }

  test("the invoice is the order's total in USDT at the partner's address; PAID at the third confirmation", async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const { order, invoice } = await orderFor(app, partner.token, { starlink: true });
    expect(invoice).toMatchObject({
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      network: 'BEP-20',
      currency: 'USDT',
      amount: '1600.000000',
      status: 'pending',
      confirmations_required: 3,
    });
    // At most the invoice TTL (60 minutes here), never past the order's own expiry.
    expect(Date.parse(invoice.expires_at)).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    // Asked again: the same invoice.
    expect((await getInvoice(app, partner.token, { purpose: 'order', order_id: order.id })).body).toEqual(
      invoice,
    );

    const hash = await devTransfer(app, invoice.address, 'USDT', '1600');
    await mineAndWatch(app, 2);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'confirming',
      confirmations: 2,
      hash,
    });
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body).toMatchObject({
      status: 'WAIT_PAYMENT',
      payment_confirming: true,
    });
    await mineAndWatch(app, 1);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'paid',
      confirmations: 3,
    });
    const paid = await post(app, ONE, { order_id: order.id }, partner.token);
    expect(paid.body).toMatchObject({ status: 'PAID', payment_confirming: false, expires_at: null });
    // Credited and spent in one go: the balance is back to zero, two purchases and two nodes... one device.
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(await countRows(app, purchases, eq(purchases.userId, partner.id))).toBe(2);
    expect(await countRows(app, nodes, eq(nodes.userId, partner.id))).toBe(1);
    // More blocks change nothing.
    await mineAndWatch(app, 3);
    await paymentStatus(app, partner.token, invoice.id);
    expect(await countRows(app, purchases)).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
    // A paid order makes no invoice any more.
    expect(await getInvoice(app, partner.token, { purpose: 'order', order_id: order.id })).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNotAwaitingPayment] },
    });
  });

  test('an overpayment stays on the balance', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const { order, invoice } = await orderFor(app, partner.token);
    await devTransfer(app, invoice.address, 'USDT', '1250.5');
    await mineAndWatch(app, 3);
    await paymentStatus(app, partner.token, invoice.id);
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body.status).toBe('PAID');
    expect((await balances(app, partner.token)).usdt).toBe('250.500000');
  });

  test('an underpayment stays on the balance and the order keeps waiting; the rest pays it from the balance', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const { order, invoice } = await orderFor(app, partner.token);
    await devTransfer(app, invoice.address, 'USDT', '400');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('pending');
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body.status).toBe('WAIT_PAYMENT');
    expect((await balances(app, partner.token)).usdt).toBe('400.000000');
    expect(await countRows(app, purchases)).toBe(0);
    await adjust(app, partner.id, 'USDT', '600');
    expect((await post(app, PAY, { order_id: order.id }, partner.token)).body.status).toBe('PAID');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });

  test('an order paid from the balance meanwhile leaves the chain payment on the balance', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const { order, invoice } = await orderFor(app, partner.token);
    await devTransfer(app, invoice.address, 'USDT', '1000');
    await mineAndWatch(app, 1);
    await paymentStatus(app, partner.token, invoice.id);
    await adjust(app, partner.id, 'USDT', '1000');
    expect((await post(app, PAY, { order_id: order.id }, partner.token)).body.status).toBe('PAID');
    await mineAndWatch(app, 2);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('paid');
    expect((await balances(app, partner.token)).usdt).toBe('1000.000000');
    expect(await countRows(app, purchases)).toBe(1);
  });

  test('an order whose transfer is confirming does not expire; one past its time with none is refused', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    // An order before it, so that the order's id and its invoice's differ.
    await createOrder(app, partner.token, {});
    const { order, invoice } = await orderFor(app, partner.token);
    expect(order.id).not.toBe(invoice.id);
    await devTransfer(app, invoice.address, 'USDT', '1000');
    await mineAndWatch(app, 1);
    await paymentStatus(app, partner.token, invoice.id);
    await setExpiry(app, order.id, new Date(Date.now() - 1000));
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body.status).toBe('WAIT_PAYMENT');
    // The expiry job leaves it too.
    expect(await expireOrders(app.database.db, new Date())).toBe(0);
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body.status).toBe('WAIT_PAYMENT');
    await mineAndWatch(app, 2);
    await paymentStatus(app, partner.token, invoice.id);
    expect((await post(app, ONE, { order_id: order.id }, partner.token)).body.status).toBe('PAID');

    const other = await createOrder(app, partner.token, {});
    await setExpiry(app, other.body.id, new Date(Date.now() - 1000));
    expect(await getInvoice(app, partner.token, { purpose: 'order', order_id: other.body.id })).toMatchObject(
      {
        status: 400,
        body: { non_field_errors: [MESSAGES.orderNotAwaitingPayment] },
      },
    );
    expect(await countRows(app, invoices, eq(invoices.orderId, other.body.id))).toBe(0);
  });
});
