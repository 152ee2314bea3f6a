import { MESSAGES } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/schema';
import { auditBonuses } from '../../src/modules/compensation/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance, ledgerHealth } from '../helpers/money';
import { orderDevice, SHIPPING } from '../helpers/shop';
import { buyTariff } from '../helpers/tariffs';

const FINANCE = 'finance-pass-1';
const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function partner(app: TTestApp, usdt: string, mentor?: TPartner): Promise<TPartner> {
  const created = await registerPartner(app, mentor ? { promocode: mentor.referralId } : {});
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}

const refund = (
  app: TTestApp,
  admin: string,
  orderId: number,
  body: unknown = { reason: 'returned' },
  key?: string,
) =>
  call(app, 'POST', `/api/v1/admin/orders/${orderId}/refund/`, {
    token: admin,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** M (500) invited B; B's device paid M an invite of 70, which M spends on a virtual node of 100 (M had 50). */
async function spentInvite(app: TTestApp) {
  const m = await partner(app, '550');
  await buyTariff(app, m, 'tariff-500');
  const b = await partner(app, '1000', m);
  const orderId = await orderDevice(app, b);
  expect((await balances(app, m.token)).usdt).toBe('120.000000');
  const products = await call(app, 'GET', '/api/v1/products/', { token: m.token });
  const node = products.body.find((product: { code: string }) => product.code === 'virtual-node-100');
  expect((await post(app, '/api/v1/virtual_node/purchase/', { product_id: node.id }, m.token)).status).toBe(
    201,
  );
  return { m, b, orderId };
}

describe('an operator refunds a paid device order (api.md; compensation-plan.md 5a)', () => {
  it('cancels it, pays the buyer back, reverses the bonuses it paid; what was spent is a debt; once', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const { m, b, orderId } = await spentInvite(app);

    const first = await refund(app, admin, orderId, { reason: 'The customer sent it back.' }, 'refund-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ status: 'Canceled', refunded: '1000.000000' });
    expect((await balances(app, b.token)).usdt).toBe('1000.000000');
    // M held 20 of the 70: 20 taken back, 50 owed.
    expect(await balances(app, m.token)).toMatchObject({ usdt: '0.000000', debt: '50.000000' });
    expect(await companyBalance(app, 'company:bonus_debts')).toBe(-50_000_000n);

    // The same key answers the same; another refund of the order is 409 and moves nothing.
    expect(
      (await refund(app, admin, orderId, { reason: 'The customer sent it back.' }, 'refund-1')).body,
    ).toEqual(first.body);
    const again = await refund(app, admin, orderId, { reason: 'again' }, 'refund-2');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: MESSAGES.orderRefundedAlready });
    expect((await balances(app, b.token)).usdt).toBe('1000.000000');

    // The debt and its reason, for M only.
    const debts = await call(app, 'GET', '/api/v1/mlm/debts/', { token: m.token });
    expect(debts.body).toMatchObject({
      total: '50.000000',
      debts: [
        {
          amount: '50.000000',
          repaid: '0.000000',
          open: '50.000000',
          bonus_type: 'invite',
          purchase: { product_kind: 'device' },
        },
      ],
    });
    expect((await call(app, 'GET', '/api/v1/mlm/debts/', { token: b.token })).body).toEqual({
      total: '0.000000',
      debts: [],
    });
    expect((await call(app, 'GET', '/api/v1/mlm/debts/')).status).toBe(401);

    // The reversal's explanation links the invite it reverses, and says what became debt.
    const reversalId = debts.body.debts[0].reversal_payout_id as number;
    const reversal = await call(app, 'GET', `/api/v1/mlm/payouts/${reversalId}/`, { token: m.token });
    expect(reversal.body).toMatchObject({
      bonus_type: 'invite',
      credited: '-70.000000',
      taken: '20.000000',
      debt: '50.000000',
    });
    const invite = await call(app, 'GET', `/api/v1/mlm/payouts/${reversal.body.reverses}/`, {
      token: m.token,
    });
    expect(invite.body).toMatchObject({
      credited: '70.000000',
      reversed: '70.000000',
      reversed_by: [reversalId],
      position: { ordinal: 1 },
    });
    // Nobody else reads it.
    expect((await call(app, 'GET', `/api/v1/mlm/payouts/${reversalId}/`, { token: b.token })).status).toBe(
      404,
    );

    // The audit row names the operator and the reason, written with the refund.
    const [logged] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.refunded'));
    expect(logged).toMatchObject({
      userId: b.id,
      details: { reason: 'The customer sent it back.', refunded: '1000.000000' },
    });
    expect(logged!.actorId).not.toBeNull();
    expect((await ledgerHealth(app)).ok).toBe(true);
    expect((await auditBonuses(app.database.db)).sample).toEqual([]);
  });

  it('refuses a partner, an unpaid order, a missing or empty reason, and an unknown order, moving nothing', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const buyer = await partner(app, '500');
    const products = await call(app, 'GET', '/api/v1/products/', { token: buyer.token });
    const device = products.body.find((product: { kind: string }) => product.kind === 'device');
    const unpaid = await post(
      app,
      '/api/v1/products/create_order/',
      { product_id: device.id, shipping: SHIPPING, pay_from_balance: false },
      buyer.token,
    );
    expect(unpaid.status).toBe(201);
    expect((await refund(app, buyer.token, unpaid.body.id)).status).toBe(403);
    expect(await refund(app, admin, unpaid.body.id)).toMatchObject({
      status: 400,
      body: { non_field_errors: [MESSAGES.orderNotPaid] },
    });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 5 }]) {
      const refused = await refund(app, admin, unpaid.body.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toHaveProperty('reason');
    }
    expect((await refund(app, admin, 999_999)).status).toBe(404);
    expect((await balances(app, buyer.token)).usdt).toBe('500.000000');
  });
});

