import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, withdrawals } from '../../src/schema';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { enableMfa, loginAdmin, registerPartner, totpCode, type TPartner } from '../helpers/factories';
import { adjust, balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const REQUEST = '/api/v1/withdraw/request/';
const VALIDATE = '/api/v1/withdraw/withdraw_address_dexnet_validation/';
const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FINANCE = 'finance-pass-1';

/** A partner with a finance password and `usdt` on the balance. */
async function fundedPartner(app: TTestApp, usdt = '100'): Promise<TPartner> {
  const partner = await registerPartner(app);
  const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
    token: partner.token,
    body: { finance_password: FINANCE, password: partner.password },
  });
  expect(set.status).toBe(200);
  if (usdt !== '0') await adjust(app, partner.id, 'USDT', usdt);
  return partner;
}

const withdraw = (
  app: TTestApp,
  partner: TPartner,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  call(app, 'POST', REQUEST, {
    token: partner.token,
    headers,
    body: {
      currency: 'USDT',
      network: 'BEP-20',
      address: BEP20,
      amount: '20',
      finance_password: FINANCE,
      ...body,
    },
  });

const statement = async (app: TTestApp, partner: TPartner) =>
  (await post(app, '/api/v1/payments/finances/', { operation_type: 'withdrawal' }, partner.token)).body
    .results;

describe('POST /api/v1/withdraw/withdraw_address_dexnet_validation/', () => {
  it('names the network of BEP-20 and TRC-20 addresses and refuses the rest', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const check = async (address: string) => (await post(app, VALIDATE, { address }, partner.token)).body;
    expect(await check(BEP20)).toEqual({ valid: true, network: 'BEP-20' });
    expect(await check(BEP20.toLowerCase())).toEqual({ valid: true, network: 'BEP-20' });
    expect(await check(TRC20)).toEqual({ valid: true, network: 'TRC-20' });
    const refused = [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', // mixed case, wrong checksum
      '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b', // a transaction hash
      '0x55d398326f99059fF775485246999027B3197955', // the USDT contract itself
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8',
      '',
    ];
    for (const address of refused)
      expect(await check(address), address).toEqual({ valid: false, network: null });
    expect((await post(app, VALIDATE, { address: BEP20 })).status).toBe(401);
  });
});

