import { MESSAGES, REPORT_KINDS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, requestWithdrawal } from '../helpers/money';
import { orderDevice } from '../helpers/shop';
import { buyTariff } from '../helpers/tariffs';

const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const report = (app: TTestApp, token: string, kind: string, query: string) =>
  call(app, 'GET', `/api/v1/admin/reports/${kind}/?${query}`, { token });

async function partner(app: TTestApp, usdt: string, mentor?: TPartner, name?: string): Promise<TPartner> {
  const created = await registerPartner(app, {
    ...(mentor ? { promocode: mentor.referralId } : {}),
    ...(name ? { first_name: name, last_name: 'Report' } : {}),
  });
  if (usdt !== '0') await adjust(app, created.id, 'USDT', usdt);
  return created;
}

/**
 * Rosa (3000) places Ann on the left and Ben on the right; both buy the 7500 tariff: Rosa is
 * paid two invites, a binary and Bronze (weaker leg 7500). Ann asks to withdraw 100 USDT.
 */
async function network(app: TTestApp) {
  const rosa = await partner(app, '3000', undefined, 'Rosa');
  await buyTariff(app, rosa, 'tariff-3000');
  const side = (leg: string) =>
    post(app, '/api/v1/mlm/set-binary-structure-side/', { side: leg }, rosa.token);
  expect((await side('left')).status).toBe(200);
  const ann = await partner(app, '7700', rosa, 'Ann');
  expect((await side('right')).status).toBe(200);
  const ben = await partner(app, '7500', rosa, 'Ben');
  await buyTariff(app, ann, 'tariff-7500');
  await buyTariff(app, ben, 'tariff-7500');
  const withdrawal = await requestWithdrawal(app, ann, '100');
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
  return { rosa, ann, ben };
}

