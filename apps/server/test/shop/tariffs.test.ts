import { MESSAGES } from '@portal/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  capWindows,
  dftGrants,
  ledgerTransfers,
  nodes,
  orders,
  purchaseRequests,
  purchases,
  users,
  walletOperations,
} from '../../src/schema';
import { createCatalog } from '../../src/modules/catalog/service';
import { deleteExpiredRequests } from '../../src/modules/tariffs/repo';
import { drainFold } from '../../src/modules/compensation/service';
import { createTariffs } from '../../src/modules/tariffs/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { noticesOf } from '../notifications/helpers';
import { buyTariff, tariffId } from '../helpers/tariffs';

const PACKAGES = '/api/v1/mlm/packages/';
const TERMS = '/api/v1/mlm/packages/terms/';
const ACTIVE = '/api/v1/mlm/package/active/';
const REQUEST = '/api/v1/mlm/package/purchase/request/';
const CONFIRM = '/api/v1/mlm/package/purchase/confirm/';
const SIDE = '/api/v1/mlm/set-binary-structure-side/';

async function funded(app: TTestApp, usdt: string, overrides: Record<string, unknown> = {}) {
  const partner = await registerPartner(app, overrides);
  await adjust(app, partner.id, 'USDT', usdt);
  return partner;
}

const ask = (app: TTestApp, partner: TPartner, packageId: number, extra: Record<string, unknown> = {}) =>
  post(
    app,
    REQUEST,
    { package_id: packageId, mentor_confirmed: true, terms_accepted: true, ...extra },
    partner.token,
  );

