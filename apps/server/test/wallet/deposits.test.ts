import { eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { depositAddresses, invoices, ledgerTransfers, walletOperations } from '../../src/schema';
import { depositAddressDeriver } from '../../src/modules/deposits/addresses';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import {
  depositInvoice,
  depositLines,
  depositsApp,
  devTransfer,
  getInvoice,
  mineAndWatch,
  paymentStatus,
} from '../helpers/chain';
import { registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('invoices', () => {
  it('creates a deposit invoice and answers the same one while it is open', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const before = Date.now();
    const first = await getInvoice(app, partner.token, {
      purpose: 'deposit',
      currency: 'USDT',
      amount: '25',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.stringMatching(UUID),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      network: 'BEP-20',
      currency: 'USDT',
      amount: '25.000000',
      status: 'pending',
      confirmations_required: 3,
      expires_at: expect.any(String),
    });
    const expiresIn = Date.parse(first.body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(61 * 60_000);

    const again = await getInvoice(app, partner.token, {
      purpose: 'deposit',
      currency: 'USDT',
      amount: '25.0',
    });
    expect(again.body).toEqual(first.body);
    const otherAmount = await depositInvoice(app, partner.token, 'USDT', '30');
    const otherCurrency = await depositInvoice(app, partner.token, 'DXN', '25');
    expect(new Set([first.body.id, otherAmount.id, otherCurrency.id]).size).toBe(3);
    expect(otherAmount.address).toBe(first.body.address);
    expect(otherCurrency.address).toBe(first.body.address);
    expect(await countRows(app, invoices)).toBe(3);
  });

  it('answers 404 for an order (there are no orders yet) and 400 for a bad request', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    expect(await getInvoice(app, partner.token, { purpose: 'order', order_id: 7 })).toMatchObject({
      status: 404,
      body: { detail: 'Order not found.' },
    });
    for (const body of [
      { purpose: 'deposit', currency: 'USDT', amount: '0' },
      { purpose: 'deposit', currency: 'USDT', amount: '1.0000001' },
      { purpose: 'deposit', currency: 'BTC', amount: '1' },
      { purpose: 'gift' },
    ]) {
      expect((await getInvoice(app, partner.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await post(app, '/api/v1/payments/get_or_create_invoice/', {
      purpose: 'deposit',
      currency: 'USDT',
      amount: '1',
    });
    expect(anonymous.status).toBe(401);
    expect(await countRows(app, invoices)).toBe(0);
  });

  it('gives each partner one stable address of their own, derived from the deposit xpub', async () => {
    const { app, config } = await depositsApp();
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    const aliceFirst = await depositInvoice(app, alice.token, 'USDT', '10');
    const bobFirst = await depositInvoice(app, bob.token, 'USDT', '10');
    const aliceLater = await depositInvoice(app, alice.token, 'DXN', '3');
    expect(aliceLater.address).toBe(aliceFirst.address);
    expect(bobFirst.address).not.toBe(aliceFirst.address);

    const rows = await app.database.db
      .select()
      .from(depositAddresses)
      .orderBy(depositAddresses.derivationIndex);
    const derive = depositAddressDeriver(config.chain.depositXpub);
    expect(rows.map((row) => [row.userId, row.address])).toEqual([
      [alice.id, derive(rows[0]!.derivationIndex)],
      [bob.id, derive(rows[1]!.derivationIndex)],
    ]);
    // Shown with its EIP-55 checksum; kept lower-case, as the chain's logs are compared.
    expect(aliceFirst.address).toBe(getAddress(rows[0]!.address));
    expect(aliceFirst.address).not.toBe(rows[0]!.address);
    expect(bobFirst.address).toBe(getAddress(rows[1]!.address));
  });

  it('makes one invoice when the same request arrives several times at once', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        getInvoice(app, partner.token, { purpose: 'deposit', currency: 'USDT', amount: '12' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await countRows(app, invoices)).toBe(1);
    expect(await countRows(app, depositAddresses)).toBe(1);
  });
});

describe('a deposit on the development chain', () => {
  it('is confirming from its first block, paid at 3 confirmations, credited exactly once', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '25');
    const hash = await devTransfer(app, invoice.address, 'USDT', '25');
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    // Not mined yet: nothing seen.
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'pending',
      confirmations: 0,
      hash: null,
    });
    expect(await mineAndWatch(app)).toBe(1);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'confirming',
      confirmations: 1,
      hash,
    });
    expect(await depositLines(app, partner.token)).toEqual([
      expect.objectContaining({
        amount: '25.000000',
        currency: 'USDT',
        status: 'confirming',
        confirmations: 1,
        hash,
      }),
    ]);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');

    await mineAndWatch(app);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'confirming',
      confirmations: 2,
      hash,
    });
    expect((await depositLines(app, partner.token))[0]).toMatchObject({
      status: 'confirming',
      confirmations: 2,
    });
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');

    await mineAndWatch(app);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'paid',
      confirmations: 3,
      hash,
    });
    expect((await balances(app, partner.token)).usdt).toBe('25.000000');
    expect(await depositLines(app, partner.token)).toEqual([
      expect.objectContaining({ amount: '25.000000', status: 'completed', confirmations: 3, hash }),
    ]);

    await mineAndWatch(app, 5);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'paid',
      confirmations: 8,
    });
    expect((await balances(app, partner.token)).usdt).toBe('25.000000');
    expect(await countRows(app, ledgerTransfers, eq(ledgerTransfers.operationType, 'deposit'))).toBe(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
    // A paid invoice is not offered again: the same request makes a new one.
    expect((await depositInvoice(app, partner.token, 'USDT', '25')).id).not.toBe(invoice.id);
  });

  it('credits DXN in its 8 places, and any amount, paying an invoice only when it covers it', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'DXN', '100');
    await devTransfer(app, invoice.address, 'DXN', '40.12345678');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'pending',
      hash: null,
    });
    expect((await balances(app, partner.token)).dexnet).toBe('40.12345678');

    const hash = await devTransfer(app, invoice.address, 'DXN', '100');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'paid',
      confirmations: 3,
      hash,
    });
    expect((await balances(app, partner.token)).dexnet).toBe('140.12345678');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('pays the invoice of exactly its amount, else the newest waiting one it covers', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const older = await depositInvoice(app, partner.token, 'USDT', '10');
    const newer = await depositInvoice(app, partner.token, 'USDT', '5');
    const hash = await devTransfer(app, older.address, 'USDT', '10');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, older.id)).body).toMatchObject({ status: 'paid', hash });
    expect((await paymentStatus(app, partner.token, newer.id)).body).toMatchObject({
      status: 'pending',
      hash: null,
    });
  });

  it('pays the second invoice a partner opened when the transfer is exactly its amount', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const first = await depositInvoice(app, partner.token, 'USDT', '5');
    const second = await depositInvoice(app, partner.token, 'USDT', '7');
    const third = await depositInvoice(app, partner.token, 'USDT', '6');
    const hash = await devTransfer(app, second.address, 'USDT', '7');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, second.id)).body).toMatchObject({ status: 'paid', hash });
    expect((await paymentStatus(app, partner.token, first.id)).body.status).toBe('pending');
    // 8 matches none exactly: the newest waiting invoice it covers (6, opened after 5) is paid.
    const next = await devTransfer(app, second.address, 'USDT', '8');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, third.id)).body).toMatchObject({
      status: 'paid',
      hash: next,
    });
    expect((await paymentStatus(app, partner.token, first.id)).body.status).toBe('pending');
    expect((await balances(app, partner.token)).usdt).toBe('15.000000');
  });

  it("is never shown to another partner: another's invoice or an unknown id answers 404", async () => {
    const { app } = await depositsApp();
    const owner = await registerPartner(app);
    const other = await registerPartner(app);
    const invoice = await depositInvoice(app, owner.token, 'USDT', '25');
    await devTransfer(app, invoice.address, 'USDT', '25');
    await mineAndWatch(app, 1);
    for (const id of [invoice.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "' or 1=1 --"]) {
      expect(await paymentStatus(app, other.token, id), id).toMatchObject({
        status: 404,
        body: { detail: 'Invoice not found.' },
      });
    }
    expect((await paymentStatus(app, owner.token, invoice.id)).body.status).toBe('confirming');
    expect((await post(app, '/api/v1/payments/get_payment_status/', { invoice_id: invoice.id })).status).toBe(
      401,
    );
    // Nor is the deposit in the other partner's statement.
    expect(await depositLines(app, other.token)).toEqual([]);
  });
});

