import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { TChainAdapter } from '../../src/adapters/chain/types';
import {
  chainCursors,
  chainRejectedLogs,
  chainTransfers,
  devChainLogs,
  invoices,
  ledgerPostings,
  ledgerTransfers,
  walletOperations,
} from '../../src/schema';
import { createWatcher, type TWatcher } from '../../src/modules/deposits/watcher';
import {
  depositInvoice,
  depositLines,
  depositsApp,
  devTransfer,
  mine,
  paymentStatus,
} from '../helpers/chain';
import { call } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';
import { countRows } from '../helpers/rows';

const THIRD_TOKEN = '0x' + '3c'.repeat(20);
const NOBODY = '0x' + '7e'.repeat(20);

describe('the chain watcher', () => {
  it('credits the same chain transfer once however often it is read, replayed or credited', async () => {
    const { app, config, devChain, watcher } = await depositsApp();
    const db = app.database.db;
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '7.5');
    await devTransfer(app, invoice.address, 'USDT', '7.5');
    await mine(app, 3);
    // A second server process with its own watcher on the same database.
    const other = createWatcher({ db, config, chain: devChain });

    for (let round = 0; round < 10; round += 1) {
      if (round % 3 === 0) {
        // Read the block again from before it, as after a restore or a manual rewind.
        await db.update(chainCursors).set({ blockNumber: -1 });
      }
      await Promise.all([watcher.run(), other.run()]);
    }
    const [row] = await db.select().from(chainTransfers);
    expect(row).toMatchObject({ status: 'credited', amount: 7_500_000n, userId: partner.id });
    for (let round = 0; round < 10; round += 1) {
      expect(await Promise.all([watcher.credit(row!.id), other.credit(row!.id)])).toEqual([false, false]);
    }
    // Put the row back as if its credit had never been marked: the ledger reference still holds.
    await db.update(chainTransfers).set({ status: 'confirming', creditedAt: null });
    await expect(watcher.run()).resolves.toBeUndefined();

    expect((await balances(app, partner.token)).usdt).toBe('7.500000');
    expect(await countRows(app, chainTransfers)).toBe(1);
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(await countRows(app, ledgerPostings)).toBe(2);
    expect(await countRows(app, walletOperations)).toBe(1);
    expect(await depositLines(app, partner.token)).toEqual([
      expect.objectContaining({ amount: '7.500000', status: 'completed' }),
    ]);
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('paid');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('credits through the credit path once, and only when confirmed', async () => {
    const { app, watcher } = await depositsApp();
    const db = app.database.db;
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'DXN', '2');
    await devTransfer(app, invoice.address, 'DXN', '2');
    await mine(app, 1);
    await watcher.run();
    const [row] = await db.select().from(chainTransfers);
    expect(await watcher.credit(row!.id)).toBe(false);
    expect((await balances(app, partner.token)).dexnet).toBe('0.00000000');
    await mine(app, 2);
    const results = await Promise.all(Array.from({ length: 10 }, () => watcher.credit(row!.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await balances(app, partner.token)).dexnet).toBe('2.00000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
    expect(await countRows(app, walletOperations)).toBe(1);
    expect(await watcher.credit(row!.id + 1000)).toBe(false);
  });

  it('credits nothing for a third token contract or for an address nobody owns', async () => {
    const { app, devChain, watcher } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '5');
    await devChain.emit({ contract: THIRD_TOKEN, to: invoice.address, value: 5n * 10n ** 18n });
    await devTransfer(app, NOBODY, 'USDT', '5');
    await mine(app, 5);
    await watcher.run();
    expect(await countRows(app, chainTransfers)).toBe(0);
    expect(await countRows(app, ledgerTransfers)).toBe(0);
    expect(await countRows(app, walletOperations)).toBe(0);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('pending');
  });

  it('ignores other contracts itself, whatever the adapter answers', async () => {
    const { app, config, devChain } = await depositsApp();
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '5');
    await devChain.emit({ contract: THIRD_TOKEN, to: invoice.address, value: 5n * 10n ** 18n });
    await devTransfer(app, invoice.address, 'USDT', '1');
    await mine(app, 3);
    // An adapter that answers every contract's logs, the third token's too.
    const unfiltered: TChainAdapter = {
      ...devChain,
      transfers: async (from, to) =>
        (await devChain.logs({ fromBlock: from, toBlock: to, contracts: null })).map(
          ({ blockHash: _, ...log }) => log,
        ),
    };
    expect((await unfiltered.transfers(0, 3)).map((log) => log.contract)).toContain(THIRD_TOKEN);
    await createWatcher({ db: app.database.db, config, chain: unfiltered }).run();
    expect(await countRows(app, chainTransfers)).toBe(1);
    expect((await balances(app, partner.token)).usdt).toBe('1.000000');
  });

  it('rounds raw token units down to the currency places and skips dust', async () => {
    const { app, config, devChain, watcher } = await depositsApp();
    const partner = await registerPartner(app);
    const { address } = await depositInvoice(app, partner.token, 'USDT', '1');
    const { USDT, DXN } = config.chain.contracts;
    await devChain.emit({ contract: USDT, to: address, value: 1_234_567_999_999_999_999n });
    await devChain.emit({ contract: DXN, to: address, value: 2_123_456_789_999_999_999n });
    await devChain.emit({ contract: USDT, to: address, value: 999_999_999_999n });
    await mine(app, 3);
    await watcher.run();
    expect(await balances(app, partner.token)).toMatchObject({ usdt: '1.234567', dexnet: '2.12345678' });
    const rows = await app.database.db.select().from(chainTransfers).orderBy(chainTransfers.id);
    expect(rows.map((row) => [row.currency, row.rawAmount, row.amount])).toEqual([
      ['USDT', '1234567999999999999', 1_234_567n],
      ['DXN', '2123456789999999999', 212_345_678n],
    ]);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('starts a new chain at its first block and catches up in batches', async () => {
    const { app, devChain, watcher } = await depositsApp();
    const partner = await registerPartner(app);
    const { address } = await depositInvoice(app, partner.token, 'USDT', '1');
    await devTransfer(app, address, 'USDT', '1');
    await mine(app, 1);
    await devChain.mine(1500);
    await devTransfer(app, address, 'USDT', '2');
    await mine(app, 3);
    await watcher.run();
    expect((await balances(app, partner.token)).usdt).toBe('3.000000');
    const [cursor] = await app.database.db.select().from(chainCursors);
    expect(cursor).toMatchObject({ chain: 'dev', blockNumber: 1504 });
  });

  it('credits no log that the chain dropped, and credits it where a reorganisation mined it again', async () => {
    const { app, watcher } = await depositsApp();
    const db = app.database.db;
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '4');
    const hash = await devTransfer(app, invoice.address, 'USDT', '4');
    await mine(app, 1);
    await watcher.run();
    expect((await paymentStatus(app, partner.token, invoice.id)).body.status).toBe('confirming');

    // A reorganisation drops the block: the log is nowhere on the chain (a block never mined).
    await db.update(devChainLogs).set({ blockNumber: 1_000_000 }).where(eq(devChainLogs.txHash, hash));
    await mine(app, 3);
    await watcher.run();
    const [row] = await db.select().from(chainTransfers);
    expect(row).toMatchObject({ blockNumber: 1, status: 'confirming' });
    expect(await watcher.credit(row!.id)).toBe(false);
    expect((await balances(app, partner.token)).usdt).toBe('0.000000');

    // The new branch mined it again, in block 3: below the cursor, read again by the watcher.
    await db.update(devChainLogs).set({ blockNumber: 3 }).where(eq(devChainLogs.txHash, hash));
    await watcher.run();
    expect(
      await db
        .select({ block: chainTransfers.blockNumber, status: chainTransfers.status })
        .from(chainTransfers),
    ).toEqual([{ block: 3, status: 'confirming' }]);
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'confirming',
      confirmations: 2,
    });
    await mine(app, 1);
    await watcher.run();
    expect((await paymentStatus(app, partner.token, invoice.id)).body).toMatchObject({
      status: 'paid',
      confirmations: 3,
      hash,
    });
    expect((await balances(app, partner.token)).usdt).toBe('4.000000');
    expect(await countRows(app, ledgerTransfers)).toBe(1);
  });

  it('answers reads from its last pass only; a pass runs once per interval across processes', async () => {
    const { app, config, devChain, watcher } = await depositsApp({ pollMs: 60_000 });
    const other = createWatcher({ db: app.database.db, config, chain: devChain });
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '1');
    await devTransfer(app, invoice.address, 'USDT', '1');
    await mine(app, 1);
    const status = async () => (await paymentStatus(app, partner.token, invoice.id)).body;
    // The request does not read the chain: nothing is seen before a pass.
    expect(await status()).toMatchObject({ status: 'pending', confirmations: 0 });
    // The first pass (no cursor yet) is due.
    expect(await watcher.runIfDue(60_000)).toBe(true);
    expect(await status()).toMatchObject({ status: 'confirming', confirmations: 1 });
    await mine(app, 2);
    // Another process's job moments later: not due, and reads still answer the last pass.
    expect(await other.runIfDue(60_000)).toBe(false);
    expect(await status()).toMatchObject({ status: 'confirming', confirmations: 1 });
    // An interval later both processes' jobs tick at once: one of them reads the chain.
    await app.database.db.execute(sql`update chain_cursors set updated_at = now() - interval '61 seconds'`);
    const ran = await Promise.all([watcher.runIfDue(60_000), other.runIfDue(60_000)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await status()).toMatchObject({ status: 'paid', confirmations: 3 });
    expect(
      await countRows(app, invoices, and(eq(invoices.id, invoice.id), eq(invoices.status, 'paid'))),
    ).toBe(1);
  });
});

