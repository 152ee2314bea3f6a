import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpCardProvider } from '../../src/adapters/card/http';
import { CardProviderError, type TChargeRequest } from '../../src/adapters/card/provider';
import { createSandboxCardProvider, SANDBOX_CARDS } from '../../src/adapters/card/sandbox';
import { sandboxHttpServer, type TSandboxHttpServer } from '../../src/adapters/card/sandbox-server';
import { queryRows } from '../../src/db/client';
import { cardPayments, ledgerTransfers, users, walletOperations } from '../../src/schema';
import { cardFingerprint } from '../../src/modules/card/service';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { CARD_PAY, cardRequest, payByCard } from '../helpers/card';
import { countRows } from '../helpers/rows';

const CARDS = SANDBOX_CARDS;
const now = new Date();
const thisYear = now.getUTCFullYear();
const thisMonth = now.getUTCMonth() + 1;

const setKyc = (app: TTestApp, userId: number, status: 'none' | 'pending' | 'verified' | 'rejected') =>
  app.database.db.update(users).set({ kycStatus: status }).where(eq(users.id, userId));

const attemptRows = (app: TTestApp) =>
  app.database.db.select().from(cardPayments).orderBy(asc(cardPayments.id));

const MESSAGES = {
  numberInvalid: 'Enter a valid card number.',
  expired: 'This card has expired.',
  belowMin: 'The minimum top-up is 15 USDT.',
  aboveMax: 'The maximum top-up is 3000 USDT.',
  kyc: 'A top-up above 700 USDT needs a verified identity (KYC).',
  country: 'Cards issued in this country are not accepted.',
  daily: 'This card has reached its 10 attempts for today.',
  monthly: 'This card has reached its 50 attempts for this month.',
  declined: 'The card was declined by the bank.',
  insufficientFunds: 'The card was declined: not enough funds on it. Try a smaller amount or another card.',
  unavailable: 'The card payment service is unavailable. Please try again later.',
};

const servers: TSandboxHttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function startSandboxServer(options: Parameters<typeof sandboxHttpServer>[0] = {}) {
  const server = await sandboxHttpServer(options);
  servers.push(server);
  return server;
}