const confirm = (app: TTestApp, partner: TPartner, requestId: string, key?: string) =>
  call(app, 'POST', CONFIRM, {
    token: partner.token,
    body: { request_id: requestId },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const active = async (app: TTestApp, partner: TPartner) => (await post(app, ACTIVE, {}, partner.token)).body;
const db = (app: TTestApp) => app.database.db;

describe('tariff list and terms', () => {
  test('lists the seeded tariffs with price, node, matching depth and cap multiplier', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const list = await call(app, 'GET', PACKAGES, { token: partner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((item: { name: string }) => item.name)).toEqual([
      '50 Promo',
      '500',
      '1500',
      '3000',
      '7500',
      '45000',
    ]);
    expect(list.body[1]).toMatchObject({
      name: '500',
      price: '500.000000',
      includes_node: true,
      matching_depth: 3,
      bonus_cap_multiplier: 5,
      node_kind: 'virtual',
      nodes: 1,
    });
    expect(list.body[0]).toMatchObject({ includes_node: false, matching_depth: 1, nodes: 0 });
    const terms = await call(app, 'GET', TERMS, { token: partner.token });
    expect(terms.status).toBe(200);
    expect(terms.body.version).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(terms.body.text).toContain('5 times');
  });

  test('a partner who never bought is Inactive with no window', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect(await active(app, partner)).toEqual({
      package: null,
      status: 'Inactive',
      cap: '0.000000',
      earned: '0.000000',
      cap_left: '0.000000',
      lost_profit_pending: '0.000000',
    });
  });
});

describe('buying a tariff', () => {
  test('first purchase: paid from USDT, window 5x, DFT granted locked, virtual node included', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const { quote, paid } = await buyTariff(app, partner, 'tariff-500');
    expect(quote).toMatchObject({
      price: '500.000000',
      discount: '0.000000',
      total: '500.000000',
      currency: 'USDT',
      kind: 'new',
    });
    expect(Date.parse(quote.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(paid).toMatchObject({ success: true, package: { name: '500' } });

    const after = await balances(app, partner.token);
    expect(after.usdt).toBe('100.000000');
    expect(after.dft_locked).toBe('500.00000000');
    expect(after.dft_available).toBe('0.00000000');
    // The grant is its own transfer, a DFT bonus named by the purchase, beside its statement line.
    const [bought] = await app.database.db.select().from(purchases).where(eq(purchases.userId, partner.id));
    const granted = `dft:grant:tariff:${bought!.id}`;
    const [transfer] = await app.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, granted));
    expect(transfer).toMatchObject({ operationType: 'bonus', bonusType: 'dft', details: {} });
    const [line] = await app.database.db
      .select()
      .from(walletOperations)
      .where(eq(walletOperations.reference, granted));
    expect(line).toMatchObject({
      currency: 'DFT',
      amount: 50_000_000_000n,
      bonusType: 'dft',
      status: 'completed',
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
    expect(await active(app, partner)).toMatchObject({
      package: { name: '500' },
      status: 'Active',
      cap: '2500.000000',
      earned: '0.000000',
      cap_left: '2500.000000',
    });
    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase).toMatchObject({ kind: 'tariff', netPrice: 500_000_000n, bv: 500_000_000n });
    expect(purchase!.details).toMatchObject({ tariff_purchase: 'new', terms_version: expect.any(String) });
    const [grant] = await app.database.db.select().from(dftGrants);
    expect(grant).toMatchObject({ userId: partner.id, amount: 50_000_000_000n, unlockedParts: 0 });
    const rows = await app.database.db.select().from(nodes).where(eq(nodes.userId, partner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'virtual', purchaseId: purchase!.id, status: 'active' });
    expect(await countRows(app, orders)).toBe(0);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('both checkboxes are required, each with its own message, and nothing is written', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const id = await tariffId(app, 'tariff-500');
    const none = await post(app, REQUEST, { package_id: id }, partner.token);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      mentor_confirmed: [MESSAGES.mentorNotConfirmed],
      terms_accepted: [MESSAGES.termsNotAccepted],
    });
    const unchecked = await post(
      app,
      REQUEST,
      { package_id: id, mentor_confirmed: true, terms_accepted: false },
      partner.token,
    );
    expect(unchecked.status).toBe(400);
    expect(unchecked.body).toEqual({ terms_accepted: [MESSAGES.termsNotAccepted] });
    expect(await countRows(app, purchaseRequests)).toBe(0);
  });

  test('a product that is not a tariff, or an unknown one, is refused', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const node = await ask(app, partner, await tariffId(app, 'virtual-node-100'));
    expect(node.status).toBe(400);
    expect(node.body).toEqual({ package_id: [MESSAGES.notATariff] });
    const unknown = await ask(app, partner, 999_999);
    expect(unknown.status).toBe(404);
  });

  test('insufficient funds: the spec message and nothing written', async () => {
    const app = await testApp();
    const partner = await funded(app, '499.999999');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const paid = await confirm(app, partner, quote.body.request_id, 'k1');
    expect(paid.status).toBe(400);
    expect(paid.body).toEqual({ non_field_errors: [MESSAGES.insufficientFunds] });
    expect((await balances(app, partner.token)).usdt).toBe('499.999999');
    expect(await countRows(app, purchases)).toBe(0);
    expect(await countRows(app, capWindows)).toBe(0);
    expect(await countRows(app, dftGrants)).toBe(0);
    expect(await countRows(app, nodes)).toBe(0);
    expect(await countRows(app, walletOperations, eq(walletOperations.operationType, 'purchase'))).toBe(0);
    // the request stays usable once the balance is topped up
    await adjust(app, partner.id, 'USDT', '1');
    expect((await confirm(app, partner, quote.body.request_id, 'k2')).status).toBe(200);
  });

  test('an expired request answers a clear 400 on read, without any job', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'));
    await app.database.db
      .update(purchaseRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchaseRequests.id, quote.body.request_id));
    const paid = await confirm(app, partner, quote.body.request_id);
    expect(paid.status).toBe(400);
    expect(paid.body).toEqual({ non_field_errors: [MESSAGES.purchaseRequestExpired] });
    expect(await countRows(app, purchases)).toBe(0);
  });

  test('a promo code goes through the pricing step (no code exists until the promotions issue)', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'), { promocode: 'SAVE10' });
    expect(quote.status).toBe(400);
    expect(quote.body).toEqual({ promocode: [MESSAGES.promocodeNotExists] });
    expect(await countRows(app, purchaseRequests)).toBe(0);
  });

  test('the cleanup job removes unpaid requests a day past expiry, and keeps the rest', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const id = await tariffId(app, 'tariff-50');
    const old = await ask(app, partner, id);
    const fresh = await ask(app, partner, id);
    await app.database.db
      .update(purchaseRequests)
      .set({ expiresAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(purchaseRequests.id, old.body.request_id));
    const tariffs = createTariffs({
      db: app.database.db,
      catalog: createCatalog({ db: app.database.db, amountMax: testConfig().amountMax }),
    });
    expect(await tariffs.cleanup()).toBe(1);
    expect((await confirm(app, partner, old.body.request_id)).status).toBe(404);
    expect((await confirm(app, partner, fresh.body.request_id)).status).toBe(200);
  });

  test('the cleanup drains every due request in batches, shared by runs at once', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const id = await tariffId(app, 'tariff-50');
    const asked = [];
    for (let i = 0; i < 7; i += 1) asked.push(await ask(app, partner, id));
    const { db } = app.database;
    await db.update(purchaseRequests).set({ expiresAt: new Date(Date.now() - 25 * 3600_000) });
    const before = new Date(Date.now() - 24 * 3600_000);
    const runs = await Promise.all([
      deleteExpiredRequests(db, before, 2),
      deleteExpiredRequests(db, before, 2),
    ]);
    expect(runs[0] + runs[1]).toBe(7);
    expect(await countRows(app, purchaseRequests)).toBe(0);
  });

  test("another partner's request, or an unknown one, is not found", async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    const other = await funded(app, '600');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const stolen = await confirm(app, other, quote.body.request_id);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ detail: MESSAGES.purchaseRequestNotFound });
    expect((await confirm(app, partner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await balances(app, other.token)).usdt).toBe('600.000000');
  });

  test('a request is paid once: confirming it again is refused', async () => {
    const app = await testApp();
    const partner = await funded(app, '5000');
    const { quote } = await buyTariff(app, partner, 'tariff-50');
    const again = await confirm(app, partner, quote.request_id);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: [MESSAGES.purchaseRequestUsed] });
    expect((await balances(app, partner.token)).usdt).toBe('4950.000000');
  });
});