describe('GET /api/v1/admin/reports/{kind}/: the back office reports', () => {
  it('sum the day: sales by product, bonuses by type, payouts, top earners, ranks and new partners', async () => {
    const app = await testApp();
    const { rosa, ann } = await network(app);
    const admin = await loginAdmin(app);
    const day = `from=${today()}&to=${today()}`;

    const sales = await report(app, admin, 'sales', day);
    expect(sales.status, JSON.stringify(sales.body)).toBe(200);
    expect(
      sales.body.rows.map((row: { kind: string; purchases: number; amount: string }) => [
        row.kind,
        row.purchases,
        row.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['tariff', 1, '3000.000000'],
        ['tariff', 2, '15000.000000'],
      ]),
    );
    expect(sales.body.rows[0].period).toBe(today());
    expect(sales.body.total).toEqual({ purchases: 3, amount: '18000.000000', bv: '18000.000000' });

    const bonuses = await report(app, admin, 'bonuses', day);
    const invite = bonuses.body.rows.find((row: { bonus_type: string }) => row.bonus_type === 'invite');
    // 7% of each 7500 tariff to Rosa.
    expect(invite).toMatchObject({
      currency: 'USDT',
      payouts: 2,
      credited: '1050.000000',
      reversed: '0.000000',
    });
    expect(bonuses.body.rows.map((row: { bonus_type: string }) => row.bonus_type)).toEqual(
      expect.arrayContaining(['invite', 'binary', 'qualification']),
    );

    const payouts = await report(app, admin, 'payouts', day);
    expect(payouts.body.rows).toEqual([
      {
        period: today(),
        currency: 'USDT',
        status: 'pending',
        count: 1,
        amount: '100.000000',
        fee: expect.any(String),
      },
    ]);

    const earners = await report(app, admin, 'top-earners', day);
    expect(earners.body.rows[0]).toMatchObject({ user_id: rosa.id, email: rosa.email, name: 'Rosa Report' });
    expect(Number(earners.body.rows[0].credited)).toBeGreaterThan(1050);

    const ranks = await report(app, admin, 'ranks', day);
    expect(ranks.body).toEqual({
      by_rank: [{ rank: 'Bronze', count: 1 }],
      rows: [
        {
          user_id: rosa.id,
          email: rosa.email,
          name: 'Rosa Report',
          rank: 'Bronze',
          reached_at: expect.any(String),
          credited: '100.000000',
        },
      ],
    });

    const newPartners = await report(app, admin, 'new-partners', day);
    // The three partners, the admin and the company root (accounts opened at setup today).
    expect(newPartners.body.rows).toHaveLength(1);
    expect(newPartners.body.rows[0]).toMatchObject({ period: today(), with_tariff: 3 });
    expect(newPartners.body.rows[0].signed_up).toBeGreaterThanOrEqual(3);
    expect(newPartners.body.total.with_tariff).toBe(3);

    // Nothing the day before.
    const before = `from=${dayBefore(today())}&to=${dayBefore(today())}`;
    expect((await report(app, admin, 'sales', before)).body).toEqual({
      rows: [],
      total: { purchases: 0, amount: '0.000000', bv: '0.000000' },
    });
    expect((await report(app, admin, 'bonuses', before)).body).toEqual({ rows: [] });
    expect(ann.id).toBeGreaterThan(rosa.id);
  });

  it('group by day, week and month, each period named by its first day (UTC), both ends of the range included', async () => {
    const app = await testApp();
    const buyer = await partner(app, '500');
    await buyTariff(app, buyer, 'tariff-500');
    // Move the purchase to known days: Sunday 1 November 2026 23:59:59 UTC and Monday 2 November.
    await app.database.db.execute(
      sql`update purchases set created_at = timestamptz '2026-11-01 23:59:59+00' where user_id = ${buyer.id}`,
    );
    const admin = await loginAdmin(app);
    const periods = async (query: string) =>
      (await report(app, admin, 'sales', query)).body.rows.map((row: { period: string }) => row.period);
    expect(await periods('from=2026-11-01&to=2026-11-01')).not.toEqual([]);
    expect(new Set(await periods('from=2026-11-01&to=2026-11-01'))).toEqual(new Set(['2026-11-01']));
    expect(await periods('from=2026-11-02&to=2026-11-30')).toEqual([]);
    expect(new Set(await periods('from=2026-10-01&to=2026-11-30&group=week'))).toEqual(
      new Set(['2026-10-26']),
    );
    expect(new Set(await periods('from=2026-10-01&to=2026-12-31&group=month'))).toEqual(
      new Set(['2026-11-01']),
    );
  });

  it('list who owes what a refund took back, those who owe the most first', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    // Mia (500) is paid 70 of Bo's device, spends it on a virtual node; the order is refunded.
    const mia = await partner(app, '550', undefined, 'Mia');
    await buyTariff(app, mia, 'tariff-500');
    const bo = await partner(app, '1000', mia);
    const orderId = await orderDevice(app, bo);
    const products = await call(app, 'GET', '/api/v1/products/', { token: mia.token });
    const node = products.body.find((product: { code: string }) => product.code === 'virtual-node-100');
    expect(
      (await post(app, '/api/v1/virtual_node/purchase/', { product_id: node.id }, mia.token)).status,
    ).toBe(201);
    const refunded = await post(
      app,
      `/api/v1/admin/orders/${orderId}/refund/`,
      { reason: 'returned' },
      admin,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const day = `from=${today()}&to=${today()}`;
    const debts = await report(app, admin, 'debts', day);
    expect(debts.body).toEqual({
      rows: [
        {
          user_id: mia.id,
          email: mia.email,
          name: 'Mia Report',
          debts: 1,
          amount: '50.000000',
          repaid: '0.000000',
          open: '50.000000',
          since: expect.any(String),
        },
      ],
      total: { partners: 1, amount: '50.000000', repaid: '0.000000', open: '50.000000' },
    });
    const bonuses = await report(app, admin, 'bonuses', day);
    expect(
      bonuses.body.rows.find((row: { bonus_type: string }) => row.bonus_type === 'invite'),
    ).toMatchObject({
      payouts: 1,
      credited: '70.000000',
      reversed: '70.000000',
    });
    const sales = await report(app, admin, 'sales', day);
    expect(sales.body.rows.find((row: { kind: string }) => row.kind === 'device')).toMatchObject({
      purchases: 0,
      amount: '0.000000',
      refunded: 1,
    });
    const csv = await call<string>(app, 'GET', `/api/v1/admin/reports/debts/csv/?${day}`, { token: admin });
    expect(csv.body.split('\r\n')[1]).toMatch(
      new RegExp(`,${mia.id},${mia.email},50\\.000000,0\\.000000,50\\.000000,[0-9]+,invite,[0-9]+$`),
    );
  });

  it("refuse a bad range with the reason, and a partner's token (operators.test.ts walks the roles)", async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const bad = async (query: string) => {
      const answer = await report(app, admin, 'sales', query);
      expect(answer.status, query).toBe(400);
      return answer.body;
    };
    expect(await bad('from=2026-11-02&to=2026-11-01')).toEqual({ to: [MESSAGES.dateRangeInvalid] });
    expect(await bad('from=2025-01-01&to=2026-11-01')).toEqual({ group: [MESSAGES.reportTooManyDays] });
    expect((await report(app, admin, 'sales', 'from=2025-01-01&to=2026-11-01&group=week')).status).toBe(200);
    expect(Object.keys(await bad('from=2026-13-01&to=2026-11-01'))).toEqual(['from']);
    expect(Object.keys(await bad('to=2026-11-01'))).toEqual(['from']);
    expect(Object.keys(await bad('from=0000-01-01&to=2026-11-01'))).toEqual(['from']);
    expect(Object.keys(await bad('from=2026-11-01&to=2026-11-01&group=year'))).toEqual(['group']);
    expect((await report(app, admin, 'unknown', 'from=2026-11-01&to=2026-11-01')).status).toBe(404);

    const partnerToken = (await registerPartner(app)).token;
    for (const kind of REPORT_KINDS) {
      expect((await report(app, partnerToken, kind, 'from=2026-11-01&to=2026-11-01')).status, kind).toBe(403);
      expect(
        (await call(app, 'GET', `/api/v1/admin/reports/${kind}/csv/?from=2026-11-01&to=2026-11-01`)).status,
      ).toBe(401);
    }
  });
});

