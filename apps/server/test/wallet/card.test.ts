import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpCardProvider } from '../../src/adapters/card/http';
import { CardProviderError } from '../../src/adapters/card/provider';
import { SANDBOX_CARDS } from '../../src/adapters/card/sandbox';
import { sandboxHttpServer, type TSandboxHttpServer } from '../../src/adapters/card/sandbox-server';
import { CARD_SIGNATURE_HEADER, signWebhook } from '../../src/adapters/card/webhook';
import { queryRows } from '../../src/db/client';
import { deriveKey } from '../../src/lib/crypto';
import { cardPayments, ledgerTransfers, walletOperations } from '../../src/schema';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import {
  CARD_WEBHOOK,
  cardForm,
  cardPaymentUrl,
  openCardPayment,
  payByCard,
  pathOf,
  payOnPage,
} from '../helpers/card';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const CARDS = SANDBOX_CARDS;

const attemptRows = (app: TTestApp) =>
  app.database.db.select().from(cardPayments).orderBy(asc(cardPayments.id));

const MESSAGES = {
  cardData: "Card details are typed on the card provider's page, never sent to the portal.",
  belowMin: 'The minimum top-up is 15 USDT.',
  aboveMax: 'The maximum top-up is 3000 USDT.',
  kyc: 'A top-up above 700 USDT needs a verified identity (KYC).',
  country: 'Cards issued in this country are not accepted.',
  daily: 'This card has reached its 10 attempts for today.',
  monthly: 'This card has reached its 50 attempts for this month.',
  declined: 'The card was declined by the bank.',
  insufficientFunds: 'The card was declined: not enough funds on it. Try a smaller amount or another card.',
  unavailable: 'The card payment service is unavailable. Please try again later.',
  notFound: 'Card payment not found.',
  badSignature: 'The webhook signature is missing or wrong.',
  stale: 'The webhook was signed too long ago: a replay is refused.',
};

/** The key the embedded sandbox signs with (app.ts derives it from SECRET_KEY). */
const SANDBOX_SECRET = deriveKey(testConfig().secretKey, 'card-sandbox').toString('hex');

/** The webhook the sandbox would send for `payment`, signed at `at` (unix seconds) with `secret`. */
async function webhookFor(
  app: TTestApp,
  paymentId: number,
  patch: { type?: string; card?: object; amount?: string } = {},
) {
  const [row] = await app.database.db.select().from(cardPayments).where(eq(cardPayments.id, paymentId));
  return JSON.stringify({
    id: `evt_test_${paymentId}_${Math.random()}`,
    type: patch.type ?? 'payment.authorized',
    created: Math.floor(Date.now() / 1000),
    payment: {
      id: row!.providerPaymentId,
      reference: row!.chargeReference,
      amount: patch.amount ?? row!.amountEurCents.toString(),
      currency: 'EUR',
      card: { fingerprint: 'fp_test_card', last4: '4242', brand: 'visa', country: 'DE', ...patch.card },
      decline_reason: null,
    },
  });
}