describe('the deposit window', () => {
  const window = (app: TTestApp, token: string, invoiceId: string) =>
    post(app, '/api/v1/payments/get_deposit_window/', { invoice_id: invoiceId }, token);

  it('shows every transfer to the address with its confirmations, and the invoice each paid', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const first = await depositInvoice(app, partner.token, 'USDT', '5');
    const second = await depositInvoice(app, partner.token, 'USDT', '7');
    const hash = await devTransfer(app, second.address, 'USDT', '7');
    await mineAndWatch(app, 1);
    let answer = await window(app, partner.token, second.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      invoice: expect.objectContaining({
        id: second.id,
        address: second.address,
        amount: '7.000000',
        status: 'confirming',
        received: '7.000000',
        confirmations: 1,
        hash,
      }),
      transfers: [
        {
          hash,
          log_index: 0,
          currency: 'USDT',
          amount: '7.000000',
          confirmations: 1,
          status: 'confirming',
          invoice_id: second.id,
          seen_at: expect.any(String),
        },
      ],
    });
    await mineAndWatch(app, 2);
    answer = await window(app, partner.token, second.id);
    expect(answer.body.invoice).toMatchObject({ status: 'paid', confirmations: 3 });
    expect(answer.body.transfers[0]).toMatchObject({ status: 'credited', confirmations: 3 });
    expect((await window(app, partner.token, first.id)).body.invoice).toMatchObject({
      status: 'pending',
      received: '0.000000',
    });
  });

  it('shows an underpayment as received on the waiting invoice, credited to the balance', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '10');
    const hash = await devTransfer(app, invoice.address, 'USDT', '4');
    await mineAndWatch(app, 3);
    const answer = await window(app, partner.token, invoice.id);
    expect(answer.body.invoice).toMatchObject({
      status: 'pending',
      amount: '10.000000',
      received: '4.000000',
    });
    expect(answer.body.transfers).toEqual([
      expect.objectContaining({ hash, amount: '4.000000', status: 'credited', invoice_id: null }),
    ]);
    expect((await balances(app, partner.token)).usdt).toBe('4.000000');
  });

  it("answers 404 for another partner's invoice", async () => {
    const { app } = await depositsApp();
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    const invoice = await depositInvoice(app, alice.token, 'USDT', '10');
    expect((await window(app, bob.token, invoice.id)).status).toBe(404);
    expect((await window(app, bob.token, 'nope')).status).toBe(404);
  });
});