describe('upgrades and renewals', () => {
  test('while Active, an upgrade pays the difference and the window grows by 5x it', async () => {
    const app = await testApp();
    const partner = await funded(app, '1600');
    await buyTariff(app, partner, 'tariff-500');
    const { quote, paid } = await buyTariff(app, partner, 'tariff-1500');
    expect(quote).toMatchObject({ kind: 'upgrade', price: '1000.000000', total: '1000.000000' });
    expect(paid.package.name).toBe('1500');
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');
    expect(await active(app, partner)).toMatchObject({
      package: { name: '1500' },
      status: 'Active',
      cap: '7500.000000',
    });
    expect(await countRows(app, capWindows)).toBe(1);
    // DFT: 500 then the 1000 difference
    expect((await balances(app, partner.token)).dft_locked).toBe('1500.00000000');
    // the 1500 includes a device the 500 did not: one included order of 1 device
    const [order] = await app.database.db.select().from(orders);
    expect(order).toMatchObject({ userId: partner.id, quantity: 1, status: 'PAID', total: 0n });
    expect(await countRows(app, nodes, eq(nodes.kind, 'device'))).toBe(1);
    expect(await countRows(app, nodes, eq(nodes.kind, 'virtual'))).toBe(1);
    // The partner is told of the included order by its number, never an internal reference.
    expect(order!.number).toMatch(/^DN-\d{6}$/);
    const told = (await noticesOf(app, partner.id)).filter((notice) => notice.kind === 'orders');
    expect(told.length).toBeGreaterThan(0);
    for (const notice of told)
      expect(notice.payload).toMatchObject({ number: order!.number, status: 'PAID' });
  });

  test('an upgrade adds only the devices the higher tariff includes beyond the held one', async () => {
    const app = await testApp();
    const partner = await funded(app, '45000');
    await buyTariff(app, partner, 'tariff-1500');
    expect(await countRows(app, nodes, eq(nodes.kind, 'device'))).toBe(1);
    await buyTariff(app, partner, 'tariff-3000');
    expect(await countRows(app, nodes, eq(nodes.kind, 'device'))).toBe(1);
    await buyTariff(app, partner, 'tariff-7500');
    expect(await countRows(app, nodes, eq(nodes.kind, 'device'))).toBe(2);
    await buyTariff(app, partner, 'tariff-45000');
    expect(await countRows(app, nodes, eq(nodes.kind, 'device'))).toBe(10);
    const included = await app.database.db.select().from(orders);
    expect(included.map((order) => order.quantity)).toEqual([1, 1, 8]);
    expect(included.every((order) => order.sourcePurchaseId !== null && order.total === 0n)).toBe(true);
    expect((await active(app, partner)).cap).toBe('225000.000000');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });

  test('a fresh 45000 opens one order of 10 devices; a 7500 one of 2', async () => {
    const app = await testApp();
    const big = await funded(app, '45000');
    await buyTariff(app, big, 'tariff-45000');
    const mid = await funded(app, '7500');
    await buyTariff(app, mid, 'tariff-7500');
    const rows = await app.database.db.select().from(orders);
    expect(rows.map((row) => [row.userId, row.quantity])).toEqual([
      [big.id, 10],
      [mid.id, 2],
    ]);
    expect(await countRows(app, nodes, eq(nodes.userId, big.id))).toBe(10);
    expect(await countRows(app, nodes, eq(nodes.userId, mid.id))).toBe(2);
  });

  test('while Active, the same or a lower tariff is refused with the spec message', async () => {
    const app = await testApp();
    const partner = await funded(app, '5000');
    await buyTariff(app, partner, 'tariff-1500');
    for (const code of ['tariff-1500', 'tariff-500', 'tariff-50']) {
      const refused = await ask(app, partner, await tariffId(app, code));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        non_field_errors: ["You cannot purchase this tariff. It's already purchased."],
      });
    }
    expect(await countRows(app, purchaseRequests)).toBe(1);
  });

  test('invites fill the window up to the cap; when full the tariff is Inactive and a renewal opens a new 5x window', async () => {
    const app = await testApp();
    const partner = await funded(app, '600');
    await buyTariff(app, partner, 'tariff-50');
    const { db } = app.database;
    // Invitees buying 1500 (invite 105) fill the 250 window: 105, 210, then 40 of the third.
    for (const expected of [
      { status: 'Active', earned: '105.000000', cap_left: '145.000000', lost_profit_pending: '0.000000' },
      { status: 'Active', earned: '210.000000', cap_left: '40.000000', lost_profit_pending: '0.000000' },
      { status: 'Inactive', earned: '250.000000', cap_left: '0.000000', lost_profit_pending: '65.000000' },
    ]) {
      const invitee = await funded(app, '1500', { promocode: partner.referralId });
      await buyTariff(app, invitee, 'tariff-1500');
      expect(await active(app, partner)).toMatchObject(expected);
    }
    // a full window takes nothing more: all of the next invite is lost profit
    const late = await funded(app, '50', { promocode: partner.referralId });
    await buyTariff(app, late, 'tariff-50');
    expect(await active(app, partner)).toMatchObject({
      earned: '250.000000',
      lost_profit_pending: '68.500000',
    });

    // Inactive: any tariff renews, even the same or a cheaper one, at its full price; the pending
    // lost profit is recovered into the new window at once (in the fold, the renewal's first step).
    const { quote } = await buyTariff(app, partner, 'tariff-50');
    expect(quote).toMatchObject({ kind: 'renewal', total: '50.000000' });
    expect(await active(app, partner)).toMatchObject({
      status: 'Active',
      cap: '250.000000',
      earned: '68.500000',
      lost_profit_pending: '0.000000',
    });
    const windows = await db
      .select()
      .from(capWindows)
      .where(eq(capWindows.userId, partner.id))
      .orderBy(capWindows.id);
    expect(windows).toHaveLength(2);
    expect(windows[0]!.closedAt).not.toBeNull();
    expect(
      await countRows(app, capWindows, and(eq(capWindows.userId, partner.id), isNull(capWindows.closedAt))),
    ).toBe(1);
    expect((await balances(app, partner.token)).usdt).toBe(
      // 600 - 50 + 250 credited - 50 + 68.5 recovered
      '818.500000',
    );
  });

  test('right after the confirm, before the fold, package/active already shows the tariff bought', async () => {
    const app = await testApp({ settle: false });
    const partner = await funded(app, '1600');
    expect(await active(app, partner)).toMatchObject({ package: null, status: 'Inactive' });
    await buyTariff(app, partner, 'tariff-500');
    expect(await countRows(app, capWindows)).toBe(0);
    expect(await active(app, partner)).toMatchObject({
      package: { name: '500' },
      status: 'Active',
      cap: '2500.000000',
      earned: '0.000000',
    });
    // an upgrade decided on that view is an upgrade, and the fold applies both in order
    const { quote } = await buyTariff(app, partner, 'tariff-1500');
    expect(quote).toMatchObject({ kind: 'upgrade', total: '1000.000000' });
    expect(await active(app, partner)).toMatchObject({ package: { name: '1500' }, cap: '7500.000000' });
    await drainFold(app.database.db);
    expect(await db(app).select().from(capWindows)).toMatchObject([
      { cap: 7_500_000_000n, earned: 0n, closedAt: null },
    ]);
  });
});

