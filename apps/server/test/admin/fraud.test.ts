import { MESSAGES, type TFraudSignal, type TFraudSignalKind } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { startJobs } from '../../src/jobs/scheduler';
import { fraudJobs } from '../../src/modules/fraud/jobs';
import { createFraud } from '../../src/modules/fraud/service';
import { detectFraudSignals } from '../../src/read-models/fraud/service';
import { auditLog, fraudSignals, sessions } from '../../src/schema';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { buyTariff, TARIFF_CONFIRM, tariffId } from '../helpers/tariffs';

const SIGNALS = '/api/v1/admin/fraud-signals/';
const CHECK = '/api/v1/admin/fraud-signals/scan/';
const review = (id: number | string) => `/api/v1/admin/fraud-signals/${id}/review/`;
const FINANCE = 'finance-pass-1';

/** Where a client is: its address (behind the trusted proxy) and its browser. */
type TSeat = { ip: string; ua: string };
const seat = (n: number, ua = `Browser/${n}`): TSeat => ({
  ip: `10.0.${Math.floor(n / 250)}.${n % 250}`,
  ua,
});
const from = (where: TSeat) => ({ 'x-forwarded-for': where.ip, 'user-agent': where.ua });

/** The app behind a proxy it trusts, so that each test client has the address it says. */
const fraudApp = (config: Parameters<typeof testApp>[0] = {}) =>
  testApp({ ...config, config: { trustProxy: true, ...config.config } });

const partnerAt = (app: TTestApp, where: TSeat, overrides: Record<string, unknown> = {}) =>
  registerPartner(app, overrides, from(where));