describe('GET /api/v1/admin/reports/{kind}/csv/: the rows behind a report', () => {
  it('streams every sign-up of the range past one step of the walk, in id order, money as decimals', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    // 2,300 accounts opened on 3 November 2026 (more than two steps of 1,000), and one the day after.
    await app.database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, referral_id, date_joined)
      select 'csv' || i || '@example.com', 'x', '=cmd', 'Row ' || i, 'csv' || i,
             timestamptz '2026-11-03 00:00:00+00' + make_interval(secs => i)
        from generate_series(1, 2300) as i`);
    await app.database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, referral_id, date_joined)
      values ('late@example.com', 'x', 'Late', 'Row', 'csvlate', timestamptz '2026-11-04 00:00:00+00')`);
    const answer = await call<string>(
      app,
      'GET',
      '/api/v1/admin/reports/new-partners/csv/?from=2026-11-03&to=2026-11-03',
      { token: admin },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="new-partners-2026-11-03-2026-11-03.csv"',
    );
    const lines = answer.body.split('\r\n');
    expect(lines[0]).toBe(
      'id,date_joined,email,username,first_name,last_name,mentor_id,country,first_tariff_at',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(2300);
    const ids = rows.map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(2300);
    expect(rows[0]).toContain(",2026-11-03T00:00:01.000Z,csv1@example.com,,'=cmd,Row 1,");
    expect(answer.body).not.toContain('late@example.com');
  });

  it('writes each purchase, payout and debt with its amounts in its currency', async () => {
    const app = await testApp();
    const { rosa, ann } = await network(app);
    const admin = await loginAdmin(app);
    const csv = async (kind: string) => {
      const answer = await call<string>(
        app,
        'GET',
        `/api/v1/admin/reports/${kind}/csv/?from=${today()}&to=${today()}`,
        {
          token: admin,
        },
      );
      expect(answer.status, kind).toBe(200);
      return answer.body.split('\r\n').slice(0, -1);
    };
    const sales = await csv('sales');
    expect(sales[0]).toBe(
      'id,created_at,user_id,email,product,kind,units,list_price,discount,net_price,currency,paid,bv,promocode,status',
    );
    expect(sales).toHaveLength(4);
    expect(sales.find((line) => line.includes(`,${ann.id},${ann.email},`))).toMatch(
      /,tariff,1,7500\.000000,0\.000000,7500\.000000,USDT,7500\.000000,7500\.000000,,completed$/,
    );
    const bonuses = await csv('bonuses');
    expect(bonuses[0]).toBe(
      'id,created_at,user_id,email,bonus_type,currency,gross,credited,lost,level,leg,purchase_id,period,reverses_payout_id',
    );
    expect(
      bonuses.filter((line) => line.includes(`,${rosa.id},${rosa.email},invite,USDT,525.000000,`)),
    ).toHaveLength(2);
    const payouts = await csv('payouts');
    expect(payouts).toHaveLength(2);
    expect(payouts[1]).toContain(
      `,${ann.id},${ann.email},USDT,BEP-20,0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,100.000000,`,
    );
    const earners = await csv('top-earners');
    expect(earners[0]).toBe('id,email,name,payouts,credited,lost');
    expect(earners.some((line) => line.startsWith(`${rosa.id},${rosa.email},Rosa Report,`))).toBe(true);
    const ranks = await csv('ranks');
    expect(ranks[1]).toMatch(
      new RegExp(`,${rosa.id},${rosa.email},Rosa Report,Bronze,100\\.000000,100\\.000000$`),
    );
    expect(await csv('debts')).toEqual([
      'id,created_at,user_id,email,amount,repaid,open,payout_id,bonus_type,purchase_id',
    ]);
  });
});
