import { minor, type TChainCurrency } from '@portal/contracts';
import { contractCurrencies, type TChainAdapter, type TChainLog } from '../../adapters/chain/types';
import { rawToMinor } from '../../adapters/chain/units';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer } from '../ledger/service';
import { recordOperation, updateOperation } from '../statement/service';
import * as repo from './repo';
import type { TChainTransferRow } from './repo';

/** Blocks read per step; the cursor moves after each, so a long catch-up keeps its progress. */
const BATCH_BLOCKS = 1000;
/** Addresses looked up per query (PostgreSQL takes at most 65,535 parameters). */
const LOOKUP_CHUNK = 5000;

/** The ledger and statement reference of a chain log: the same log credits once. */
export const chainReference = (row: Pick<TChainTransferRow, 'chain' | 'txHash' | 'logIndex'>) =>
  `chain:${row.chain}:${row.txHash}:${row.logIndex}`;

/**
 * Reads the chain from the cursor to the head and credits every transfer to a deposit address
 * once it has enough confirmations. Safe with several processes at once: a log is one row
 * (unique chain, tx hash, log index), a credit is claimed by a conditional update and posted
 * under the log's ledger reference, and the cursor only moves forward.
 */
export function createWatcher(deps: { db: Db; config: TConfig; chain: TChainAdapter }) {
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

  /** Each log to a deposit address becomes a confirming transfer and a line in the statement. */
  async function record(logs: TChainLog[], head: number): Promise<void> {
    const tokenLogs = logs.filter((log) => currencies.has(log.contract));
    const ownerOf = await owners(tokenLogs);
    for (const log of tokenLogs) {
      const userId = ownerOf.get(log.to);
      if (userId === undefined) continue;
      const currency = currencies.get(log.contract)!;
      const amount = rawToMinor(log.value, decimals[currency], currency);
      // Below the currency's last place: nothing a balance can hold.
      if (amount <= 0n) continue;
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
        await repo.attachToOldestOpenInvoice(
          tx,
          { id: row.id, userId, currency, amount },
          'confirming',
          new Date(),
        );
      });
    }
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
    const currency = row.currency as TChainCurrency;
    const reference = chainReference(row);
    return db.transaction(async (tx) => {
      if (!(await repo.markCredited(tx, row.id))) return false;
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
      if (!(await repo.payAttachedInvoice(tx, row.id))) {
        await repo.attachToOldestOpenInvoice(
          tx,
          { id: row.id, userId, currency, amount: row.amount },
          'paid',
          new Date(),
        );
      }
      return true;
    });
  }

  /** Credits what has its confirmations; the others show their new count. */
  async function settle(head: number): Promise<void> {
    for (const row of await repo.confirmingTransfers(db, chain.name)) {
      const confirmations = confirmationsAt(row.blockNumber, head);
      if (confirmations >= required) await creditRow(row, head);
      else await updateOperation(db, chainReference(row), { confirmations }, 'confirming');
    }
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
    run,
    /** A pass, unless a watcher read the chain less than `freshMs` ago (reads call this). */
    async runIfStale(freshMs: number): Promise<void> {
      if (freshMs > 0 && (await repo.cursorFresh(db, chain.name, freshMs))) return;
      await run();
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