describe('expiry', () => {
  const expire = (app: Awaited<ReturnType<typeof depositsApp>>['app'], id: string) =>
    app.database.db.execute(
      sql`update invoices set expires_at = now() - interval '1 second' where id = ${id}`,
    );

  it('reads as expired once past its time before any job runs; the job then marks it', async () => {
    const { app, deposits } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '25');
    await expire(app, invoice.id);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'expired',
      confirmations: 0,
      hash: null,
    });
    const stored = async () =>
      (await app.database.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status;
    expect(await stored()).toBe('pending');
    // An expired invoice is not offered again.
    const fresh = await depositInvoice(app, partner.token, 'USDT', '25');
    expect(fresh.id).not.toBe(invoice.id);
    expect(fresh.status).toBe('pending');

    expect(await deposits.expireInvoices()).toBe(1);
    expect(await stored()).toBe('expired');
    expect(await deposits.expireInvoices()).toBe(0);
  });

  it('still credits a transfer that arrives after the invoice expired; the invoice stays expired', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '25');
    await expire(app, invoice.id);
    await devTransfer(app, invoice.address, 'USDT', '25');
    await mineAndWatch(app, 3);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('expired');
    expect((await balances(app, partner.token)).usdt).toBe('25.000000');
  });

  it('does not expire an invoice whose transfer was seen in time and is confirming', async () => {
    const { app } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '25');
    await devTransfer(app, invoice.address, 'USDT', '25');
    await mineAndWatch(app, 1);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('confirming');
    await expire(app, invoice.id);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('confirming');
    await mineAndWatch(app, 2);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('paid');
  });
});

