import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CardProviderError, type TCardProvider } from '../../src/adapters/card/provider';
import { createSandboxCardProvider } from '../../src/adapters/card/sandbox';
import { cardJobs } from '../../src/modules/card/jobs';
import { createCardPayments } from '../../src/modules/card/service';
import { cardPayments, ledgerTransfers, walletOperations } from '../../src/schema';
import { call, testApp, testConfig, type TTestApp } from '../helpers/app';
import { CARD_PAY, cardPaymentUrl, openCardPayment, pathOf, payOnPage } from '../helpers/card';
import { registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { countRows } from '../helpers/rows';

const DAILY = 'This card has reached its 10 attempts for today.';

/**
 * The card module as another process would build it on the same database (its reconciliation),
 * with a provider of its own: the sandbox's signing key, webhooks handed to it by the test.
 */
function cardsOf(app: TTestApp, provider?: TCardProvider) {
  const config = testConfig();
  return createCardPayments({
    db: app.database.db,
    provider:
      provider ??
      createSandboxCardProvider({
        secret: 'test-sandbox-secret',
        pageUrl: 'http://portal.test/pay',
        deliver: async () => 200,
      }),
    card: config.card,
    usdtEurRate: () => config.rates.usdtEur,
    publicUrl: config.publicUrl,
  });
}

/** Makes every card credit fail (after its ledger transfer, inside its transaction) until undone. */
async function breakCardCredits(app: TTestApp): Promise<() => Promise<void>> {
  const { db } = app.database;
  await db.execute(sql`create function test_fail_card_credit() returns trigger language plpgsql as $$
    begin
      if new.reference like 'card:%' then raise exception 'test: the credit fails'; end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger test_fail_card_credit before insert on wallet_operations
    for each row execute function test_fail_card_credit()`);
  return async () => {
    await db.execute(sql`drop trigger test_fail_card_credit on wallet_operations`);
    await db.execute(sql`drop function test_fail_card_credit()`);
  };
}

const statusOf = async (app: TTestApp, token: string, id: number) =>
  (await call(app, 'GET', cardPaymentUrl(id), { token })).body.status as string;

describe('card attempt limits are counted under the card, not read', () => {
  it('30 payments of one card paid at once, by two partners over two instances, approve exactly 10', async () => {
    const app = await testApp();
    const other = await testApp({ database: app.database });
    const partners = [await registerPartner(app), await registerPartner(app)];
    const instances = [app, other];
    const opened = [];
    for (let index = 0; index < 30; index++)
      opened.push(await openCardPayment(instances[index % 2]!, partners[index % 2]!.token, { amount: '15' }));
    await Promise.all(
      opened.map((session, index) => payOnPage(instances[(index + 1) % 2]!, session.body.url)),
    );
    const statuses = await Promise.all(
      opened.map((session, index) => statusOf(app, partners[index % 2]!.token, session.body.payment_id)),
    );
    expect(statuses.filter((status) => status === 'approved')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'refused')).toHaveLength(20);
    const refused = await call(
      app,
      'GET',
      cardPaymentUrl(opened[statuses.indexOf('refused')]!.body.payment_id),
      {
        token: partners[statuses.indexOf('refused') % 2]!.token,
      },
    );
    expect(refused.body.reason).toBe(DAILY);
    expect(await countRows(app, ledgerTransfers)).toBe(10);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe('card charges are written before the credit, and reconciled', () => {
  it('keeps a captured charge whose credit fails, and the job credits it exactly once', async () => {
    const app = await testApp();
    const other = await testApp({ database: app.database });
    const partner = await registerPartner(app);
    const repair = await breakCardCredits(app);
    const session = await openCardPayment(app, partner.token, { amount: '40' });
    await payOnPage(app, session.body.url);
    const [charged] = await app.database.db.select().from(cardPayments);
    expect(charged).toMatchObject({ status: 'charged', amount: 40_000_000n, cardLast4: '4242' });
    expect(charged!.providerReference).toMatch(/^sbx_ch_/);
    expect(await statusOf(app, partner.token, charged!.id)).toBe('processing');
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');

    // While the credit still fails, the job leaves the charge as it is, and tries again later.
    await expect(cardsOf(app).reconcile(0)).rejects.toThrow();
    await repair();

    // Two runs at once (two processes) and one more after them: one credit.
    const runs = await Promise.all([cardsOf(app).reconcile(0), cardsOf(other).reconcile(0)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await cardsOf(app).reconcile(0)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('40.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(
      await countRows(app, walletOperations, eq(walletOperations.reference, `card:${charged!.id}`)),
    ).toBe(1);
    expect(await statusOf(app, partner.token, charged!.id)).toBe('approved');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('a capture the provider does not answer leaves the payment authorized (503, delivered again), and the job captures it once', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    let captures = 0;
    let failing = true;
    const webhooks: [string, string][] = [];
    const sandbox = createSandboxCardProvider({
      secret: 'test-sandbox-secret',
      pageUrl: 'http://portal.test/pay',
      retryDelaysMs: [],
      deliver: async (body, signature) => {
        webhooks.push([body, signature]);
        return 200;
      },
    });
    const provider: TCardProvider = {
      ...sandbox,
      capture: async (paymentId) => {
        captures += 1;
        if (failing) throw new CardProviderError('no answer');
        return sandbox.capture(paymentId);
      },
    };
    const cards = cardsOf(app, provider);
    const session = await cards.open(partner.id, { amount: '25' }, null);
    const target = sandbox.session(new URL(session.url).searchParams.get('session')!)!;
    expect(
      await sandbox.pay(target, {
        number: '4242424242424242',
        expiryMonth: 12,
        expiryYear: 2099,
        cvc: '123',
      }),
    ).toBeNull();
    const [body, signature] = webhooks[0]!;
    await expect(cards.receive(body, signature)).rejects.toMatchObject({ statusCode: 503 });
    expect((await app.database.db.select().from(cardPayments))[0]!.status).toBe('authorized');
    // The provider delivers it again while it is still down: authorized, nothing twice.
    await expect(cards.receive(body, signature)).resolves.toEqual({ received: true });
    failing = false;
    await app.database.db.update(cardPayments).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    const [job] = cardJobs({ cards, log: pino({ level: 'silent' }) });
    if (job?.kind !== 'worker') throw new Error('card-reconcile is a worker');
    expect(job.name).toBe('card-reconcile');
    await job.run();
    await job.run();
    expect((await balances(app, partner.token)).usdt).toBe('25.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(captures).toBe(2);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'card attempt limits on PostgreSQL with two server processes',
  () => {
    it('30 payments of one card paid at once over two processes approve exactly 10', async () => {
      const app = await testApp();
      const partner = await registerPartner(app);
      const servers = await startTwoServers({ CARD_SANDBOX: 'true', PUBLIC_URL: 'http://portal.test' });
      const sessions = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          fetch(`${servers[index % 2]}${CARD_PAY}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ amount: '15' }),
          }).then(async (response) => (await response.json()) as { payment_id: number; url: string }),
        ),
      );
      await Promise.all(
        sessions.map((session, index) =>
          fetch(`${servers[(index + 1) % 2]}${pathOf(session.url)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              number: '4242424242424242',
              expiry: '12/99',
              cvc: '123',
              name: 'P',
            }).toString(),
            redirect: 'manual',
          }),
        ),
      );
      const statuses = await Promise.all(
        sessions.map((session) => statusOf(app, partner.token, session.payment_id)),
      );
      expect(statuses.filter((status) => status === 'approved')).toHaveLength(10);
      expect(statuses.filter((status) => status === 'refused')).toHaveLength(20);
      expect((await balances(app, partner.token)).usdt).toBe('150.000000');
      expect((await ledgerHealth(app)).ok).toBe(true);
    }, 240_000);
  },
);
