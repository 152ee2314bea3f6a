import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxCardProvider, SANDBOX_CARDS } from '../../src/adapters/card/sandbox';
import { sandboxHttpServer, type TSandboxHttpServer } from '../../src/adapters/card/sandbox-server';
import type { TConfig } from '../../src/config';
import { cardPayments, ledgerTransfers, walletOperations } from '../../src/schema';
import { cardJobs } from '../../src/modules/card/jobs';
import { createCardPayments } from '../../src/modules/card/service';
import { testApp, testConfig, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { startTwoServers } from '../helpers/process';
import { CARD_PAY, cardRequest, payByCard } from '../helpers/card';
import { countRows } from '../helpers/rows';

const DAILY = 'This card has reached its 10 attempts for today.';

const smallTopUp = (overrides: Record<string, unknown> = {}) => cardRequest({ amount: '15', ...overrides });

const statusesOf = (answers: { status: number }[]) => ({
  approved: answers.filter((answer) => answer.status === 201).length,
  refused: answers.filter((answer) => answer.status === 400).length,
  failed: answers.filter((answer) => answer.status >= 500).length,
});

/** The card module as another process would build it on the same database: its reconciliation. */
function reconciler(app: TTestApp) {
  const config = testConfig();
  return createCardPayments({
    db: app.database.db,
    provider: createSandboxCardProvider(),
    card: config.card,
    usdtEurRate: config.rates.usdtEur,
    secretKey: config.secretKey,
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

/**
 * The portal with the sandbox served over HTTP and answering after `delayMs`, as a bank does:
 * attempts in flight overlap, which is what a limit that is read and not reserved lets through.
 */
async function slowProviderConfig(delayMs = 40): Promise<{ card: TConfig['card'] }> {
  const server = await sandboxHttpServer({ delayMs });
  servers.push(server);
  return { card: { ...testConfig().card, providerUrl: `${server.url}/`, providerKey: null } };
}

const servers: TSandboxHttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('card attempt limits are reserved, not read', () => {
  it('30 parallel top-ups of one card, by two partners over two instances, approve exactly 10', async () => {
    const config = await slowProviderConfig();
    const first = await testApp({ config });
    const second = await testApp({ config, database: first.database });
    const partners = [await registerPartner(first), await registerPartner(first)];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        payByCard(index % 2 ? first : second, partners[index % 2]!.token, smallTopUp()),
      ),
    );
    expect(statusesOf(answers)).toEqual({ approved: 10, refused: 20, failed: 0 });
    for (const answer of answers.filter((one) => one.status === 400))
      expect(answer.body).toEqual({ card_number: [DAILY] });
    const [a, b] = [await balances(first, partners[0]!.token), await balances(first, partners[1]!.token)];
    expect((Number(a.usdt) + Number(b.usdt)).toFixed(6)).toBe('150.000000');
    expect(await countRows(first, cardPayments, eq(cardPayments.status, 'approved'))).toBe(10);
    // The card is spent for today: one more attempt is refused before it reaches the bank.
    expect((await payByCard(first, partners[0]!.token, smallTopUp())).body).toEqual({ card_number: [DAILY] });
    expect((await ledgerHealth(first)).ok).toBe(true);
  });

  it('counts declined cards in a burst the same way: 10 reach the bank', async () => {
    const app = await testApp({ config: await slowProviderConfig() });
    const partner = await registerPartner(app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        payByCard(app, partner.token, smallTopUp({ card_number: SANDBOX_CARDS.insufficientFunds.number })),
      ),
    );
    expect(answers.filter((answer) => 'non_field_errors' in answer.body)).toHaveLength(10);
    expect(answers.filter((answer) => 'card_number' in answer.body)).toHaveLength(15);
    expect(await countRows(app, cardPayments, eq(cardPayments.status, 'declined'))).toBe(10);
  });
});

describe('card form answers', () => {
  it('explains a two-digit year and says when a card has insufficient funds', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect((await payByCard(app, partner.token, smallTopUp({ expiry_year: 29 }))).body).toEqual({
      expiry_year: ['Enter the expiry year in four digits (YYYY).'],
    });
    expect(
      (
        await payByCard(
          app,
          partner.token,
          smallTopUp({ card_number: SANDBOX_CARDS.insufficientFunds.number }),
        )
      ).body,
    ).toEqual({
      non_field_errors: [
        'The card was declined: not enough funds on it. Try a smaller amount or another card.',
      ],
    });
  });
});