async function signIn(app: TTestApp, partner: TPartner, where: TSeat): Promise<void> {
  const response = await call(app, 'POST', '/api/v1/accounts/login/', {
    body: { email: partner.email, password: partner.password },
    headers: from(where),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** A wallet address of the test's own (BEP-20, all lower case: valid without a checksum). */
const wallet = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`;

/** The partners (by token) who have set their finance password. */
const financed = new Set<string>();

/** The partner sets a finance password (once), gets 100 USDT and asks to withdraw 20 to `address`. */
async function withdrawTo(app: TTestApp, partner: TPartner, address: string): Promise<void> {
  if (!financed.has(partner.token)) {
    const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      token: partner.token,
      body: { finance_password: FINANCE, password: partner.password },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    financed.add(partner.token);
  }
  await adjust(app, partner.id, 'USDT', '100');
  const asked = await post(
    app,
    '/api/v1/withdraw/request/',
    { currency: 'USDT', network: 'BEP-20', address, amount: '20', finance_password: FINANCE },
    partner.token,
  );
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
}

async function check(app: TTestApp, token: string) {
  const response = await post(app, CHECK, {}, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { signals: number; opened: number; reopened: number };
}

/** Every signal of a status (open by default), of every page. */
async function signalsOf(app: TTestApp, token: string, query = ''): Promise<TFraudSignal[]> {
  const found: TFraudSignal[] = [];
  for (let page = 1; ; page++) {
    const response = await call(app, 'GET', `${SIGNALS}?page=${page}${query}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    found.push(...(response.body.results as TFraudSignal[]));
    if (!response.body.next) return found;
  }
}

const ofKind = (signals: TFraudSignal[], kind: TFraudSignalKind) =>
  signals.filter((signal) => signal.kind === kind);
const idsOf = (signal: TFraudSignal | undefined) => signal?.accounts.map((account) => account.id);
const sorted = (...partners: TPartner[]) => partners.map((partner) => partner.id).sort((a, b) => a - b);

/** An operator with `role`, signed in again after the admin gave it. */
async function operator(app: TTestApp, admin: string, role: 'support' | 'finance') {
  const partner = await partnerAt(app, seat(240, 'Office'));
  const set = await call(app, 'PUT', `/api/v1/admin/users/${partner.id}/roles/`, {
    token: admin,
    body: { roles: [role], reason: 'hired' },
  });
  expect(set.status).toBe(200);
  return partner;
}

describe('the fraud check (POST /api/v1/admin/fraud-signals/scan/)', () => {
  it('finds nothing in an innocent network: each partner on their own device, address and wallet, invited one by one', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const team: TPartner[] = [];
    for (let n = 1; n <= 6; n++) {
      const partner = await partnerAt(app, seat(n), n > 1 ? { promocode: team.at(-1)!.referralId } : {});
      await signIn(app, partner, seat(n));
      await withdrawTo(app, partner, wallet(n));
      team.push(partner);
    }
    // A partner back on their own device, and a second withdrawal to their own wallet.
    await signIn(app, team[0]!, seat(1));
    await withdrawTo(app, team[1]!, wallet(2));
    // Staff share an office: an admin on a partner's device is no signal.
    const office = await call(app, 'POST', '/api/v1/accounts/login/', {
      body: { email: 'admin@example.com', password: 'admin-password-1' },
      headers: from(seat(1)),
    });
    expect(office.status).toBe(200);

    expect(await check(app, admin)).toEqual({ signals: 0, opened: 0, reopened: 0 });
    expect(await signalsOf(app, admin)).toEqual([]);
  });

  it('at scale, rows written directly: 3,000 partners on their own devices and wallets, 40 pairs sharing, give exactly 40 of each', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const db = app.database.db;
    await db.execute(
      sql`insert into users (email, first_name, last_name, referral_id, phone)
          select 'bulk' || g || '@example.com', 'Bulk', 'P' || g, 'BULK' || g, '+1' || lpad(g::text, 10, '0')
          from generate_series(1, 3000) g`,
    );
    const bulk = sql`(select id, row_number() over (order by id) as n from users where email like 'bulk%')`;
    // Each on a device and a wallet of their own...
    await db.execute(
      sql`insert into sessions (id, user_id, expires_at, ip, user_agent)
          select gen_random_uuid(), b.id, now() + interval '1 day', '172.16.' || (b.n / 250) || '.' || (b.n % 250), 'UA ' || b.n
          from ${bulk} b`,
    );
    await db.execute(
      sql`insert into withdrawals (user_id, currency, network, address, amount, fee, status)
          select b.id, 'USDT', 'BEP-20', '0x' || lpad(to_hex(b.n), 40, '0'), 20000000, 1000000, 'pending'
          from ${bulk} b`,
    );
    // ...but the 40 odd ones from 1 to 79 also on the device and the wallet of the next one.
    await db.execute(
      sql`insert into sessions (id, user_id, expires_at, ip, user_agent)
          select gen_random_uuid(), b.id, now() + interval '1 day', '172.16.' || ((b.n + 1) / 250) || '.' || ((b.n + 1) % 250), 'UA ' || (b.n + 1)
          from ${bulk} b where b.n < 80 and b.n % 2 = 1`,
    );
    await db.execute(
      sql`insert into withdrawals (user_id, currency, network, address, amount, fee, status)
          select b.id, 'USDT', 'BEP-20', '0x' || lpad(to_hex(b.n + 1), 40, '0'), 20000000, 1000000, 'pending'
          from ${bulk} b where b.n < 80 and b.n % 2 = 1`,
    );
    expect(await check(app, admin)).toEqual({ signals: 120, opened: 120, reopened: 0 });
    const open = await signalsOf(app, admin);
    for (const kind of ['device', 'ip', 'wallet'] as const) expect(ofKind(open, kind), kind).toHaveLength(40);
    expect(open.every((signal) => signal.accounts.length === 2)).toBe(true);
    expect(await check(app, admin)).toEqual({ signals: 120, opened: 0, reopened: 0 });
  });

  it('finds several accounts on one device and on one address, naming each account', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const phone = seat(1, 'Phone/1');
    const first = await partnerAt(app, phone, { first_name: 'Ann', last_name: 'One' });
    const second = await partnerAt(app, seat(2));
    await signIn(app, second, phone);
    // Two browsers behind one address (an office, a family).
    const third = await partnerAt(app, seat(3, 'Laptop/1'));
    const fourth = await partnerAt(app, seat(3, 'Laptop/2'));

    expect(await check(app, admin)).toEqual({ signals: 3, opened: 3, reopened: 0 });
    const open = await signalsOf(app, admin);
    const [device] = ofKind(open, 'device');
    expect(device).toMatchObject({
      status: 'open',
      details: { kind: 'device', ip: phone.ip, user_agent: phone.ua },
      decided_by: null,
      reopened_at: null,
    });
    expect(device!.key).toMatch(/^device:[0-9a-f]{32}$/);
    expect(device!.accounts[0]).toEqual({ id: first.id, email: first.email, name: 'Ann One' });
    expect(idsOf(device)).toEqual(sorted(first, second));
    expect(
      ofKind(open, 'ip')
        .map((signal) => [signal.key, idsOf(signal)])
        .sort(),
    ).toEqual(
      [
        [`ip:${phone.ip}`, sorted(first, second)],
        [`ip:${seat(3).ip}`, sorted(third, fourth)],
      ].sort(),
    );
    // First seen: when the second account first used it; last seen: the latest use.
    const phoneSessions = await app.database.db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.ip, phone.ip));
    const times = phoneSessions.map((row) => row.createdAt.toISOString()).sort();
    expect(device!.first_seen).toBe(times[1]);
    expect(device!.last_seen).toBe(times.at(-1));
    // Filtered by kind.
    expect((await signalsOf(app, admin, '&kind=device')).map((signal) => signal.id)).toEqual([device!.id]);
    expect(await signalsOf(app, admin, '&kind=')).toHaveLength(3);
  });

  it('finds several accounts withdrawing to one wallet, in any case of the address', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const first = await partnerAt(app, seat(1));
    const second = await partnerAt(app, seat(2));
    const own = await partnerAt(app, seat(3));
    const shared = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    await withdrawTo(app, first, shared);
    await withdrawTo(app, second, shared.toLowerCase());
    await withdrawTo(app, own, wallet(3));

    await check(app, admin);
    const signals = await signalsOf(app, admin);
    expect(signals.map((signal) => signal.kind)).toEqual(['wallet']);
    expect(signals[0]).toMatchObject({
      key: `wallet:${shared.toLowerCase()}`,
      details: { kind: 'wallet', address: shared.toLowerCase(), networks: ['BEP-20'] },
    });
    expect(idsOf(signals[0])).toEqual(sorted(first, second));
  });

  it('finds a sign-up burst from one address at the threshold, and not below it', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const cafe = (n: number) => seat(50, `Browser/${n}`);
    const burst: TPartner[] = [];
    for (let n = 1; n <= 4; n++) burst.push(await partnerAt(app, cafe(n)));
    await check(app, admin);
    expect(ofKind(await signalsOf(app, admin), 'signup_burst')).toEqual([]);

    burst.push(await partnerAt(app, cafe(5)));
    expect(await check(app, admin)).toMatchObject({ opened: 1 });
    const [found] = ofKind(await signalsOf(app, admin), 'signup_burst');
    expect(found).toMatchObject({
      key: `burst:${cafe(1).ip}`,
      details: { kind: 'signup_burst', ip: cafe(1).ip, window_minutes: 60, most_in_window: 5 },
    });
    expect(idsOf(found)).toEqual(sorted(...burst));

    // The threshold and the window come from the configuration (FRAUD_SIGNUP_BURST, ..._MINUTES).
    const strict = await fraudApp({
      config: { fraud: { everyMs: 600_000, signupBurst: { accounts: 2, windowMinutes: 5 } } },
    });
    const strictAdmin = await loginAdmin(strict);
    await partnerAt(strict, seat(60, 'A'));
    await partnerAt(strict, seat(60, 'B'));
    await check(strict, strictAdmin);
    expect(ofKind(await signalsOf(strict, strictAdmin), 'signup_burst')[0]?.details).toEqual({
      kind: 'signup_burst',
      ip: seat(60).ip,
      window_minutes: 5,
      most_in_window: 2,
    });
  });

  it('finds an account on a disposable email domain, one signal per domain', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const first = await partnerAt(app, seat(1), { email: 'first@Mailinator.com' });
    const second = await partnerAt(app, seat(2), { email: 'second@mailinator.com' });
    const other = await partnerAt(app, seat(3), { email: 'third@yopmail.com' });
    await partnerAt(app, seat(4), { email: 'fourth@mailinator.com.example.org' });

    await check(app, admin);
    const found = ofKind(await signalsOf(app, admin), 'disposable_email');
    expect(found.map((signal) => [signal.details, idsOf(signal)]).sort()).toEqual(
      [
        [{ kind: 'disposable_email', domain: 'mailinator.com' }, sorted(first, second)],
        [{ kind: 'disposable_email', domain: 'yopmail.com' }, [other.id]],
      ].sort(),
    );
  });

  it("finds sponsor loops: a mentor and their invitee on one device, a buyer with another's promo code on one address", async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const home = seat(1, 'Phone/1');
    const mentor = await partnerAt(app, home);
    const invitee = await partnerAt(app, seat(2), { promocode: mentor.referralId });
    await signIn(app, invitee, home);

    // A code's owner and a buyer who is not their invitee, both signing in behind one address.
    const owner = await partnerAt(app, seat(3, 'Desktop/1'));
    await adjust(app, owner.id, 'USDT', '500');
    await buyTariff(app, owner, 'tariff-500');
    const created = await post(
      app,
      '/api/v1/promotions/promocode/create/',
      { kind: 'public', discount: 10 },
      owner.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const buyer = await partnerAt(app, seat(3, 'Desktop/2'));
    await adjust(app, buyer.id, 'USDT', '500');
    const quote = await post(
      app,
      '/api/v1/promotions/promocode/purchase/request/',
      {
        package_id: await tariffId(app, 'tariff-500'),
        mentor_confirmed: true,
        terms_accepted: true,
        promocode: created.body.promocode,
      },
      buyer.token,
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect((await post(app, TARIFF_CONFIRM, { request_id: quote.body.request_id }, buyer.token)).status).toBe(
      200,
    );

    await check(app, admin);
    const loops = ofKind(await signalsOf(app, admin), 'sponsor_loop');
    const loopOf = (a: TPartner, b: TPartner) =>
      loops.find((loop) => loop.key === `loop:${sorted(a, b).join('-')}`);
    expect(loopOf(mentor, invitee)?.details).toEqual({
      kind: 'sponsor_loop',
      links: ['mentor'],
      shares: [
        { kind: 'device', value: `${home.ip} ${home.ua}` },
        { kind: 'ip', value: home.ip },
      ],
    });
    expect(idsOf(loopOf(mentor, invitee))).toEqual(sorted(mentor, invitee));
    expect(loopOf(owner, buyer)?.details).toEqual({
      kind: 'sponsor_loop',
      links: ['promocode'],
      shares: [{ kind: 'ip', value: seat(3).ip }],
    });
    // Linked partners who share nothing are no loop (the owner's mentor is the company).
    expect(loops).toHaveLength(2);
  });
});

