import { minor, type TChainCurrency } from '@portal/contracts';
import { contractCurrencies, type TChainAdapter, type TChainLog } from '../../adapters/chain/types';
import { rawToMinor } from '../../adapters/chain/units';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer } from '../ledger/service';
import { lockOrderForPayment, payOrderByInvoice } from '../orders/service';
import { lockKeyForPayment, payKeyByInvoice } from '../validator-keys/service';
import { recordOperation, updateOperation } from '../statement/service';
import * as repo from './repo';
import type { TChainTransferRow } from './repo';

/** Blocks read per step; the cursor moves after each, so a long catch-up keeps its progress. */
const BATCH_BLOCKS = 1000;
/** Addresses looked up per query (PostgreSQL takes at most 65,535 parameters). */
const LOOKUP_CHUNK = 5000;

/** The ledger keeps minor units in 64-bit integers: a log beyond this cannot be recorded. */
export const LEDGER_MAX_AMOUNT = 2n ** 63n - 1n;

/** What the watcher tells when a log is rejected (the first time only, whichever process sees it). */
export type TRejectedLog = {
  chain: string;
  txHash: string;
  logIndex: number;
  userId: number | null;
  reason: string;
};

/**
 * A failure that lies in the log itself, not in the database being reachable or in a race:
 * PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, invalid text) and check
 * violations (23514). Such a log is rejected; any other failure (a lost connection, a unique
 * violation of two watchers racing) stops the pass and the cursor stays, to read it again.
 */
function failsOnData(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('22') || code === '23514')) {
      return `database refused it (${code}): ${typeof message === 'string' ? message : 'no message'}`;
    }
  }
  return undefined;
}

/** The ledger and statement reference of a chain log: the same log credits once. */
export const chainReference = (row: Pick<TChainTransferRow, 'chain' | 'txHash' | 'logIndex'>) =>
  `chain:${row.chain}:${row.txHash}:${row.logIndex}`;

/**
 * Reads the chain from the cursor to the head and credits every transfer to a deposit address
 * once it has enough confirmations. Safe with several processes at once: a log is one row
 * (unique chain, tx hash, log index), a credit is claimed by a conditional update and posted
 * under the log's ledger reference, and the cursor only moves forward.
 */