/** Delivers the exact bytes (the signature covers them). */
const deliverRaw = async (app: TTestApp, body: string, signature?: string) => {
  const response = await app.inject({
    method: 'POST',
    url: CARD_WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { [CARD_SIGNATURE_HEADER]: signature }),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
};

const now = () => Math.floor(Date.now() / 1000);

describe('card top-up through the hosted page', () => {
  it("opens a session for the amount, the partner pays on the provider's page, and exactly the amount is credited", async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const opened = await openCardPayment(app, partner.token, { amount: '100.5' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toEqual({
      payment_id: expect.any(Number),
      url: expect.any(String),
      status: 'pending',
    });
    const id = opened.body.payment_id as number;
    expect(opened.body.url).toMatch(/^http:\/\/portal\.test\/card-sandbox\/pay\?session=[\w-]+\.[\w-]+$/);

    // Before the page: pending, no card known, nothing credited.
    const pending = await call(app, 'GET', cardPaymentUrl(id), { token: partner.token });
    expect(pending.body).toMatchObject({
      payment_id: id,
      status: 'pending',
      amount: '100.500000',
      card: null,
    });
    // The provider's page, served by the sandbox: the amount in euro (100.5 x 0.92, rounded up).
    const page = await app.inject({ method: 'GET', url: pathOf(opened.body.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay 92.46 EUR');

    const paid = await payOnPage(app, opened.body.url);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://portal.test/transactions?card_payment=${id}`);
    const approved = await call(app, 'GET', cardPaymentUrl(id), { token: partner.token });
    expect(approved.body).toEqual({
      payment_id: id,
      status: 'approved',
      amount: '100.500000',
      amount_eur: '92.46',
      card: { brand: 'visa', last4: '4242', country: 'DE' },
      reason: null,
      created_at: expect.any(String),
    });
    expect((await balances(app, partner.token)).usdt).toBe('100.500000');

    // 15.000001 x 0.92 = 13.80000092 EUR: charged 13.81.
    const second = await payByCard(
      app,
      partner.token,
      '15.000001',
      cardForm({ number: CARDS.approvedMastercard.number }),
    );
    expect(second.payment.body).toMatchObject({
      status: 'approved',
      amount: '15.000001',
      amount_eur: '13.81',
      card: { brand: 'mastercard', last4: '4444', country: 'PT' },
    });
    expect((await balances(app, partner.token)).usdt).toBe('115.500001');
    const statement = await post(
      app,
      '/api/v1/payments/finances/',
      { operation_type: 'deposit' },
      partner.token,
    );
    expect(
      statement.body.results.map((line: { amount: string; details: object }) => [line.amount, line.details]),
    ).toEqual([
      ['15.000001', { method: 'card', card_last4: '4444', card_brand: 'mastercard' }],
      ['100.500000', { method: 'card', card_last4: '4242', card_brand: 'visa' }],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);

    // Another partner cannot see it.
    const other = await registerPartner(app);
    const hidden = await call(app, 'GET', cardPaymentUrl(id), { token: other.token });
    expect(hidden).toMatchObject({ status: 404, body: { detail: MESSAGES.notFound } });
  });

  it('refuses card data in the request (400, nothing opened) and the amount rules before any session', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const withCard = await openCardPayment(app, partner.token, {
      amount: '100',
      card_number: '4242424242424242',
      cvc: '123',
    });
    expect(withCard).toMatchObject({
      status: 400,
      body: { card_number: [MESSAGES.cardData], cvc: [MESSAGES.cardData] },
    });
    const steps: [string, object][] = [
      ['14.999999', { amount: [MESSAGES.belowMin] }],
      ['3000.000001', { amount: [MESSAGES.aboveMax] }],
      ['700.000001', { amount: [MESSAGES.kyc] }],
    ];
    for (const [amount, answer] of steps) {
      const response = await openCardPayment(app, partner.token, { amount });
      expect(response.status, amount).toBe(400);
      expect(response.body).toEqual(answer);
    }
    expect(await countRows(app, cardPayments)).toBe(0);
    // Support verifies the partner's documents (issue 22): that alone unlocks the larger top-ups.
    const verified = await post(
      app,
      `/api/v1/admin/users/${partner.id}/kyc/`,
      { status: 'verified', reason: 'Passport and selfie match' },
      await loginAdmin(app),
    );
    expect(verified).toMatchObject({ status: 200, body: { kyc_status: 'verified' } });
    const large = await payByCard(app, partner.token, '3000');
    expect(large.payment.body).toMatchObject({ status: 'approved', amount: '3000.000000' });
    expect(
      (await call(app, 'POST', '/api/v1/cardpayment/test_endpoint_carpayment/', { body: { amount: '20' } }))
        .status,
    ).toBe(401);
  });

  it("says why a card did not go through: the bank's decline, the card's country; nothing is credited", async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const outcomes: [string, string, string][] = [
      [CARDS.declined.number, 'declined', MESSAGES.declined],
      [CARDS.insufficientFunds.number, 'declined', MESSAGES.insufficientFunds],
      [CARDS.countryNotAllowed.number, 'refused', MESSAGES.country],
      [CARDS.countryProhibited.number, 'refused', MESSAGES.country],
    ];
    for (const [number, status, reason] of outcomes) {
      const { payment } = await payByCard(app, partner.token, '20', cardForm({ number }));
      expect(payment.body, number).toMatchObject({ status, reason, card: { last4: number.slice(-4) } });
    }
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(0);
    expect(await countRows(app, walletOperations)).toBe(0);
    expect((await attemptRows(app)).map((row) => [row.status, row.declineReason, row.cardCountry])).toEqual([
      ['declined', 'card_declined', 'FR'],
      ['declined', 'insufficient_funds', 'ES'],
      ['refused', 'cardCountryNotAllowed', 'US'],
      ['refused', 'cardCountryNotAllowed', 'RU'],
    ]);

    // The page itself refuses a mistyped number or an expired card: nothing reaches the portal.
    const opened = await openCardPayment(app, partner.token, { amount: '20' });
    const mistyped = await payOnPage(app, opened.body.url, cardForm({ number: '4242424242424241' }));
    expect(mistyped.status).toBe(400);
    expect(mistyped.body).toContain('Enter a valid card number.');
    const expired = await payOnPage(app, opened.body.url, cardForm({ expiry: '01/20' }));
    expect(expired.body).toContain('This card has expired.');
    const still = await call(app, 'GET', cardPaymentUrl(opened.body.payment_id), { token: partner.token });
    expect(still.body.status).toBe('pending');
  });

  it('allows 10 payments per card per day, by the provider fingerprint, declined ones included', async () => {
    const app = await testApp();
    const partners = [await registerPartner(app), await registerPartner(app)];
    for (let index = 0; index < 8; index++) {
      const { payment } = await payByCard(app, partners[index % 2]!.token, '15');
      expect(payment.body.status).toBe('approved');
    }
    // Two declines of the same card (another number would be another card).
    for (let index = 0; index < 2; index++) {
      const opened = await openCardPayment(app, partners[0]!.token, { amount: '15' });
      const body = await webhookFor(app, opened.body.payment_id, { type: 'payment.failed' });
      const [fingerprint] = await queryRows<{ f: string }>(
        app.database.db,
        sql`select card_fingerprint as f from card_payments where status = 'approved' limit 1`,
      );
      const event = JSON.parse(body);
      event.payment.card.fingerprint = fingerprint!.f;
      event.payment.decline_reason = 'card_declined';
      const text = JSON.stringify(event);
      expect((await deliverRaw(app, text, signWebhook(SANDBOX_SECRET, text, now()))).status).toBe(200);
    }
    const eleventh = await payByCard(app, partners[1]!.token, '15');
    expect(eleventh.payment.body).toMatchObject({ status: 'refused', reason: MESSAGES.daily });
    // Another card goes through.
    const other = await payByCard(
      app,
      partners[1]!.token,
      '15',
      cardForm({ number: CARDS.approvedMastercard.number }),
    );
    expect(other.payment.body.status).toBe('approved');
    expect((await balances(app, partners[0]!.token)).usdt).toBe('60.000000');
    expect((await balances(app, partners[1]!.token)).usdt).toBe('75.000000');
  });

  it('allows 50 payments per card per calendar month; last month and limit refusals do not count', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const first = await payByCard(app, partner.token, '15');
    const [row] = await attemptRows(app);
    const fingerprint = row!.cardFingerprint!;
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const earlier = (createdAt: Date, count: number, declineReason = 'card_declined') =>
      app.database.db.insert(cardPayments).values(
        Array.from({ length: count }, (): typeof cardPayments.$inferInsert => ({
          userId: partner.id,
          amount: 15_000_000n,
          amountEurCents: 1380n,
          cardFingerprint: fingerprint,
          cardLast4: '4242',
          cardBrand: 'visa',
          cardCountry: 'DE',
          status: 'declined',
          declineReason,
          createdAt,
        })),
      );
    expect(first.payment.body.status).toBe('approved');
    await earlier(new Date(monthStart.getTime() - 1000), 80);
    await earlier(monthStart, 60, 'cardDailyAttempts');
    await earlier(monthStart, 48);
    // 1 + 48 this month (the first day's attempts among them when today is the 1st) ...
    const today = new Date().getUTCDate() === 1;
    const next = await payByCard(app, partner.token, '15');
    expect(next.payment.body).toMatchObject(
      today ? { status: 'refused', reason: MESSAGES.daily } : { status: 'approved' },
    );
    if (!today) {
      const over = await payByCard(app, partner.token, '15');
      expect(over.payment.body).toMatchObject({ status: 'refused', reason: MESSAGES.monthly });
    }
  });
});

describe('the card webhook', () => {
  it('refuses an unsigned, a wrongly signed, a tampered and a stale delivery, changing nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const opened = await openCardPayment(app, partner.token, { amount: '50' });
    const body = await webhookFor(app, opened.body.payment_id);
    const unsigned = await deliverRaw(app, body);
    expect(unsigned).toEqual({ status: 401, body: { detail: MESSAGES.badSignature } });
    expect((await deliverRaw(app, body, signWebhook('another-secret-entirely', body, now()))).status).toBe(
      401,
    );
    expect((await deliverRaw(app, body, 't=abc,v1=00')).status).toBe(401);
    const tampered = body.replace('"4242"', '"4343"');
    expect((await deliverRaw(app, tampered, signWebhook(SANDBOX_SECRET, body, now()))).status).toBe(401);
    const stale = await deliverRaw(app, body, signWebhook(SANDBOX_SECRET, body, now() - 301));
    expect(stale).toEqual({ status: 400, body: { non_field_errors: [MESSAGES.stale] } });
    // Signed right but for another amount than the session's: refused, nothing moves.
    const wrongAmount = await webhookFor(app, opened.body.payment_id, { amount: '1' });
    expect((await deliverRaw(app, wrongAmount, signWebhook(SANDBOX_SECRET, wrongAmount, now()))).status).toBe(
      400,
    );
    const status = await call(app, 'GET', cardPaymentUrl(opened.body.payment_id), { token: partner.token });
    expect(status.body.status).toBe('pending');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
  });

  it('credits once when the same signed event is delivered twice, or several at once', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const opened = await openCardPayment(app, partner.token, { amount: '50' });
    const body = await webhookFor(app, opened.body.payment_id);
    const signature = signWebhook(SANDBOX_SECRET, body, now());
    const answers = await Promise.all([1, 2, 3].map(() => deliverRaw(app, body, signature)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await deliverRaw(app, body, signature)).body).toEqual({ received: true });
    expect((await balances(app, partner.token)).usdt).toBe('50.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    // A failure event after the approval changes nothing either.
    const late = await webhookFor(app, opened.body.payment_id, { type: 'payment.failed' });
    expect((await deliverRaw(app, late, signWebhook(SANDBOX_SECRET, late, now()))).status).toBe(200);
    const status = await call(app, 'GET', cardPaymentUrl(opened.body.payment_id), { token: partner.token });
    expect(status.body.status).toBe('approved');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('opens one session for an Idempotency-Key, replayed or raced; another body under it answers 409', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const answers = await Promise.all(
      [1, 2, 3].map(() => openCardPayment(app, partner.token, { amount: '40' }, 'key-1')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.payment_id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.url)).size).toBe(1);
    expect(await countRows(app, cardPayments)).toBe(1);
    const other = await openCardPayment(app, partner.token, { amount: '41' }, 'key-1');
    expect(other.status).toBe(409);
    await payOnPage(app, answers[0]!.body.url);
    await payOnPage(app, answers[0]!.body.url);
    expect((await balances(app, partner.token)).usdt).toBe('40.000000');
  });

  it('never stores a card number or CVC: the row keeps the provider fingerprint, last four, brand and country', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await payByCard(app, partner.token, '20', cardForm({ cvc: '987' }));
    const dump = JSON.stringify(
      await queryRows(app.database.db, sql`select * from card_payments`),
      (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
    );
    const everything = JSON.stringify(
      await queryRows(
        app.database.db,
        sql`select (select coalesce(json_agg(i), '[]') from idempotency_keys i)::text as keys,
                   (select coalesce(json_agg(w), '[]') from wallet_operations w)::text as lines,
                   (select coalesce(json_agg(t), '[]') from ledger_transfers t)::text as transfers`,
      ),
    );
    for (const text of [dump, everything]) {
      expect(text).not.toContain(CARDS.approved.number);
      expect(text).not.toContain('424242424242');
    }
    const [row] = await attemptRows(app);
    expect(row).toMatchObject({
      cardLast4: '4242',
      cardBrand: 'visa',
      cardCountry: 'DE',
      status: 'approved',
    });
    expect(row!.cardFingerprint).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers the limits for the form and the euro rate', async () => {
    const app = await testApp({
      config: {
        card: { ...testConfig().card, allowedCountries: ['DE', 'PT', 'RU'] },
        rates: { ...testConfig().rates, usdtEur: '1.05' },
      },
    });
    const partner = await registerPartner(app);
    const limits = await call(app, 'GET', '/api/v1/cardpayment/limits/', { token: partner.token });
    expect(limits).toMatchObject({
      status: 200,
      body: {
        min: '15.000000',
        max: '3000.000000',
        kyc_above: '700.000000',
        attempts_per_day: 10,
        attempts_per_month: 50,
        // A prohibited country stays refused even when allowed.
        allowed_countries: ['DE', 'PT'],
      },
    });
    const rate = await post(app, '/api/v1/cardpayment/usdt_euro_rate/', {}, partner.token);
    expect(rate).toMatchObject({ status: 200, body: { rate: '1.05' } });
    expect((await payByCard(app, partner.token, '20')).payment.body.amount_eur).toBe('21.00');
    expect((await call(app, 'GET', '/api/v1/cardpayment/limits/')).status).toBe(401);
  });

  it('answers 503 in production without a card provider: the sandbox is not money', async () => {
    const app = await testApp({ config: { env: 'production' } });
    const partner = await registerPartner(app);
    const response = await openCardPayment(app, partner.token, { amount: '100' });
    expect(response).toMatchObject({ status: 503, body: { detail: MESSAGES.unavailable } });
    expect(await countRows(app, cardPayments)).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/card-sandbox/pay?session=x.y' })).statusCode).toBe(404);
  });
});

const servers: TSandboxHttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('card provider over HTTP', () => {
  const WEBHOOK_SECRET = 'webhook-secret-of-the-provider-0123';

  async function sandboxServer(options: { apiKey?: string; delayMs?: number } = {}) {
    const server = await sandboxHttpServer({
      secret: WEBHOOK_SECRET,
      webhookUrl: 'http://127.0.0.1:1/',
      ...options,
    });
    servers.push(server);
    return server;
  }

  it('opens the session at the provider; its page takes the card and its webhook reaches the portal over HTTP, credited once', async () => {
    const server = await sandboxServer({ apiKey: 'provider-key' });
    const app = await testApp({
      config: {
        card: {
          ...testConfig().card,
          providerUrl: `${server.url}/`,
          providerKey: 'provider-key',
          webhookSecret: WEBHOOK_SECRET,
        },
      },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    server.setWebhookUrl(`${address}${CARD_WEBHOOK}`);
    const partner = await registerPartner(app);
    const opened = await openCardPayment(app, partner.token, { amount: '15.000001' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.url.startsWith(`${server.url}/pay?session=`)).toBe(true);
    const page = await fetch(opened.body.url);
    expect(await page.text()).toContain('Pay 13.81 EUR');
    const paid = await fetch(opened.body.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(cardForm()).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://portal.test/transactions?card_payment=${opened.body.payment_id}`,
    );
    const payment = await call(app, 'GET', cardPaymentUrl(opened.body.payment_id), { token: partner.token });
    expect(payment.body).toMatchObject({
      status: 'approved',
      amount_eur: '13.81',
      card: { last4: '4242', country: 'DE' },
    });
    expect((await balances(app, partner.token)).usdt).toBe('15.000001');
    const [row] = await attemptRows(app);
    expect(row!.providerReference).toMatch(/^sbx_ch_/);
  });

  it('counts a wrong key, a slow or absent provider as unavailable, and records nothing', async () => {
    const right = await sandboxServer({ apiKey: 'right' });
    const slow = await sandboxServer({ delayMs: 300 });
    const request = { reference: 'r', amountEurCents: 100n, returnUrl: 'http://portal.test/' };
    const wrongKey = createHttpCardProvider({
      baseUrl: right.url,
      apiKey: 'wrong',
      webhookSecret: WEBHOOK_SECRET,
    });
    await expect(wrongKey.openSession(request)).rejects.toBeInstanceOf(CardProviderError);
    const late = createHttpCardProvider({
      baseUrl: slow.url,
      apiKey: null,
      webhookSecret: WEBHOOK_SECRET,
      timeoutMs: 50,
    });
    await expect(late.openSession(request)).rejects.toBeInstanceOf(CardProviderError);
    const absent = createHttpCardProvider({
      baseUrl: 'http://127.0.0.1:1/',
      apiKey: null,
      webhookSecret: WEBHOOK_SECRET,
    });
    await expect(absent.capture('x')).rejects.toBeInstanceOf(CardProviderError);

    const app = await testApp({
      config: {
        card: { ...testConfig().card, providerUrl: 'http://127.0.0.1:1/', webhookSecret: WEBHOOK_SECRET },
      },
    });
    const partner = await registerPartner(app);
    const response = await openCardPayment(app, partner.token, { amount: '20' });
    expect(response).toMatchObject({ status: 503, body: { detail: MESSAGES.unavailable } });
    expect(await countRows(app, cardPayments)).toBe(0);
  });
});