describe('a log the watcher cannot take', () => {
  /** 99999999999999999999999 USDT in raw units (18 places): far past a 64-bit ledger amount. */
  const OVERSIZED = 99_999_999_999_999_999_999_999n * 10n ** 18n;

  it('is kept as rejected, told once, and never stops two watchers crediting every other log', async () => {
    const { app, config, devChain } = await depositsApp();
    const db = app.database.db;
    const told: unknown[] = [];
    const watchers = [0, 1].map(() =>
      createWatcher({ db, config, chain: devChain, onRejected: (log) => told.push(log) }),
    );
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    const aliceInvoice = await depositInvoice(app, alice.token, 'USDT', '5');
    const bobInvoice = await depositInvoice(app, bob.token, 'USDT', '3');
    // Straight onto the development chain, as anyone on a real chain could send it.
    const { hash } = await devChain.emit({
      contract: config.chain.contracts.USDT,
      to: aliceInvoice.address,
      value: OVERSIZED,
    });
    await devTransfer(app, bobInvoice.address, 'USDT', '3');
    await devChain.mine(3);

    for (let round = 0; round < 3; round += 1) await Promise.all(watchers.map((watcher) => watcher.run()));

    expect((await balances(app, bob.token)).usdt).toBe('3.000000');
    expect((await paymentStatus(app, bob.token, bobInvoice.id)).body.status).toBe('paid');
    const rejected = await db.select().from(chainRejectedLogs);
    expect(rejected).toEqual([
      expect.objectContaining({
        txHash: hash,
        userId: alice.id,
        rawAmount: OVERSIZED.toString(),
        reason: expect.stringMatching(/beyond what the ledger holds/),
      }),
    ]);
    expect(told).toHaveLength(1);
    expect(await countRows(app, chainTransfers)).toBe(1);
    // Admins see it; partners may not.
    const listed = await call(app, 'GET', '/api/v1/admin/chain/rejected_logs/', {
      token: await loginAdmin(app),
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      count: 1,
      results: [
        {
          tx_hash: hash,
          user_id: alice.id,
          user_email: alice.email,
          raw_amount: OVERSIZED.toString(),
          reason: expect.stringMatching(/beyond what the ledger holds/),
        },
      ],
    });
    expect(
      (await call(app, 'GET', '/api/v1/admin/chain/rejected_logs/', { token: alice.token })).status,
    ).toBe(403);

    // The cursor moved past it: after a restart (new watchers) the next deposits are credited.
    const restarted = createWatcher({ db, config, chain: devChain, onRejected: (log) => told.push(log) });
    await devTransfer(app, aliceInvoice.address, 'USDT', '5');
    await devChain.mine(3);
    await Promise.all([restarted.run(), watchers[0]!.run()]);
    expect((await balances(app, alice.token)).usdt).toBe('5.000000');
    expect((await paymentStatus(app, alice.token, aliceInvoice.id)).body.status).toBe('paid');
    expect(told).toHaveLength(1);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('rejects a transfer whose credit the ledger refuses, and credits the others', async () => {
    const { app, config, devChain } = await depositsApp();
    const db = app.database.db;
    const told: unknown[] = [];
    const [watcher, other] = [0, 1].map(() =>
      createWatcher({ db, config, chain: devChain, onRejected: (log) => told.push(log) }),
    ) as [TWatcher, TWatcher];
    const alice = await registerPartner(app);
    const bob = await registerPartner(app);
    const { address } = await depositInvoice(app, alice.token, 'USDT', '1');
    const bobInvoice = await depositInvoice(app, bob.token, 'USDT', '2');
    // Each fits a 64-bit amount; the second would take the balance past it.
    const large = 5n * 10n ** 18n * 10n ** 12n;
    await devChain.emit({ contract: config.chain.contracts.USDT, to: address, value: large });
    await devChain.mine(1);
    await devChain.emit({ contract: config.chain.contracts.USDT, to: address, value: large });
    await devTransfer(app, bobInvoice.address, 'USDT', '2');
    await devChain.mine(3);

    await Promise.all([watcher.run(), other.run()]);
    await Promise.all([watcher.run(), other.run()]);

    expect((await balances(app, alice.token)).usdt).toBe('5000000000000.000000');
    expect((await balances(app, bob.token)).usdt).toBe('2.000000');
    const rows = await db.select().from(chainTransfers).where(eq(chainTransfers.userId, alice.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['credited', 'rejected']);
    expect(await db.select().from(chainRejectedLogs)).toEqual([
      expect.objectContaining({ userId: alice.id, reason: expect.stringMatching(/^credit refused/) }),
    ]);
    expect(told).toHaveLength(1);
    expect(
      (await depositLines(app, alice.token)).map((line: { status: string }) => line.status).sort(),
    ).toEqual(['completed', 'rejected']);
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it("is logged by the app at error level once, however often the app's watcher job reads it", async () => {
    // The app's own jobs run here: its chain watcher every 50 ms.
    const { app, config, devChain } = await depositsApp({ pollMs: 50 }, { jobs: true });
    const errors = vi.spyOn(app.log, 'error');
    const partner = await registerPartner(app);
    const invoice = await depositInvoice(app, partner.token, 'USDT', '5');
    await devChain.emit({ contract: config.chain.contracts.USDT, to: invoice.address, value: OVERSIZED });
    const head = await devChain.mine(3);
    const cursor = async () => (await app.database.db.select().from(chainCursors))[0]?.blockNumber ?? -1;
    for (let round = 0; round < 3; round += 1) {
      await vi.waitFor(async () => expect(await cursor()).toBeGreaterThanOrEqual(head), { timeout: 20_000 });
      await app.database.db.update(chainCursors).set({ blockNumber: -1 });
    }
    await vi.waitFor(async () => expect(await cursor()).toBeGreaterThanOrEqual(head), { timeout: 20_000 });
    const rejections = errors.mock.calls.filter(([, message]) =>
      String(message).includes('chain log rejected'),
    );
    expect(rejections).toHaveLength(1);
    expect(rejections[0]![0]).toMatchObject({ rejectedLog: { userId: partner.id } });
  });
});