describe('double submits and races', () => {
  test('a double submit with one Idempotency-Key charges once', async () => {
    const app = await testApp();
    const partner = await funded(app, '1200');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const [first, second] = await Promise.all([
      confirm(app, partner, quote.body.request_id, 'same-key'),
      confirm(app, partner, quote.body.request_id, 'same-key'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect((await balances(app, partner.token)).usdt).toBe('700.000000');
    expect(await countRows(app, purchases)).toBe(1);
    expect(await countRows(app, dftGrants)).toBe(1);
  });

  test('one request confirmed twice at once (two keys): paid once, the other answers that it was used', async () => {
    const app = await testApp();
    const partner = await funded(app, '5000');
    const quote = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const answers = await Promise.all(
      ['k1', 'k2', 'k3'].map((key) => confirm(app, partner, quote.body.request_id, key)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    for (const answer of answers.filter((item) => item.status === 400))
      expect(answer.body).toEqual({ non_field_errors: [MESSAGES.purchaseRequestUsed] });
    expect((await balances(app, partner.token)).usdt).toBe('4500.000000');
    expect(await countRows(app, purchases)).toBe(1);
  });

  test('parallel confirms of two different requests by one partner do not double-buy', async () => {
    const app = await testApp();
    const partner = await funded(app, '5000');
    const a = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const b = await ask(app, partner, await tariffId(app, 'tariff-500'));
    const c = await ask(app, partner, await tariffId(app, 'tariff-1500'));
    const answers = await Promise.all([
      confirm(app, partner, a.body.request_id, 'ka'),
      confirm(app, partner, b.body.request_id, 'kb'),
      confirm(app, partner, c.body.request_id, 'kc'),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 200)) {
      expect(answer.status).toBe(400);
      expect([[MESSAGES.tariffAlreadyPurchased], [MESSAGES.purchaseRequestStale]]).toContainEqual(
        answer.body.non_field_errors,
      );
    }
    expect(await countRows(app, purchases)).toBe(1);
    expect(await countRows(app, capWindows)).toBe(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('mentor and binary side', () => {
  test('an admin can change the mentor until the first paid tariff, then never', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const other = await registerPartner(app);
    const partner = await funded(app, '600', { promocode: mentor.referralId });
    const admin = await loginAdmin(app);
    const url = `/api/v1/admin/users/${partner.id}/mentor/`;

    const changed = await post(app, url, { mentor_id: other.id }, admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ id: partner.id, mentor_id: other.id });
    // a loop: the partner's own downline (or the partner) cannot become the mentor
    const child = await registerPartner(app, { promocode: partner.referralId });
    expect((await post(app, url, { mentor_id: child.id }, admin)).body).toEqual({
      mentor_id: [MESSAGES.mentorInvalid],
    });
    expect((await post(app, url, { mentor_id: partner.id }, admin)).status).toBe(400);
    // partners cannot call it
    expect((await post(app, url, { mentor_id: mentor.id }, partner.token)).status).toBe(403);

    await buyTariff(app, partner, 'tariff-50');
    const refused = await post(app, url, { mentor_id: mentor.id }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [MESSAGES.mentorFixed] });
    const [row] = await app.database.db
      .select({ mentorId: users.mentorId })
      .from(users)
      .where(eq(users.id, partner.id));
    expect(row!.mentorId).toBe(other.id);
    const [purchase] = await app.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.userId, partner.id)));
    expect(purchase!.details).toMatchObject({ mentor_id: other.id });
  });

  test('set-binary-structure-side stores the side; anything else is refused', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const right = await post(app, SIDE, { side: 'right' }, partner.token);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ side: 'right' });
    const profile = await post(app, '/api/v1/accounts/info/', {}, partner.token);
    expect(profile.body.binary_side).toBe('right');
    const bad = await post(app, SIDE, { side: 'up' }, partner.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ side: [MESSAGES.invalidBinarySide] });
  });
});