export function createWatcher(deps: {
  db: Db;
  config: TConfig;
  chain: TChainAdapter;
  /** Called once per rejected log (logged at error level by the app). */
  onRejected?: (log: TRejectedLog) => void;
  /** Called when an order could not be paid from the credit that its invoice received. */
  onOrderPaymentError?: (error: unknown, orderId: number) => void;
  /** Called when a validator key could not be paid from the credit that its invoice received. */
  onKeyPaymentError?: (error: unknown, keyId: number) => void;
}) {
  const { db, chain } = deps;
  const required = deps.config.chain.confirmations;
  const decimals = deps.config.chain.decimals;
  const currencies = contractCurrencies(deps.config.chain.contracts);
  // The blocks whose transfers may still be confirming are read again: a reorganisation can put
  // a transfer back into a block at or below the cursor.
  const rescan = required;
  let running: Promise<void> | null = null;

  const confirmationsAt = (blockNumber: number, head: number) => Math.max(0, head - blockNumber + 1);

  /** Reads new blocks; answers the head it read up to. */
  async function scan(): Promise<number> {
    const head = await chain.headNumber();
    const cursor = await repo.ensureCursor(db, chain.name, chain.firstBlock === 'genesis' ? -1 : head - 1);
    for (let start = Math.max(0, cursor + 1 - rescan); start <= head; start += BATCH_BLOCKS) {
      const end = Math.min(start + BATCH_BLOCKS - 1, head);
      await record(await chain.transfers(start, end), head);
      await repo.advanceCursor(db, chain.name, end);
    }
    return head;
  }

  async function owners(logs: TChainLog[]): Promise<Map<string, number>> {
    const addresses = [...new Set(logs.map((log) => log.to))];
    const found = new Map<string, number>();
    for (let i = 0; i < addresses.length; i += LOOKUP_CHUNK) {
      for (const row of await repo.ownersOf(db, addresses.slice(i, i + LOOKUP_CHUNK))) {
        found.set(row.address, row.userId);
      }
    }
    return found;
  }

  /** Keeps a log the watcher cannot take, with why; tells once, whichever watcher gets there first. */
  async function reject(log: TChainLog, userId: number | null, reason: string): Promise<void> {
    const kept = await repo.insertRejectedLog(db, {
      chain: chain.name,
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      contract: log.contract,
      fromAddress: log.from || null,
      toAddress: log.to || null,
      rawAmount: log.malformed && log.value === 0n ? null : log.value.toString(),
      userId,
      reason,
    });
    if (kept)
      deps.onRejected?.({ chain: chain.name, txHash: log.txHash, logIndex: log.logIndex, userId, reason });
  }

  /**
   * Each log to a deposit address becomes a confirming transfer and a line in the statement. A log
   * that cannot be recorded is rejected, and the others go on.
   */
  async function record(logs: TChainLog[], head: number): Promise<void> {
    const tokenLogs = logs.filter((log) => currencies.has(log.contract));
    const ownerOf = await owners(tokenLogs.filter((log) => log.to !== ''));
    for (const log of tokenLogs) {
      const userId = ownerOf.get(log.to);
      if (log.malformed) {
        await reject(log, userId ?? null, `malformed log: ${log.malformed}`);
        continue;
      }
      if (userId === undefined) continue;
      const currency = currencies.get(log.contract)!;
      const amount = rawToMinor(log.value, decimals[currency], currency);
      // Below the currency's last place: nothing a balance can hold.
      if (amount <= 0n) continue;
      if (amount > LEDGER_MAX_AMOUNT) {
        await reject(log, userId, `amount beyond what the ledger holds: ${log.value} raw ${currency} units`);
        continue;
      }
      try {
        await recordOne(log, { userId, currency, amount }, head);
      } catch (error) {
        const reason = failsOnData(error);
        if (!reason) throw error;
        await reject(log, userId, reason);
      }
    }
  }

  async function recordOne(
    log: TChainLog,
    seen: { userId: number; currency: TChainCurrency; amount: bigint },
    head: number,
  ): Promise<void> {
    const { userId, currency, amount } = seen;
    await db.transaction(async (tx) => {
      const row = await repo.insertChainTransfer(tx, {
        chain: chain.name,
        txHash: log.txHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        currency,
        fromAddress: log.from,
        toAddress: log.to,
        rawAmount: log.value.toString(),
        amount,
        userId,
      });
      if (!row) {
        await repo.moveConfirmingTransfer(tx, { chain: chain.name, ...log });
        return;
      }
      await recordOperation(tx, {
        userId,
        operationType: 'deposit',
        currency,
        amount,
        status: 'confirming',
        reference: chainReference(row),
        confirmations: confirmationsAt(row.blockNumber, head),
        hash: row.txHash,
        details: { network: 'BEP-20', address: row.toAddress },
      });
      await repo.matchInvoice(tx, { id: row.id, userId, currency, amount }, 'confirming', new Date());
    });
  }

  /** Whether the chain still holds the log where it was seen (a reorganisation may drop it). */
  async function stillOnChain(row: TChainTransferRow): Promise<boolean> {
    const logs = await chain.transfers(row.blockNumber, row.blockNumber);
    return logs.some(
      (log) =>
        log.txHash === row.txHash &&
        log.logIndex === row.logIndex &&
        log.to === row.toAddress &&
        log.value.toString() === row.rawAmount &&
        currencies.get(log.contract) === row.currency,
    );
  }

  /** Credits a confirmed transfer; true only for the call that credited it. */
  async function creditRow(row: TChainTransferRow, head: number): Promise<boolean> {
    const confirmations = confirmationsAt(row.blockNumber, head);
    if (row.status !== 'confirming' || row.userId === null || confirmations < required) return false;
    // Never credited on a log the chain no longer holds: it stays confirming, checked again next run.
    if (!(await stillOnChain(row))) return false;
    const userId = row.userId;
    const currency = row.currency;
    const reference = chainReference(row);
    return db.transaction(async (tx) => {
      if (!(await repo.markCredited(tx, row.id))) return false;
      // An order this transfer pays is locked before the balance moves, as paying it from the
      // balance does (order, then balance): the two never wait on each other in turn.
      const attached = await repo.attachedInvoice(tx, row.id);
      if (attached?.purpose === 'order' && attached.orderId !== null) {
        await lockOrderForPayment(tx, attached.orderId);
      }
      if (attached?.purpose === 'validator_key' && attached.validatorKeyId !== null) {
        await lockKeyForPayment(tx, attached.validatorKeyId);
      }
      await postTransfer(tx, {
        operationType: 'deposit',
        reference,
        details: { chain: row.chain, tx_hash: row.txHash, log_index: row.logIndex, address: row.toAddress },
        legs: [
          leg(userAccount(userId, currency), minor(row.amount, currency)),
          leg(companyAccount(currency, COMPANY_PURPOSES.chain), minor(-row.amount, currency)),
        ],
      });
      const line = {
        userId,
        operationType: 'deposit' as const,
        currency,
        amount: row.amount,
        reference,
        confirmations,
        hash: row.txHash,
        details: { network: 'BEP-20', address: row.toAddress },
      };
      // The line exists since the transfer was seen; written here too should it be missing.
      await recordOperation(tx, { ...line, status: 'completed' });
      await updateOperation(tx, reference, { status: 'completed', confirmations });
      const invoice =
        (await repo.payAttachedInvoice(tx, row.id)) ??
        (await repo.matchInvoice(
          tx,
          { id: row.id, userId, currency, amount: row.amount },
          'paid',
          new Date(),
        ));
      if (invoice?.purpose === 'order' && invoice.orderId !== null) {
        // The order is paid from this credit, in its transaction; if that fails, the credit stands
        // (a savepoint) and the order keeps waiting: it can still be paid from the balance.
        try {
          await tx.transaction((inner) => payOrderByInvoice(inner, { orderId: invoice.orderId!, userId }));
        } catch (error) {
          deps.onOrderPaymentError?.(error, invoice.orderId);
        }
      }
      if (invoice?.purpose === 'validator_key' && invoice.validatorKeyId !== null) {
        // The same for a validator key: paid from this credit, or the credit stays on the balance.
        const keyId = invoice.validatorKeyId;
        try {
          await tx.transaction((inner) => payKeyByInvoice(inner, { validatorKeyId: keyId, userId }));
        } catch (error) {
          deps.onKeyPaymentError?.(error, keyId);
        }
      }
      return true;
    });
  }

  /**
   * Credits what has its confirmations; the others show their new count. A transfer whose credit
   * the database refuses (a balance it would take past 64 bits) is rejected; the others go on.
   */
  async function settle(head: number): Promise<void> {
    let stop: Error | undefined;
    for (const row of await repo.confirmingTransfers(db, chain.name)) {
      const confirmations = confirmationsAt(row.blockNumber, head);
      try {
        if (confirmations >= required) await creditRow(row, head);
        else await updateOperation(db, chainReference(row), { confirmations }, 'confirming');
      } catch (error) {
        const reason = failsOnData(error);
        if (!reason) {
          stop ??= error instanceof Error ? error : new Error(String(error));
          continue;
        }
        await rejectTransfer(row, reason);
      }
    }
    if (stop) throw stop;
  }

  async function rejectTransfer(row: TChainTransferRow, reason: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await repo.markRejected(tx, row.id))) return;
      await updateOperation(tx, chainReference(row), { status: 'rejected' }, 'confirming');
      await repo.releaseInvoice(tx, row.id);
    });
    await reject(
      {
        txHash: row.txHash,
        logIndex: row.logIndex,
        blockNumber: row.blockNumber,
        contract: deps.config.chain.contracts[row.currency].toLowerCase(),
        from: row.fromAddress,
        to: row.toAddress,
        value: BigInt(row.rawAmount),
      },
      row.userId,
      `credit refused: ${reason}`,
    );
  }

  async function runOnce(): Promise<void> {
    await settle(await scan());
  }

  /** One pass; a call while one runs in this process waits for that one. */
  function run(): Promise<void> {
    running ??= runOnce().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    chainName: chain.name,
    /** False when no chain is configured: deposits are unavailable. */
    available: !chain.disabled,
    run,
    /**
     * The job's pass: runs unless a watcher of any process started one less than `gapMs` ago, so
     * that several processes read the chain about once per interval between them. Whether it ran.
     */
    async runIfDue(gapMs: number): Promise<boolean> {
      if (!(await repo.claimPass(db, chain.name, gapMs))) return false;
      await run();
      return true;
    },
    /** The credit path of one transfer: credits it when confirmed and not credited yet. */
    async credit(transferId: number): Promise<boolean> {
      const row = await repo.findChainTransfer(db, transferId);
      if (!row) return false;
      return creditRow(row, await chain.headNumber());
    },
  };
}

export type TWatcher = ReturnType<typeof createWatcher>;