describe('jobs', () => {
  it('mine blocks, read the chain and credit deposits without anyone asking', async () => {
    const app = await testApp({
      config: { jobs: true, chain: { ...testConfig().chain, devBlockMs: 50, pollMs: 50 } },
    });
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '3');
    await devTransfer(app, invoice.address, 'USDT', '3');
    await vi.waitFor(
      async () => {
        expect((await balances(app, partner.token)).usdt).toBe('3.000000');
      },
      { timeout: 10_000, interval: 100 },
    );
    const [row] = await app.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe('paid');
  });
});

describe('development chain calls', () => {
  it('send and mine on the development chain, and refuse a bad address', async () => {
    const { app, devChain } = await depositsApp();
    expect(await post(app, '/api/v1/dev/chain/mine/', { blocks: 2 })).toMatchObject({
      status: 200,
      body: { height: 2 },
    });
    expect(await post(app, '/api/v1/dev/chain/mine/', {})).toMatchObject({
      status: 200,
      body: { height: 3 },
    });
    expect(await devChain.headNumber()).toBe(3);
    const bad = await post(app, '/api/v1/dev/chain/transfer/', {
      to: '0x1234',
      currency: 'USDT',
      amount: '1',
    });
    expect(bad).toMatchObject({ status: 400, body: { to: [expect.any(String)] } });
    expect((await post(app, '/api/v1/dev/chain/mine/', { blocks: 0 })).status).toBe(400);
  });

  it('do not exist on a shared database unless switched on; deposits then answer 503', async () => {
    // What config.ts makes of DATABASE_URL without DEV_CHAIN and CARD_SANDBOX.
    const app = await testApp({
      config: {
        chain: { ...testConfig().chain, dev: false },
        card: { ...testConfig().card, sandbox: false },
      },
    });
    const to = '0x' + 'ab'.repeat(20);
    expect(
      (await post(app, '/api/v1/dev/chain/transfer/', { to, currency: 'USDT', amount: '1' })).status,
    ).toBe(404);
    expect((await post(app, '/api/v1/dev/chain/mine/', { blocks: 1 })).status).toBe(404);
    const partner = await registerPartner(app);
    const invoice = await getInvoice(app, partner.token, {
      purpose: 'deposit',
      currency: 'USDT',
      amount: '5',
    });
    expect(invoice).toMatchObject({ status: 503, body: { detail: MESSAGES.depositsUnavailable } });
    const card = await call(app, 'POST', '/api/v1/cardpayment/test_endpoint_carpayment/', {
      token: partner.token,
      headers: { 'idempotency-key': 'sandbox-off-1' },
      body: { amount: '100' },
    });
    expect(card).toMatchObject({ status: 503, body: { detail: MESSAGES.cardProviderUnavailable } });
  });

  it('do not exist when a real chain node is configured', async () => {
    const app = await testApp({ config: { chain: { ...testConfig().chain, rpcUrl: 'http://127.0.0.1:9' } } });
    const to = '0x' + 'ab'.repeat(20);
    expect(
      await post(app, '/api/v1/dev/chain/transfer/', { to, currency: 'USDT', amount: '1' }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await post(app, '/api/v1/dev/chain/mine/', { blocks: 1 })).status).toBe(404);

    // Invoices need no chain; a status read answers from the database when the node is down.
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '5');
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toEqual({
      status: 'pending',
      confirmations: 0,
      hash: null,
    });
    expect(await countRows(app, walletOperations)).toBe(0);
  });
});