describe('a debt', () => {
  it('stops withdrawals with a clear message until the next bonuses repay it first', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const { m, orderId } = await spentInvite(app);
    await refund(app, admin, orderId);
    const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      token: m.token,
      body: { finance_password: FINANCE, password: m.password },
    });
    expect(set.status).toBe(200);
    await adjust(app, m.id, 'USDT', '100');
    const withdraw = () =>
      call(app, 'POST', '/api/v1/withdraw/request/', {
        token: m.token,
        body: {
          currency: 'USDT',
          network: 'BEP-20',
          address: BEP20,
          amount: '20',
          finance_password: FINANCE,
        },
      });
    const refused = await withdraw();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      non_field_errors: [MESSAGES.withdrawalDebtOpen.replace('{amount}', '50.000000')],
    });
    expect((await balances(app, m.token)).usdt).toBe('100.000000');

    // Another invitee's device: the invite of 70 repays the 50 first; 20 reaches the balance.
    const c = await partner(app, '1000', m);
    await orderDevice(app, c);
    expect(await balances(app, m.token)).toMatchObject({ usdt: '120.000000', debt: '0.000000' });
    const lines = await post(app, '/api/v1/payments/finances/', { ordering: '-date' }, m.token);
    const repayment = lines.body.results.find(
      (line: { operation_type: string; amount: string }) =>
        line.operation_type === 'adjustment' && line.amount === '-50.000000',
    );
    expect(repayment.details).toMatchObject({ reason: 'debt_repayment' });
    expect((await withdraw()).status).toBe(201);
    expect((await auditBonuses(app.database.db)).sample).toEqual([]);
  });
});

describe('the replay audit for operators', () => {
  it('runs in the background from the admin call, one at a time, and shows its last run; partners get 403', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    await spentInvite(app);
    expect((await call(app, 'GET', '/api/v1/admin/bonus-audit/', { token: admin })).body).toEqual({
      running: false,
      last: null,
    });
    const started = await post(app, '/api/v1/admin/bonus-audit/', {}, admin);
    expect(started.status).toBe(202);
    let last: Record<string, unknown> | null = null;
    for (let tries = 0; tries < 100; tries++) {
      const answer = await call(app, 'GET', '/api/v1/admin/bonus-audit/', { token: admin });
      if (!answer.body.running && answer.body.last?.finished_at) {
        last = answer.body.last;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(last).toMatchObject({
      id: started.body.id,
      trigger: 'admin',
      ok: true,
      differences: 0,
      sample: [],
      error: null,
    });
    expect(last!.events).toBeGreaterThanOrEqual(3);
    expect(last!.postings).toBeGreaterThanOrEqual(3);
    const partnerToken = (await registerPartner(app)).token;
    expect((await call(app, 'GET', '/api/v1/admin/bonus-audit/', { token: partnerToken })).status).toBe(403);
    expect((await post(app, '/api/v1/admin/bonus-audit/', {}, partnerToken)).status).toBe(403);
  });

  it('names each difference when the ledger does not match the events: an edited payout is found', async () => {
    const app = await testApp();
    const { m } = await spentInvite(app);
    await app.database.db.execute(
      (await import('drizzle-orm')).sql`update payouts set gross = gross + 1, credited = credited + 1
        where payee_id = ${m.id} and bonus_type = 'invite'`,
    );
    const report = await auditBonuses(app.database.db);
    expect(report.ok).toBe(false);
    expect(report.sample).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payee_id: m.id, what: 'gross', expected: '70000000', found: '70000001' }),
        expect.objectContaining({
          payee_id: m.id,
          what: 'credited',
          expected: '70000000',
          found: '70000001',
        }),
      ]),
    );
  });

  it('finds a reversal that names another payout and an edited plan version', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const { m, orderId } = await spentInvite(app);
    expect((await refund(app, admin, orderId)).status).toBe(200);
    const { sql } = await import('drizzle-orm');
    expect((await auditBonuses(app.database.db)).ok).toBe(true);
    // The reversal of M's invite now claims to reverse itself.
    await app.database.db.execute(
      sql`update payouts set reverses_payout_id = id where payee_id = ${m.id} and reverses_payout_id is not null`,
    );
    await app.database.db.execute(
      sql`update payouts set plan_version = 'edited' where id = (select max(id) from payouts where payee_id = ${m.id})`,
    );
    const report = await auditBonuses(app.database.db);
    expect(report.ok).toBe(false);
    expect(report.sample).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payee_id: m.id, what: 'reverses' }),
        expect.objectContaining({ payee_id: m.id, what: 'plan version', found: 'edited' }),
      ]),
    );
  });

  it('runs one audit at a time', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    // While a run is under way a second one is refused.
    const first = await post(app, '/api/v1/admin/bonus-audit/', {}, admin);
    const second = await post(app, '/api/v1/admin/bonus-audit/', {}, admin);
    expect([first.status, second.status]).toContain(202);
    if (second.status !== 202)
      expect(second).toMatchObject({ status: 409, body: { detail: MESSAGES.bonusAuditRunning } });
  });
});