describe('POST /api/v1/withdraw/request/', () => {
  it("answers the spec's messages and holds nothing when refused", async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '25');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ address: '' }, { address: ['Address cannot be empty.'] }],
      [{ finance_password: '' }, { finance_password: ['Finance password cannot be empty.'] }],
      [{ amount: '0' }, { amount: ['Amount must be more than zero.'] }],
      [{ amount: '-5' }, { amount: ['Amount must be more than zero.'] }],
      [{ amount: '1.0000001' }, { amount: ['Use at most 6 decimal places.'] }],
      [{ amount: '12,5' }, { amount: ['Enter a valid value.'] }], // the API keeps the decimal point
      [{ amount: '25' }, { amount: ['Amount is bigger than your available balance.'] }], // 25 + fee 1
      [{ amount: '5' }, { amount: ['The minimum amount is 10.00 USDT.'] }],
      [{ amount: '10000.5' }, { amount: ['The maximum amount is 10000.00 USDT.'] }],
      [{ address: TRC20 }, { address: ['This address is not a BEP-20 address.'] }],
      [
        { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
        { address: ['Enter a valid BEP-20 or TRC-20 address.'] },
      ],
      [
        { currency: 'DXN', network: 'TRC-20', address: TRC20 },
        { network: ['This currency cannot be withdrawn on this network.'] },
      ],
      [{ finance_password: 'wrong-one-1' }, { finance_password: ['Invalid finance password.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await withdraw(app, partner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual(errors);
    }
    expect((await balances(app, partner.token)).usdt).toBe('25.000000');
    expect(await countRows(app, withdrawals)).toBe(0);
  });

  it('needs a finance password set first', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect((await withdraw(app, partner)).body).toEqual({
      finance_password: ['Set a finance password in your profile first.'],
    });
  });

  it('holds the amount and the fee, and lists the withdrawal as pending', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    const response = await withdraw(app, partner, { amount: '20.5' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      status: 'pending',
      amount: '20.500000',
      fee: '1.000000',
    });
    expect((await balances(app, partner.token)).usdt).toBe('78.500000');
    expect(await statement(app, partner)).toEqual([
      expect.objectContaining({
        operation_type: 'withdrawal',
        currency: 'USDT',
        amount: '-21.500000',
        status: 'pending',
        details: { address: BEP20, network: 'BEP-20', fee: '1.000000' },
      }),
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it("a stranger's wrong codes from many addresses lock neither the owner's session nor the owner's own address", async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    const secret = await enableMfa(app, partner.token);
    const wrong = (offset: number) => {
      const right = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(secret, step)));
      let n = offset;
      while (right.has(String(n).padStart(6, '0'))) n++;
      return String(n).padStart(6, '0');
    };
    const signIn = (address: string, code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/accounts/mfa_login/',
        remoteAddress: address,
        payload: { email: partner.email, password: partner.password, code },
      });
    // Each code is good once, and never an earlier one after it: "half a minute passes" between
    // the owner's codes here, so that the same step can serve again.
    const later = () =>
      app.database.db.execute(
        sql`update mfa_factors set last_step = last_step - 10 where user_id = ${partner.id}`,
      );
    // The owner signs in from home with a code: that address is theirs from now on.
    expect((await signIn('198.51.100.10', totpCode(secret, 1))).statusCode).toBe(200);
    await later();
    // A stranger who has the password guesses codes from ten addresses, ten times each.
    let refused = 0;
    for (let address = 1; address <= 10; address++)
      for (let guess = 0; guess < 10; guess++) {
        const answer = await signIn(`203.0.113.${address}`, wrong(address * 100 + guess));
        expect([400, 429]).toContain(answer.statusCode);
        if (answer.statusCode === 429) refused++;
      }
    // The stranger is slowed down and refused...
    expect(refused).toBeGreaterThan(0);
    // ...the owner's signed-in session still withdraws with a code...
    expect((await withdraw(app, partner, { code: totpCode(secret, 1) })).status).toBe(201);
    await later();
    // ...and the owner signs in from home at once.
    const home = await signIn('198.51.100.10', totpCode(secret, 1));
    expect(home.statusCode).toBe(200);
    expect(home.json().token).toEqual(expect.any(String));
  });

  it("wrong codes in one session are that session's: past the limit it answers 429, another session still withdraws", async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    const secret = await enableMfa(app, partner.token);
    const bad = totpCode(secret, 1) === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await withdraw(app, partner, { code: bad })).status, `attempt ${attempt}`).toBe(400);
    const blocked = await withdraw(app, partner, { code: totpCode(secret, 1) });
    expect(blocked.status).toBe(429);
    const other = await post(app, '/api/v1/accounts/mfa_login/', {
      email: partner.email,
      password: partner.password,
      code: totpCode(secret, 1),
    });
    expect(other.status).toBe(200);
    // Half a minute passes: the step the sign-in spent can serve again.
    await app.database.db.execute(
      sql`update mfa_factors set last_step = last_step - 10 where user_id = ${partner.id}`,
    );
    const again = await withdraw(app, { ...partner, token: other.body.token }, { code: totpCode(secret, 1) });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('asks for the authenticator code when two-factor is on', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    const secret = await enableMfa(app, partner.token);
    expect((await withdraw(app, partner)).body).toEqual({
      code: ['Enter the code from your authenticator app.'],
    });
    expect(
      (await withdraw(app, partner, { code: '000000' === totpCode(secret, 1) ? '111111' : '000000' })).body,
    ).toEqual({
      code: ['Invalid confirmation code.'],
    });
    expect((await withdraw(app, partner, { code: totpCode(secret, 1) })).status).toBe(201);
  });

  it('is idempotent: a repeat answers the first answer and holds once; a retry with a fresh code too', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    const secret = await enableMfa(app, partner.token);
    const key = { 'idempotency-key': 'w-1' };
    const first = await withdraw(app, partner, { code: totpCode(secret, 1) }, key);
    const repeat = await withdraw(app, partner, { code: totpCode(secret, 1) }, key);
    expect(first.status).toBe(201);
    expect(repeat).toMatchObject({ status: 201, body: first.body });
    expect((await balances(app, partner.token)).usdt).toBe('79.000000');
    expect(await withdraw(app, partner, { amount: '30' }, key)).toMatchObject({ status: 409 });
    expect(await countRows(app, withdrawals)).toBe(1);
  });
});