describe('the recorded signals', () => {
  /** Two accounts on one wallet, and the admin's token. */
  async function sharedWallet(app: TTestApp) {
    const admin = await loginAdmin(app);
    const first = await partnerAt(app, seat(1));
    const second = await partnerAt(app, seat(2));
    await withdrawTo(app, first, wallet(7));
    await withdrawTo(app, second, wallet(7));
    await check(app, admin);
    const [signal] = await signalsOf(app, admin, '&kind=wallet');
    return { admin, first, second, signal: signal! };
  }

  const rows = (app: TTestApp) => app.database.db.select().from(fraudSignals).orderBy(fraudSignals.key);

  it('a second check of the same data finds the same and writes nothing; evidence pruned keeps the accounts', async () => {
    const app = await fraudApp();
    const admin = await loginAdmin(app);
    const phone = seat(1, 'Phone/1');
    const first = await partnerAt(app, phone);
    const second = await partnerAt(app, phone, { email: 'x@trashmail.com' });
    await withdrawTo(app, first, wallet(9));
    await withdrawTo(app, second, wallet(9));
    const found = await check(app, admin);
    expect(found).toEqual({ signals: 4, opened: 4, reopened: 0 }); // device, ip, wallet, domain
    const before = await rows(app);

    expect(await check(app, admin)).toEqual({ signals: 4, opened: 0, reopened: 0 });
    expect(await rows(app)).toEqual(before);

    // The sessions are pruned (30 days after they end): the signal keeps what it saw.
    await app.database.db.delete(sessions).where(inArray(sessions.userId, [first.id, second.id]));
    expect(await check(app, admin)).toEqual({ signals: 2, opened: 0, reopened: 0 });
    expect(await rows(app)).toEqual(before);
  });

  it('support dismisses or confirms with a reason, kept in the audit log; a decided signal that new accounts join opens again', async () => {
    const app = await fraudApp();
    const { admin, first, second, signal } = await sharedWallet(app);
    const support = await operator(app, admin, 'support');

    const dismissed = await post(
      app,
      review(signal.id),
      { decision: 'dismissed', reason: 'Spouses, one household' },
      support.token,
    );
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body).toMatchObject({
      id: signal.id,
      status: 'dismissed',
      reason: 'Spouses, one household',
      decided_by: { id: support.id, email: support.email },
      decided_at: expect.any(String),
    });
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `fraud_signal:${signal.id}`));
    expect(entry).toMatchObject({
      actorId: support.id,
      action: 'fraud.review',
      reason: 'Spouses, one household',
      before: { status: 'open' },
      after: { status: 'dismissed' },
      details: { kind: 'wallet', key: signal.key, user_ids: sorted(first, second) },
    });
    expect(await signalsOf(app, admin)).toEqual([]);
    expect((await signalsOf(app, admin, '&status=dismissed')).map((one) => one.id)).toEqual([signal.id]);

    // The same decision again: 409, nothing written.
    const again = await post(
      app,
      review(signal.id),
      { decision: 'dismissed', reason: 'again' },
      support.token,
    );
    expect(again).toMatchObject({ status: 409, body: { detail: MESSAGES.fraudSignalDismissedAlready } });
    // A check of the same data leaves it dismissed.
    expect(await check(app, admin)).toMatchObject({ reopened: 0 });
    expect((await signalsOf(app, admin, '&status=dismissed')).map((one) => one.id)).toEqual([signal.id]);

    // A third account withdraws to the wallet: the signal opens again, with the decision kept.
    const third = await partnerAt(app, seat(3));
    await withdrawTo(app, third, wallet(7));
    expect(await check(app, admin)).toEqual({ signals: 1, opened: 0, reopened: 1 });
    const [reopened] = await signalsOf(app, admin);
    expect(reopened).toMatchObject({
      id: signal.id,
      status: 'open',
      reopened_at: expect.any(String),
      reason: 'Spouses, one household',
      decided_by: { id: support.id },
    });
    expect(idsOf(reopened)).toEqual(sorted(first, second, third));

    // Confirmed now; then support may still change their mind, each decision audited.
    const confirmed = await post(
      app,
      review(signal.id),
      { decision: 'confirmed', reason: 'Three accounts, one payee' },
      admin,
    );
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'confirmed' } });
    const twice = await post(app, review(signal.id), { decision: 'confirmed', reason: 'again' }, admin);
    expect(twice).toMatchObject({ status: 409, body: { detail: MESSAGES.fraudSignalConfirmedAlready } });
    expect(
      (await post(app, review(signal.id), { decision: 'dismissed', reason: 'Refund agreed' }, admin)).status,
    ).toBe(200);
    const audited = await queryRows<{ before: unknown; after: unknown }>(
      app.database.db,
      sql`select before, after from audit_log where target = ${`fraud_signal:${signal.id}`} order by id`,
    );
    expect(audited).toEqual([
      { before: { status: 'open' }, after: { status: 'dismissed' } },
      { before: { status: 'open' }, after: { status: 'confirmed' } },
      { before: { status: 'confirmed' }, after: { status: 'dismissed' } },
    ]);
  });

  it('refuses a review without a good reason or decision (400), of an unknown signal (404), and to anyone but support (403)', async () => {
    const app = await fraudApp();
    const { admin, first, signal } = await sharedWallet(app);
    const finance = await operator(app, admin, 'finance');
    for (const body of [
      { decision: 'dismissed' },
      { decision: 'dismissed', reason: '' },
      { decision: 'dismissed', reason: '   ' },
      { decision: 'dismissed', reason: 'x'.repeat(501) },
      { decision: 'open', reason: 'x' },
      { reason: 'x' },
      { decision: 'dismissed', reason: 'x', status: 'dismissed' },
    ]) {
      const refused = await post(app, review(signal.id), body, admin);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(app, review(signal.id), {}, admin)).body).toMatchObject({
      reason: [MESSAGES.fieldRequired],
    });
    expect(
      (await post(app, review(signal.id), { decision: 'dismissed', reason: 'x'.repeat(500) }, admin)).status,
    ).toBe(200);

    const unknown = await post(app, review(999_999), { decision: 'confirmed', reason: 'x' }, admin);
    expect(unknown).toMatchObject({ status: 404, body: { detail: MESSAGES.fraudSignalNotFound } });
    expect((await post(app, review('abc'), { decision: 'confirmed', reason: 'x' }, admin)).status).toBe(400);
    expect((await call(app, 'GET', `${SIGNALS}?status=closed`, { token: admin })).status).toBe(400);
    expect((await call(app, 'GET', `${SIGNALS}?kind=phone`, { token: admin })).status).toBe(400);

    for (const token of [first.token, finance.token]) {
      expect((await call(app, 'GET', SIGNALS, { token })).status).toBe(403);
      expect((await post(app, CHECK, {}, token)).status).toBe(403);
      expect((await post(app, review(signal.id), { decision: 'confirmed', reason: 'x' }, token)).status).toBe(
        403,
      );
    }
    expect((await call(app, 'GET', SIGNALS)).status).toBe(401);
    // Nothing the refusals sent was kept.
    expect((await app.database.db.select().from(fraudSignals))[0]).toMatchObject({
      status: 'dismissed',
      reason: 'x'.repeat(500),
    });
  });

  it('runs as the fraud-check job on the persisted schedule', async () => {
    const app = await fraudApp();
    const { admin, signal } = await sharedWallet(app);
    const db = app.database.db;
    await db.delete(fraudSignals);
    const fraud = createFraud({
      db,
      signupBurst: { accounts: 5, windowMinutes: 60 },
      detect: (rules) => detectFraudSignals(db, rules),
    });
    const jobs = fraudJobs({ fraud, everyMs: 600_000 });
    expect(jobs.map((job) => [job.name, job.kind, job.everyMs])).toEqual([
      ['fraud-check', 'schedule', 600_000],
    ]);
    const runner = await startJobs({ db, jobs, log: { error: () => undefined, warn: () => undefined } });
    await runner.runDue();
    await runner.stop();
    const [found] = await signalsOf(app, admin);
    expect(found).toMatchObject({ kind: 'wallet', key: signal.key, status: 'open' });
    const [slot] = await queryRows<{ name: string; finished: boolean }>(
      db,
      sql`select name, last_finished_at is not null as finished from job_schedule`,
    );
    expect(slot).toEqual({ name: 'fraud-check', finished: true });
  });
});