describe('card top-up', () => {
  it('credits exactly the amount, charges euro rounded up, and shows it in the statement', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const first = await payByCard(
      app,
      partner.token,
      cardRequest({ amount: '100.5', card_number: '4242 4242 4242 4242' }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      status: 'approved',
      amount: '100.500000',
      amount_eur: '92.46',
      card: { brand: 'visa', last4: '4242', country: 'DE' },
    });
    expect((await balances(app, partner.token)).usdt).toBe('100.500000');

    // 15.000001 x 0.92 = 13.80000092 EUR: charged 13.81.
    const second = await payByCard(
      app,
      partner.token,
      cardRequest({ amount: '15.000001', card_number: CARDS.approvedMastercard.number }),
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      amount: '15.000001',
      amount_eur: '13.81',
      card: { brand: 'mastercard', last4: '4444', country: 'PT' },
    });
    expect((await balances(app, partner.token)).usdt).toBe('115.500001');

    const statement = await post(app, '/api/v1/payments/finances/', {}, partner.token);
    expect(statement.body.results).toEqual([
      expect.objectContaining({
        operation_type: 'deposit',
        currency: 'USDT',
        amount: '15.000001',
        status: 'completed',
        details: { method: 'card', card_last4: '4444', card_brand: 'mastercard' },
      }),
      expect.objectContaining({
        operation_type: 'deposit',
        amount: '100.500000',
        details: { method: 'card', card_last4: '4242', card_brand: 'visa' },
      }),
    ]);
    const rows = await attemptRows(app);
    expect(rows).toEqual([
      expect.objectContaining({
        id: first.body.id,
        userId: partner.id,
        status: 'approved',
        amount: 100_500_000n,
        amountEurCents: 9246n,
        cardLast4: '4242',
        cardBrand: 'visa',
        cardCountry: 'DE',
        providerReference: expect.stringMatching(/^sbx_ch_/),
      }),
      expect.objectContaining({ status: 'approved', amountEurCents: 1381n, cardCountry: 'PT' }),
    ]);
    const transfers = await app.database.db.select().from(ledgerTransfers);
    expect(transfers.map((transfer) => [transfer.operationType, transfer.reference])).toEqual([
      ['deposit', `card:${first.body.id}`],
      ['deposit', `card:${second.body.id}`],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('refuses in the order of the rules, each with its own message, moving no money', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const lastMonth =
      thisMonth === 1 ? { month: 12, year: thisYear - 1 } : { month: thisMonth - 1, year: thisYear };
    const expired = { expiry_month: lastMonth.month, expiry_year: lastMonth.year };
    const steps: [object, number, object][] = [
      // Every rule broken at once: the first one answers.
      [
        cardRequest({ card_number: '4242424242424241', ...expired, amount: '10' }),
        400,
        { card_number: [MESSAGES.numberInvalid] },
      ],
      [cardRequest({ ...expired, amount: '10' }), 400, { expiry_month: [MESSAGES.expired] }],
      [
        cardRequest({ amount: '14.999999', card_number: CARDS.countryProhibited.number }),
        400,
        { amount: [MESSAGES.belowMin] },
      ],
      [cardRequest({ amount: '3000.000001' }), 400, { amount: [MESSAGES.aboveMax] }],
      [
        cardRequest({ amount: '700.000001', card_number: CARDS.countryProhibited.number }),
        400,
        { amount: [MESSAGES.kyc] },
      ],
    ];
    for (const [body, status, answer] of steps) {
      const response = await payByCard(app, partner.token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toEqual(answer);
    }
    // Support verifies the partner's documents (issue 22): that alone unlocks the larger top-ups.
    const verified = await post(
      app,
      `/api/v1/admin/users/${partner.id}/kyc/`,
      { status: 'verified', reason: 'Passport and selfie match' },
      await loginAdmin(app),
    );
    expect(verified).toMatchObject({ status: 200, body: { kyc_status: 'verified' } });
    const afterKyc: [object, number, object][] = [
      [
        cardRequest({ amount: '700.000001', card_number: CARDS.countryNotAllowed.number }),
        400,
        { card_number: [MESSAGES.country] },
      ],
      [
        cardRequest({ amount: '800', card_number: CARDS.countryProhibited.number }),
        400,
        { card_number: [MESSAGES.country] },
      ],
      [
        cardRequest({ amount: '800', card_number: CARDS.declined.number }),
        400,
        { non_field_errors: [MESSAGES.declined] },
      ],
      [
        cardRequest({ amount: '20', card_number: CARDS.insufficientFunds.number }),
        400,
        { non_field_errors: [MESSAGES.insufficientFunds] },
      ],
      [
        cardRequest({ amount: '20', card_number: CARDS.providerError.number }),
        503,
        { detail: MESSAGES.unavailable },
      ],
    ];
    for (const [body, status, answer] of afterKyc) {
      const response = await payByCard(app, partner.token, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toEqual(answer);
    }

    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(0);
    expect(await countRows(app, walletOperations)).toBe(0);
    // Recorded: every attempt that names a card, not the mistyped number or the expired card;
    // a charge the provider did not answer is kept as failed, with its reference.
    expect(
      (await attemptRows(app)).map((row) => [row.status, row.declineReason, row.cardLast4, row.cardCountry]),
    ).toEqual([
      ['refused', 'cardAmountBelowMinimum', '0119', null],
      ['refused', 'cardAmountAboveMaximum', '4242', null],
      ['refused', 'cardKycRequired', '0119', null],
      ['refused', 'cardCountryNotAllowed', '0077', 'US'],
      ['refused', 'cardCountryNotAllowed', '0119', 'RU'],
      ['declined', 'card_declined', '0002', 'FR'],
      ['declined', 'insufficient_funds', '9995', 'ES'],
      ['failed', 'cardProviderUnavailable', '0127', 'DE'],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('takes the limits themselves, a card expiring this month, and KYC only when verified', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const ok = async (body: object) => {
      const response = await payByCard(app, partner.token, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    };
    await ok(cardRequest({ amount: '15', expiry_month: thisMonth, expiry_year: thisYear }));
    await ok(cardRequest({ amount: '700' }));
    for (const status of ['pending', 'rejected'] as const) {
      await setKyc(app, partner.id, status);
      expect((await payByCard(app, partner.token, cardRequest({ amount: '700.000001' }))).body).toEqual({
        amount: [MESSAGES.kyc],
      });
    }
    await setKyc(app, partner.id, 'verified');
    await ok(cardRequest({ amount: '3000' }));
    expect((await balances(app, partner.token)).usdt).toBe('3715.000000');

    expect((await payByCard(app, partner.token, cardRequest({ amount: '0' }))).body).toEqual({
      amount: ['Amount must be more than zero.'],
    });
    expect((await payByCard(app, partner.token, cardRequest({ amount: '20.1234567' }))).body).toEqual({
      amount: ['Use at most 6 decimal places.'],
    });
    expect((await payByCard(app, partner.token, cardRequest({ cvc: '12' }))).status).toBe(400);
    expect((await payByCard(app, partner.token, cardRequest({ card_number: '4242' }))).body).toEqual({
      card_number: [MESSAGES.numberInvalid],
    });
    expect((await call(app, 'POST', CARD_PAY, { body: cardRequest() })).status).toBe(401);
    expect((await balances(app, partner.token)).usdt).toBe('3715.000000');
  });

  it('allows 10 attempts per card per day, whoever makes them, refused and declined ones included', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await payByCard(
        app,
        partner.token,
        cardRequest({ amount: attempt <= 7 ? '15' : '10' }),
      );
      expect(response.status, `attempt ${attempt}`).toBe(attempt <= 7 ? 201 : 400);
    }
    const eleventh = await payByCard(app, partner.token, cardRequest({ amount: '15' }));
    expect(eleventh).toMatchObject({ status: 400, body: { card_number: [MESSAGES.daily] } });
    // The limit is the card's, not the partner's.
    expect((await payByCard(app, other.token, cardRequest({ amount: '15' }))).body).toEqual({
      card_number: [MESSAGES.daily],
    });
    // Another card still works.
    const otherCard = await payByCard(
      app,
      partner.token,
      cardRequest({ amount: '15', card_number: CARDS.approvedMastercard.number }),
    );
    expect(otherCard.status).toBe(201);
    expect((await balances(app, partner.token)).usdt).toBe('120.000000');
    expect((await balances(app, other.token)).usdt).toBe('0.000000');

    // Declines count too: the eleventh try of a declined card is not sent to the bank.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(
        (await payByCard(app, other.token, cardRequest({ card_number: CARDS.declined.number }))).body,
      ).toEqual({
        non_field_errors: [MESSAGES.declined],
      });
    }
    expect(
      (await payByCard(app, other.token, cardRequest({ card_number: CARDS.declined.number }))).body,
    ).toEqual({
      card_number: [MESSAGES.daily],
    });
    const limitRefusals = await countRows(
      app,
      cardPayments,
      eq(cardPayments.declineReason, 'cardDailyAttempts'),
    );
    expect(limitRefusals).toBe(3);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('allows 50 attempts per card per calendar month', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secretKey = testConfig().secretKey;
    const monthStart = new Date(Date.UTC(thisYear, thisMonth - 1, 1));
    const earlier = (cardNumber: string, createdAt: Date, count: number, declineReason = 'card_declined') =>
      app.database.db.insert(cardPayments).values(
        Array.from({ length: count }, (): typeof cardPayments.$inferInsert => ({
          userId: partner.id,
          amount: 15_000_000n,
          amountEurCents: 1380n,
          cardFingerprint: cardFingerprint(secretKey, cardNumber),
          cardLast4: cardNumber.slice(-4),
          cardBrand: 'visa',
          cardCountry: 'DE',
          status: 'declined',
          declineReason,
          createdAt,
        })),
      );
    await earlier(CARDS.approved.number, monthStart, 50);
    const refused = await payByCard(app, partner.token, cardRequest());
    expect(refused).toMatchObject({ status: 400, body: { card_number: [MESSAGES.monthly] } });

    // Last month's attempts, and refusals for being over a limit, do not count.
    const mastercard = CARDS.approvedMastercard.number;
    await earlier(mastercard, new Date(monthStart.getTime() - 1000), 50);
    await earlier(mastercard, monthStart, 60, 'cardDailyAttempts');
    const accepted = await payByCard(app, partner.token, cardRequest({ card_number: mastercard }));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');
  });

  it('credits once for an Idempotency-Key, replayed or raced; another request under it answers 409', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const body = cardRequest({ amount: '50' });
    const first = await payByCard(app, partner.token, body, 'top-up-1');
    expect(first.status).toBe(201);
    const replays = await Promise.all([
      payByCard(app, partner.token, body, 'top-up-1'),
      payByCard(app, partner.token, body, 'top-up-1'),
    ]);
    for (const replay of replays) {
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect((await balances(app, partner.token)).usdt).toBe('50.000000');
    // The CVC is kept out of the request hash (nothing derived from it is kept): the same top-up.
    expect(await payByCard(app, partner.token, { ...body, cvc: '321' }, 'top-up-1')).toMatchObject({
      status: 201,
      body: first.body,
    });
    for (const changed of [{ amount: '51' }, { card_number: CARDS.approvedMastercard.number }]) {
      const conflict = await payByCard(app, partner.token, { ...body, ...changed }, 'top-up-1');
      expect(conflict).toMatchObject({
        status: 409,
        body: { detail: 'This Idempotency-Key was used for a different request.' },
      });
    }

    // A new key whose first uses race each other: one charge, one credit, the same answer.
    const raced = await Promise.all([1, 2, 3].map(() => payByCard(app, partner.token, body, 'top-up-2')));
    for (const response of raced) {
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toEqual(raced[0]!.body);
    }
    expect(raced[0]!.body.id).not.toBe(first.body.id);
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');
    const approved = await app.database.db
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.status, 'approved'), eq(cardPayments.userId, partner.id)));
    expect(approved).toHaveLength(2);
    expect(await countRows(app, ledgerTransfers)).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('never stores a card number: only its fingerprint, last four digits, brand and country', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const used = [CARDS.approved.number, CARDS.declined.number, CARDS.approvedMastercard.number];
    expect((await payByCard(app, partner.token, cardRequest(), 'key-1')).status).toBe(201);
    expect(
      (await payByCard(app, partner.token, cardRequest({ card_number: CARDS.declined.number }))).status,
    ).toBe(400);
    expect(
      (
        await payByCard(
          app,
          partner.token,
          cardRequest({ card_number: CARDS.approvedMastercard.number, amount: '1' }),
        )
      ).status,
    ).toBe(400);

    const rows = await attemptRows(app);
    expect(rows.map((row) => [row.status, row.cardLast4, row.cardBrand])).toEqual([
      ['approved', '4242', 'visa'],
      ['declined', '0002', 'visa'],
      ['refused', '4444', 'mastercard'],
    ]);
    rows.forEach((row, index) => {
      expect(row.cardFingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(row.cardFingerprint).toBe(cardFingerprint(testConfig().secretKey, used[index]!));
    });
    // Every row of every table, as text.
    const tables = await queryRows<{ name: string }>(
      app.database.db,
      sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    let searched = 0;
    for (const { name } of tables) {
      const texts = await queryRows<{ row: string }>(
        app.database.db,
        sql.raw(`select t::text as row from ${name} t`),
      );
      searched += texts.length;
      for (const { row } of texts) for (const number of used) expect(row).not.toContain(number);
    }
    expect(searched).toBeGreaterThan(rows.length);
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
    expect((await payByCard(app, partner.token, cardRequest({ amount: '20' }))).body.amount_eur).toBe(
      '21.00',
    );
    expect((await call(app, 'GET', '/api/v1/cardpayment/limits/')).status).toBe(401);

    const defaults = await testApp();
    const someone = await registerPartner(defaults);
    const standard = await call(defaults, 'GET', '/api/v1/cardpayment/limits/', { token: someone.token });
    expect(standard.body.allowed_countries).toHaveLength(30);
    expect(standard.body.allowed_countries).toEqual(
      expect.arrayContaining(['DE', 'FR', 'PT', 'NO', 'IS', 'LI']),
    );
    expect((await post(defaults, '/api/v1/cardpayment/usdt_euro_rate/', {}, someone.token)).body).toEqual({
      rate: '0.92',
    });
  });

  it('answers 503 in production without a card provider: the sandbox is not money', async () => {
    const app = await testApp({ config: { env: 'production' } });
    const partner = await registerPartner(app);
    const response = await payByCard(app, partner.token, cardRequest());
    expect(response).toMatchObject({ status: 503, body: { detail: MESSAGES.unavailable } });
    expect(await countRows(app, cardPayments)).toBe(0);
  });
});

describe('card provider over HTTP', () => {
  const OTHER_CARDS = ['6011111111111117', '2223003122003222', '4111111111111111'];
  const charge = (cardNumber: string, overrides: Partial<TChargeRequest> = {}): TChargeRequest => ({
    cardNumber,
    expiryMonth: 12,
    expiryYear: thisYear + 2,
    cvc: '123',
    holderName: 'Pat Partner',
    amountEurCents: 1380n,
    reference: `ref-${cardNumber}`,
    ...overrides,
  });
  /** A result without the provider's own charge id, which differs between two providers. */
  const settled = async (work: Promise<unknown>) => {
    try {
      const result = (await work) as Record<string, unknown>;
      const { providerReference, ...rest } = result;
      return { ...rest, ...(providerReference ? { providerReference: typeof providerReference } : {}) };
    } catch (error) {
      return { error: (error as Error).constructor.name };
    }
  };

  it('gives the same answers as the sandbox for every test card', async () => {
    const server = await startSandboxServer({ apiKey: 'sk_test_1' });
    const http = createHttpCardProvider({ baseUrl: server.url, apiKey: 'sk_test_1', timeoutMs: 5000 });
    const sandbox = createSandboxCardProvider();
    const numbers = [...Object.values(CARDS).map((card) => card.number), ...OTHER_CARDS];
    for (const number of numbers) {
      expect(await http.lookup(number), number).toEqual(await sandbox.lookup(number));
      const viaHttp = await settled(http.charge(charge(number)));
      expect(viaHttp, number).toEqual(await settled(sandbox.charge(charge(number))));
    }
    expect(await settled(http.charge(charge(CARDS.providerError.number)))).toEqual({
      error: 'CardProviderError',
    });
    expect(await settled(http.charge(charge(CARDS.declined.number)))).toEqual({
      status: 'declined',
      reason: 'card_declined',
    });
    expect(await http.lookup(CARDS.countryNotAllowed.number)).toEqual({ brand: 'visa', country: 'US' });
    const expired = charge(CARDS.approved.number, { expiryYear: thisYear - 1, reference: 'expired' });
    expect(await settled(http.charge(expired))).toEqual(await settled(sandbox.charge(expired)));
    expect(await settled(http.charge(expired))).toEqual({ status: 'declined', reason: 'expired_card' });

    // The reference is the provider's idempotency key: the same charge, not a second one.
    const once = charge(CARDS.approved.number, { reference: 'same' });
    const [a, b] = [await http.charge(once), await http.charge(once)];
    expect(a).toEqual(b);
  });

  it('counts a wrong key, a slow or absent provider as unavailable', async () => {
    const server = await startSandboxServer({ apiKey: 'sk_test_1' });
    const wrongKey = createHttpCardProvider({ baseUrl: server.url, apiKey: 'sk_wrong' });
    await expect(wrongKey.lookup(CARDS.approved.number)).rejects.toBeInstanceOf(CardProviderError);
    await expect(wrongKey.charge(charge(CARDS.approved.number))).rejects.toBeInstanceOf(CardProviderError);

    const slow = await startSandboxServer({ delayMs: 1000 });
    const impatient = createHttpCardProvider({ baseUrl: slow.url, apiKey: null, timeoutMs: 100 });
    const started = Date.now();
    await expect(impatient.charge(charge(CARDS.approved.number))).rejects.toBeInstanceOf(CardProviderError);
    expect(Date.now() - started).toBeLessThan(900);

    const gone = await sandboxHttpServer();
    await gone.close();
    const absent = createHttpCardProvider({ baseUrl: gone.url, apiKey: null });
    await expect(absent.lookup(CARDS.approved.number)).rejects.toBeInstanceOf(CardProviderError);
  });

  it('is the provider the portal uses when CARD_PROVIDER_URL is set', async () => {
    const server = await startSandboxServer({ apiKey: 'sk_test_2' });
    const app = await testApp({
      config: { card: { ...testConfig().card, providerUrl: `${server.url}/`, providerKey: 'sk_test_2' } },
    });
    const partner = await registerPartner(app);
    const approved = await payByCard(
      app,
      partner.token,
      cardRequest({ card_number: CARDS.approvedMastercard.number }),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(201);
    expect(approved.body.card).toEqual({ brand: 'mastercard', last4: '4444', country: 'PT' });
    expect((await attemptRows(app))[0]!.providerReference).toMatch(/^sbx_ch_/);
    expect(
      (await payByCard(app, partner.token, cardRequest({ card_number: CARDS.declined.number }))).body,
    ).toEqual({
      non_field_errors: [MESSAGES.declined],
    });
    expect(
      (await payByCard(app, partner.token, cardRequest({ card_number: CARDS.countryNotAllowed.number })))
        .body,
    ).toEqual({
      card_number: [MESSAGES.country],
    });
    expect(
      (await payByCard(app, partner.token, cardRequest({ card_number: CARDS.providerError.number }))).status,
    ).toBe(503);
    expect((await balances(app, partner.token)).usdt).toBe('100.000000');

    const misconfigured = await testApp({
      config: { card: { ...testConfig().card, providerUrl: server.url, providerKey: 'sk_wrong' } },
    });
    const someone = await registerPartner(misconfigured);
    expect((await payByCard(misconfigured, someone.token, cardRequest())).status).toBe(503);
    expect((await balances(misconfigured, someone.token)).usdt).toBe('0.000000');
  });
});