describe('admin decisions', () => {
  const admin = async (app: TTestApp, id: number, action: string, body: object = {}) =>
    post(app, `/api/v1/admin/withdrawals/${id}/${action}/`, body, await loginAdmin(app));

  it('approves, then marks sent with the hash: the held money leaves, the fee goes to the company', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '50');
    const { body } = await withdraw(app, partner, { amount: '20' });
    expect((await admin(app, body.id, 'send', { tx_hash: '0x' + 'a'.repeat(64) })).status).toBe(409);
    const approved = await admin(app, body.id, 'approve');
    expect(approved).toMatchObject({
      status: 200,
      body: { status: 'approved', amount: '20.000000', email: partner.email },
    });
    expect((await admin(app, body.id, 'approve')).body).toEqual({
      detail: 'This withdrawal is no longer pending.',
    });
    const sent = await admin(app, body.id, 'send', { tx_hash: 'B'.repeat(64) });
    expect(sent.body).toMatchObject({ status: 'sent', tx_hash: `0x${'b'.repeat(64)}` });
    expect((await statement(app, partner))[0]).toMatchObject({ status: 'sent', hash: `0x${'b'.repeat(64)}` });
    expect((await balances(app, partner.token)).usdt).toBe('29.000000');
    expect((await admin(app, body.id, 'reject', { reason: 'too late' })).status).toBe(409);
    const health = await ledgerHealth(app);
    expect(health.ok).toBe(true);
  });

  it('rejects with a reason: the amount and the fee return', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '50');
    const { body } = await withdraw(app, partner, { amount: '20' });
    const rejected = await admin(app, body.id, 'reject', { reason: 'address on a sanctions list' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'address on a sanctions list' });
    expect((await balances(app, partner.token)).usdt).toBe('50.000000');
    expect((await statement(app, partner))[0]).toMatchObject({
      status: 'rejected',
      details: expect.objectContaining({ reason: 'address on a sanctions list' }),
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('lists withdrawals for admins only, filtered by status', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '100');
    await withdraw(app, partner, { amount: '10' });
    const second = await withdraw(app, partner, { amount: '11' });
    await admin(app, second.body.id, 'approve');
    const token = await loginAdmin(app);
    const pending = await call(app, 'GET', '/api/v1/admin/withdrawals/?status=pending', { token });
    expect(pending.body).toMatchObject({ count: 1, results: [{ amount: '10.000000', status: 'pending' }] });
    expect((await call(app, 'GET', '/api/v1/admin/withdrawals/', { token })).body.count).toBe(2);
    expect((await call(app, 'GET', '/api/v1/admin/withdrawals/', { token: partner.token })).status).toBe(403);
    expect(
      (await post(app, `/api/v1/admin/withdrawals/${second.body.id}/reject/`, { reason: 'x' }, partner.token))
        .status,
    ).toBe(403);
    expect((await post(app, `/api/v1/admin/withdrawals/99999/approve/`, {}, token)).status).toBe(404);
  });
});