describe('card charges are written before the credit, and reconciled', () => {
  it('keeps an approved charge whose credit fails, and the job credits it exactly once', async () => {
    const app = await testApp();
    const other = await testApp({ database: app.database });
    const partner = await registerPartner(app);
    const repair = await breakCardCredits(app);
    const failed = await payByCard(app, partner.token, smallTopUp({ amount: '40' }));
    expect(failed.status).toBe(500);
    const [charged] = await app.database.db.select().from(cardPayments);
    expect(charged).toMatchObject({ status: 'charged', amount: 40_000_000n, cardLast4: '4242' });
    expect(charged!.providerReference).toMatch(/^sbx_ch_/);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');

    // While the credit still fails, the job leaves the charge as it is, and tries again later.
    await expect(reconciler(app).reconcile(0)).rejects.toThrow();
    await repair();

    // Two runs at once (two processes) and one more after them: one credit.
    const runs = await Promise.all([reconciler(app).reconcile(0), reconciler(other).reconcile(0)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await reconciler(app).reconcile(0)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('40.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(
      await countRows(app, walletOperations, eq(walletOperations.reference, `card:${charged!.id}`)),
    ).toBe(1);
    expect(await countRows(app, cardPayments, eq(cardPayments.status, 'approved'))).toBe(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('leaves a fresh charge to its request, and runs as a scheduled job', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const repair = await breakCardCredits(app);
    expect((await payByCard(app, partner.token, smallTopUp())).status).toBe(500);
    await repair();
    // Within the grace period the request may still be crediting it: left alone.
    expect(await reconciler(app).reconcile(60)).toBe(0);
    await app.database.db.update(cardPayments).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    const [job] = cardJobs({ cards: reconciler(app), log: pino({ level: 'silent' }) });
    if (job?.kind !== 'worker') throw new Error('card-reconcile is a worker');
    expect(job.name).toBe('card-reconcile');
    await job.run();
    await job.run();
    expect((await balances(app, partner.token)).usdt).toBe('15.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
  });

  it('a retry under the same Idempotency-Key after a failed credit is the same charge, credited once', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const repair = await breakCardCredits(app);
    expect((await payByCard(app, partner.token, smallTopUp({ amount: '20' }), 'retry-1')).status).toBe(500);
    await repair();
    const retried = await payByCard(app, partner.token, smallTopUp({ amount: '20' }), 'retry-1');
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(await reconciler(app).reconcile(0)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('20.000000');
    const rows = await app.database.db
      .select()
      .from(cardPayments)
      .where(and(eq(cardPayments.userId, partner.id)));
    expect(rows.map((row) => [row.id, row.status])).toEqual([[retried.body.id, 'approved']]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'card attempt limits on PostgreSQL with two server processes',
  () => {
    it('30 parallel top-ups of one card over two processes approve exactly 10', async () => {
      const app = await testApp();
      const partner = await registerPartner(app);
      const { card } = await slowProviderConfig();
      const servers = await startTwoServers({
        CARD_PROVIDER_URL: card.providerUrl!,
      });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          fetch(`${servers[index % 2]}${CARD_PAY}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${partner.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(smallTopUp()),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      expect(statusesOf(answers)).toEqual({ approved: 10, refused: 20, failed: 0 });
      expect((await balances(app, partner.token)).usdt).toBe('150.000000');
      expect((await ledgerHealth(app)).ok).toBe(true);
    }, 240_000);
  },
);
