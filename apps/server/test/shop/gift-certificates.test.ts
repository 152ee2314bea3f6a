import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { giftCertificates, idempotencyKeys, purchases, walletOperations } from '../../src/schema';
import { expireGiftCertificates } from '../../src/modules/gift-certificates/service';
import { call, testApp, type TTestApp } from '../helpers/app';
import { registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances, companyBalance, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { countRows } from '../helpers/rows';

const BUY = '/api/v1/gift_certificates/purchase/';
const MY = '/api/v1/gift_certificates/my/';
const ACTIVATE = '/api/v1/gift_certificates/activate/';

const CODE = /^GIFT(-[A-Z2-7]{4}){6}$/;

async function funded(app: TTestApp, amount: string) {
  const partner = await registerPartner(app);
  await adjust(app, partner.id, 'USDT', amount);
  return partner;
}

const send = (app: TTestApp, url: string, partner: TPartner, body: unknown, key?: string) =>
  call(app, 'POST', url, {
    token: partner.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

async function bought(app: TTestApp, buyer: TPartner, amount: string) {
  const answer = await send(app, BUY, buyer, { amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { code: string; certificate: { id: number } };
}

/** Moves a certificate's 24 hours into the past, as if a day had gone by. */
async function ageOut(app: TTestApp, id: number) {
  await app.database.db
    .update(giftCertificates)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(giftCertificates.id, id));
}

describe('gift certificates: purchase', () => {
  test('buying takes the amount from the balance, holds it for the certificate and answers the code once', async () => {
    const app = await testApp();
    const buyer = await funded(app, '150');
    const before = Date.now();
    const answer = await send(app, BUY, buyer, { amount: '100' });
    expect(answer.status).toBe(201);
    expect(answer.body.code).toMatch(CODE);
    expect(answer.body.purchase).toMatchObject({ price: '100.000000', total: '100.000000' });
    expect(answer.body.certificate).toMatchObject({
      amount: '100.000000',
      status: 'active',
      activated_at: null,
    });
    const expires = Date.parse(answer.body.certificate.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600 * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect((await balances(app, buyer.token)).usdt).toBe('50.000000');

    // Only the code's hash is kept; no BV; the amount waits in company:gift_certificates.
    const [row] = await app.database.db.select().from(giftCertificates);
    const normalized = answer.body.code.replace(/-/g, '');
    expect(row!.codeHash).toBe(createHash('sha256').update(normalized).digest('hex'));
    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase).toMatchObject({ kind: 'gift_certificate', bv: 0n, netPrice: 100_000_000n });
    expect(await companyBalance(app, 'company:gift_certificates')).toBe(100_000_000n);
    expect(await companyBalance(app, 'company:sales')).toBe(0n);

    // My certificates never show the code.
    const mine = await call(app, 'GET', MY, { token: buyer.token });
    expect(mine.body).toEqual([answer.body.certificate]);
    expect(JSON.stringify(mine.body)).not.toContain(normalized.slice(4, 12));
    const other = await registerPartner(app);
    expect((await call(app, 'GET', MY, { token: other.token })).body).toEqual([]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('a double submit with one Idempotency-Key charges once; the replay answers no code, and no code is stored', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const [first, second] = await Promise.all([
      send(app, BUY, buyer, { amount: '40' }, 'same'),
      send(app, BUY, buyer, { amount: '40' }, 'same'),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const withCode = [first, second].filter((answer) => answer.body.code !== null);
    expect(withCode).toHaveLength(1);
    const replay = await send(app, BUY, buyer, { amount: '40' }, 'same');
    expect(replay.body).toEqual({ ...withCode[0]!.body, code: null });
    expect((await balances(app, buyer.token)).usdt).toBe('60.000000');
    expect(await countRows(app, giftCertificates)).toBe(1);
    const [stored] = await app.database.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored!.response)).not.toContain(withCode[0]!.body.code);
    expect((await send(app, BUY, buyer, { amount: '41' }, 'same')).status).toBe(409);
  });

  test('the amount limits, short funds and a bad amount answer their messages and change nothing', async () => {
    const app = await testApp();
    const buyer = await funded(app, '50');
    const low = await send(app, BUY, buyer, { amount: '9.99' });
    expect(low.status).toBe(400);
    expect(low.body).toEqual({ amount: ['The minimum amount is 10.00 USDT.'] });
    const high = await send(app, BUY, buyer, { amount: '10000.01' });
    expect(high.body).toEqual({ amount: ['The maximum amount is 10000.00 USDT.'] });
    const short = await send(app, BUY, buyer, { amount: '60' });
    expect(short.body).toEqual({ non_field_errors: ['Insufficient funds on the internal balance.'] });
    for (const amount of ['abc', '-5', '0', '1.1234567']) {
      const bad = await send(app, BUY, buyer, { amount });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['amount']);
    }
    expect(await countRows(app, giftCertificates)).toBe(0);
    expect((await balances(app, buyer.token)).usdt).toBe('50.000000');
  });
});

describe('gift certificates: activation', () => {
  test('another partner activates the code: the amount is credited to them, once', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const { code, certificate } = await bought(app, buyer, '100');
    const friend = await registerPartner(app);
    // Case, spaces and dashes do not matter.
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `;
    const activated = await send(app, ACTIVATE, friend, { code: typed });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    expect(activated.body).toMatchObject({ certificate_id: certificate.id, amount: '100.000000' });
    expect((await balances(app, friend.token)).usdt).toBe('100.000000');
    expect((await balances(app, buyer.token)).usdt).toBe('0.000000');
    const [line] = await app.database.db
      .select()
      .from(walletOperations)
      .where(eq(walletOperations.userId, friend.id));
    expect(line).toMatchObject({ operationType: 'transfer', amount: 100_000_000n });

    const mine = await call(app, 'GET', MY, { token: buyer.token });
    expect(mine.body[0]).toMatchObject({ status: 'activated', activated_by_me: false });
    expect(mine.body[0].activated_at).not.toBeNull();

    const again = await send(app, ACTIVATE, buyer, { code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: ['This gift certificate has already been activated.'] });
    expect(await companyBalance(app, 'company:gift_certificates')).toBe(0n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('the buyer may activate their own certificate', async () => {
    const app = await testApp();
    const buyer = await funded(app, '25');
    const { code } = await bought(app, buyer, '25');
    expect((await send(app, ACTIVATE, buyer, { code })).status).toBe(200);
    expect((await balances(app, buyer.token)).usdt).toBe('25.000000');
    expect((await call(app, 'GET', MY, { token: buyer.token })).body[0]).toMatchObject({
      status: 'activated',
      activated_by_me: true,
    });
  });

  test('a wrong or malformed code answers "Invalid gift certificate code." and changes nothing', async () => {
    const app = await testApp();
    const buyer = await funded(app, '25');
    await bought(app, buyer, '25');
    const friend = await registerPartner(app);
    for (const code of ['GIFT-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', 'nonsense', '', 'GIFT-1111', 'x'.repeat(100)]) {
      const answer = await send(app, ACTIVATE, friend, { code });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: ['Invalid gift certificate code.'] });
    }
    expect((await call(app, 'POST', ACTIVATE, { body: { code: 'x' } })).status).toBe(401);
    expect((await balances(app, friend.token)).usdt).toBe('0.000000');
  });

  test('20 parallel activations of one code: exactly one succeeds, the amount is credited once', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const { code } = await bought(app, buyer, '100');
    const partners = await Promise.all(Array.from({ length: 4 }, () => registerPartner(app)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => send(app, ACTIVATE, partners[index % 4]!, { code })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 200)) {
      expect(answer).toEqual(
        expect.objectContaining({
          status: 400,
          body: { code: ['This gift certificate has already been activated.'] },
        }),
      );
    }
    const credited = await Promise.all(
      partners.map(async (partner) => (await balances(app, partner.token)).usdt),
    );
    expect(credited.filter((usdt) => usdt === '100.000000')).toHaveLength(1);
    expect(credited.filter((usdt) => usdt === '0.000000')).toHaveLength(3);
    expect((await ledgerHealth(app)).ok).toBe(true);
  }, 60_000);
});

describe('gift certificates: 24 hours', () => {
  test('past 24 hours, reading my certificates cancels it and refunds the buyer, with no job run', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const { certificate } = await bought(app, buyer, '70');
    await ageOut(app, certificate.id);
    const mine = await call(app, 'GET', MY, { token: buyer.token });
    expect(mine.body[0]).toMatchObject({ id: certificate.id, status: 'canceled' });
    expect((await balances(app, buyer.token)).usdt).toBe('100.000000');
    const [purchase] = await app.database.db.select().from(purchases);
    expect(purchase!.status).toBe('refunded');
    const [row] = await app.database.db.select().from(giftCertificates);
    expect(row!.status).toBe('canceled');
    // A second read refunds nothing more.
    await call(app, 'GET', MY, { token: buyer.token });
    expect((await balances(app, buyer.token)).usdt).toBe('100.000000');
    expect(await companyBalance(app, 'company:gift_certificates')).toBe(0n);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  test('activating a code past its 24 hours answers "expired" and refunds its buyer', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const { code, certificate } = await bought(app, buyer, '100');
    await ageOut(app, certificate.id);
    const friend = await registerPartner(app);
    const late = await send(app, ACTIVATE, friend, { code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code: ['This gift certificate has expired.'] });
    expect((await balances(app, friend.token)).usdt).toBe('0.000000');
    expect((await balances(app, buyer.token)).usdt).toBe('100.000000');
    expect((await send(app, ACTIVATE, friend, { code })).body).toEqual({
      code: ['This gift certificate has expired.'],
    });
  });

  test('the job cancels and refunds every certificate past its time, once, and leaves the others', async () => {
    const app = await testApp();
    const buyer = await funded(app, '100');
    const old = await bought(app, buyer, '30');
    const fresh = await bought(app, buyer, '20');
    await ageOut(app, old.certificate.id);
    const { db } = app.database;
    const [first, second] = await Promise.all([expireGiftCertificates(db), expireGiftCertificates(db)]);
    expect(first + second).toBe(1);
    expect(await expireGiftCertificates(db)).toBe(0);
    expect((await balances(app, buyer.token)).usdt).toBe('80.000000');
    const mine = await call(app, 'GET', MY, { token: buyer.token });
    expect(mine.body.map((item: { status: string }) => item.status)).toEqual(['active', 'canceled']);
    expect((await send(app, ACTIVATE, buyer, { code: fresh.code })).status).toBe(200);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'gift certificates on PostgreSQL with two server processes',
  () => {
    test('20 parallel activations across two processes: exactly one succeeds, no 500', async () => {
      const app = await testApp();
      const buyer = await funded(app, '100');
      const { code } = await bought(app, buyer, '100');
      const partners = await Promise.all(Array.from({ length: 4 }, () => registerPartner(app)));
      const servers = await startTwoServers();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          fetch(`${servers[index % 2]}${ACTIVATE}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${partners[index % 4]!.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ code }),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const credited = await Promise.all(
        partners.map(async (partner) => (await balances(app, partner.token)).usdt),
      );
      expect(credited.filter((usdt) => usdt === '100.000000')).toHaveLength(1);
      expect((await ledgerHealth(app)).ok).toBe(true);
    }, 120_000);
  },
);