describe('the withdrawal queue: filters, bulk approval, the CSV', () => {
  it('approves several at once, each in its own transaction; one no longer pending is refused with why', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '200');
    const ids: number[] = [];
    for (const amount of ['10', '11', '12']) ids.push((await withdraw(app, partner, { amount })).body.id);
    const token = await loginAdmin(app);
    await post(app, `/api/v1/admin/withdrawals/${ids[2]}/reject/`, { reason: 'address under review' }, token);
    const bulk = await post(
      app,
      '/api/v1/admin/withdrawals/approve/',
      { ids: [ids[0], ids[1], ids[1], ids[2], 99999] },
      token,
    );
    expect(bulk).toMatchObject({
      status: 200,
      body: {
        approved: [ids[0], ids[1]],
        refused: [
          { id: ids[2], detail: 'This withdrawal is no longer pending.' },
          { id: 99999, detail: 'Not found.' },
        ],
      },
    });
    const approved = await call(app, 'GET', '/api/v1/admin/withdrawals/?status=approved', { token });
    expect(approved.body.count).toBe(2);
    // Each approval has its audit row.
    expect(await countRows(app, auditLog, eq(auditLog.action, 'withdrawal.approved'))).toBe(2);
    // The two approved stay held (amount and fee); the rejected one came back.
    expect((await balances(app, partner.token)).usdt).toBe('177.000000');
    for (const body of [
      { ids: [] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { ids: ['x'] },
      {},
    ]) {
      expect(
        (await post(app, '/api/v1/admin/withdrawals/approve/', body, token)).status,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
    expect(
      (await post(app, '/api/v1/admin/withdrawals/approve/', { ids: [ids[0]] }, partner.token)).status,
    ).toBe(403);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('filters by currency and network, and exports what the filter keeps as CSV, every row', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '3000');
    for (let index = 0; index < 3; index++) await withdraw(app, partner, { amount: '10' });
    const tron = await withdraw(app, partner, { amount: '10', network: 'TRC-20', address: TRC20 });
    expect(tron.status, JSON.stringify(tron.body)).toBe(201);
    const token = await loginAdmin(app);
    const trc = await call(app, 'GET', '/api/v1/admin/withdrawals/?network=TRC-20', { token });
    expect(trc.body).toMatchObject({ count: 1, results: [{ id: tron.body.id, network: 'TRC-20' }] });
    expect((await call(app, 'GET', '/api/v1/admin/withdrawals/?currency=DXN', { token })).body.count).toBe(0);
    expect((await call(app, 'GET', '/api/v1/admin/withdrawals/?network=SWIFT', { token })).status).toBe(400);

    await post(app, '/api/v1/admin/withdrawals/approve/', { ids: [tron.body.id] }, token);
    const csv = await call<string>(app, 'GET', '/api/v1/admin/withdrawals/csv/?status=approved', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="withdrawals.csv"');
    const [header, row, end] = csv.body.split('\r\n');
    expect(header).toBe(
      'id,user_id,email,currency,network,address,amount,fee,status,tx_hash,created_at,decided_at',
    );
    expect(row).toMatch(
      new RegExp(
        `^${tron.body.id},${partner.id},${partner.email},USDT,TRC-20,${TRC20},10\\.000000,1\\.000000,approved,,[^,]+,[^,]+$`,
      ),
    );
    expect(end).toBe('');
    expect((await call(app, 'GET', '/api/v1/admin/withdrawals/csv/', { token: partner.token })).status).toBe(
      403,
    );
  });

  it('exports more withdrawals than one step of the CSV reads, each once, newest first', async () => {
    const app = await testApp();
    const partner = await fundedPartner(app, '0');
    await app.database.db.execute(sql`
      insert into withdrawals (user_id, currency, network, address, amount, fee, status)
      select ${partner.id}, 'USDT', 'BEP-20', ${BEP20}, i::bigint * 1000000, 1000000, 'approved'
        from generate_series(1, 2345) as i`);
    const token = await loginAdmin(app);
    const csv = await call<string>(
      app,
      'GET',
      '/api/v1/admin/withdrawals/csv/?status=approved&network=BEP-20',
      { token },
    );
    const ids = csv.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => Number(line.split(',')[0]));
    expect(ids).toHaveLength(2345);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(2345);
  });
});

describe('a partner sees only their own money', () => {
  it("never shows another partner's withdrawals or balance", async () => {
    const app = await testApp();
    const alice = await fundedPartner(app, '100');
    const bob = await fundedPartner(app, '0');
    await withdraw(app, alice, { amount: '10' });
    expect(await statement(app, bob)).toEqual([]);
    expect((await balances(app, bob.token)).usdt).toBe('0.000000');
  });
});
