import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  parseMinor,
  type TDepositWindow,
  type TInvoice,
  type TInvoiceRequest,
  type TPaymentStatus,
} from '@portal/contracts';
import type { TConfig } from '../../config';
import { checkAmountBound } from '../ledger/bounds';
import type { Db } from '../../db/client';
import { getAddress } from 'viem';
import { fail } from '../../http/errors';
import { orderToPay } from '../orders/service';
import { keyToPay } from '../validator-keys/service';
import { depositAddressDeriver, depositAddressOf } from './addresses';
import * as repo from './repo';
import type { TInvoiceRow } from './repo';
import type { TWatcher } from './watcher';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Expired even before the job marks it: a waiting invoice past its time (DESIGN.md, lazy time rules). */
function statusAt(invoice: TInvoiceRow, now: Date): TInvoice['status'] {
  if (invoice.status === 'pending' && invoice.expiresAt <= now) return 'expired';
  return invoice.status;
}

export function createDeposits(deps: {
  db: Db;
  config: TConfig;
  /** Only its chain's name and whether one is configured: reads never run it. */
  watcher: Pick<TWatcher, 'available' | 'chainName'>;
}) {
  const { db, config, watcher } = deps;
  const derive = depositAddressDeriver(config.chain.depositXpub);

  /**
   * The partner's own invoice with its transfer and the chain's head as the watcher last read it.
   * A read never reads the chain: the watcher job does, every poll interval (docs/decisions.md).
   */
  async function ownInvoice(userId: number, invoiceId: string) {
    if (!watcher.available) throw fail.unavailable('depositsUnavailable');
    if (!UUID.test(invoiceId)) throw fail.notFound('invoiceNotFound');
    const found = await repo.findOwnInvoice(db, userId, invoiceId);
    if (!found) throw fail.notFound('invoiceNotFound');
    const head = (await repo.findCursor(db, watcher.chainName))?.blockNumber ?? 0;
    return { ...found, head };
  }

  function toInvoice(invoice: TInvoiceRow, now: Date): TInvoice {
    const currency = invoice.currency;
    return {
      id: invoice.id,
      // Stored lower-case (the chain's logs are compared so); shown with its EIP-55 checksum.
      address: getAddress(invoice.address),
      network: 'BEP-20',
      currency,
      amount: formatMinor(invoice.amount, currency),
      status: statusAt(invoice, now),
      confirmations_required: config.chain.confirmations,
      expires_at: invoice.expiresAt.toISOString(),
    };
  }

  /**
   * The invoice of the partner's unpaid order: its total in USDT at the partner's deposit address,
   * the open one or a new one. It lives the invoice TTL, never past the order's own expiry; when
   * the transfer paying it is credited, the order is paid from that credit (watcher.ts).
   */
  async function orderInvoice(userId: number, orderId: number): Promise<TInvoice> {
    await depositAddressOf(db, derive, userId);
    const now = new Date();
    const invoice = await db.transaction(async (tx) => {
      const { address } = (await repo.lockDepositAddress(tx, userId))!;
      const order = await orderToPay(tx, userId, orderId, now);
      const open = await repo.findOpenOrderInvoice(tx, { userId, orderId: order.id, now });
      if (open) return open;
      const ttlEnd = now.getTime() + config.chain.invoiceTtlMinutes * 60_000;
      return repo.insertInvoice(tx, {
        id: randomUUID(),
        userId,
        purpose: 'order',
        orderId: order.id,
        currency: 'USDT',
        amount: order.total,
        address,
        expiresAt: new Date(Math.min(ttlEnd, order.expiresAt.getTime())),
      });
    });
    return toInvoice(invoice, now);
  }

  /**
   * The invoice of the partner's reserved validator key: its amount in its currency (USDT, or DXN
   * at the quote it was reserved at), the open one or a new one, never past the reservation's end.
   */
  async function keyInvoice(userId: number, keyId: number): Promise<TInvoice> {
    await depositAddressOf(db, derive, userId);
    const now = new Date();
    const invoice = await db.transaction(async (tx) => {
      const { address } = (await repo.lockDepositAddress(tx, userId))!;
      const key = await keyToPay(tx, userId, keyId, now);
      const open = await repo.findOpenKeyInvoice(tx, { userId, keyId: key.id, now });
      if (open) return open;
      const ttlEnd = now.getTime() + config.chain.invoiceTtlMinutes * 60_000;
      return repo.insertInvoice(tx, {
        id: randomUUID(),
        userId,
        purpose: 'validator_key',
        validatorKeyId: key.id,
        currency: key.currency,
        amount: key.amount,
        address,
        expiresAt: new Date(Math.min(ttlEnd, key.reservedUntil.getTime())),
      });
    });
    return toInvoice(invoice, now);
  }

  return {
    /** The partner's open deposit invoice for this currency and amount, or a new one. */
    async getOrCreateInvoice(userId: number, request: TInvoiceRequest): Promise<TInvoice> {
      if (!watcher.available) throw fail.unavailable('depositsUnavailable');
      if (request.purpose === 'order') return orderInvoice(userId, request.order_id);
      if (request.purpose === 'validator_key') return keyInvoice(userId, request.validator_key_id);
      const amount = parseMinor(request.amount, request.currency);
      if (amount === null || amount <= 0n) throw fail.field('amount', 'invalidValue');
      checkAmountBound(amount, request.currency, config.amountMax);
      await depositAddressOf(db, derive, userId);
      const now = new Date();
      const invoice = await db.transaction(async (tx) => {
        // One request at a time per partner, so two at once never make two invoices.
        const { address } = (await repo.lockDepositAddress(tx, userId))!;
        const open = await repo.findOpenDepositInvoice(tx, {
          userId,
          currency: request.currency,
          amount,
          now,
        });
        return (
          open ??
          repo.insertInvoice(tx, {
            id: randomUUID(),
            userId,
            purpose: 'deposit',
            currency: request.currency,
            amount,
            address,
            expiresAt: new Date(now.getTime() + config.chain.invoiceTtlMinutes * 60_000),
          })
        );
      });
      return toInvoice(invoice, now);
    },

    /** The state of the partner's own invoice, as the watcher last saw the chain. */
    async paymentStatus(userId: number, invoiceId: string): Promise<TPaymentStatus> {
      const { invoice, transfer, head } = await ownInvoice(userId, invoiceId);
      return {
        status: statusAt(invoice, new Date()),
        confirmations: transfer ? Math.max(0, head - transfer.blockNumber + 1) : 0,
        hash: transfer?.txHash ?? null,
      };
    },

    /**
     * The deposit window: the invoice, and every transfer to the partner's address since it was
     * made with its confirmations, as the watcher last saw the chain (its job runs every poll
     * interval, so the window the partner keeps open updates within one).
     */
    async depositWindow(userId: number, invoiceId: string): Promise<TDepositWindow> {
      const { invoice, transfer, head } = await ownInvoice(userId, invoiceId);
      const currency = invoice.currency;
      const confirmationsOf = (blockNumber: number) => Math.max(0, head - blockNumber + 1);
      const received = transfer
        ? transfer.amount
        : await repo.unmatchedSince(db, userId, currency, invoice.createdAt);
      const transfers = await repo.transfersSince(db, userId, invoice.createdAt, 50);
      return {
        invoice: {
          ...toInvoice(invoice, new Date()),
          received: formatMinor(received, currency),
          confirmations: transfer ? confirmationsOf(transfer.blockNumber) : 0,
          hash: transfer?.txHash ?? null,
        },
        transfers: transfers.map(({ transfer: row, invoiceId: paid }) => ({
          hash: row.txHash,
          log_index: row.logIndex,
          currency: row.currency,
          amount: formatMinor(row.amount, row.currency),
          confirmations: confirmationsOf(row.blockNumber),
          status: row.status,
          invoice_id: paid,
          seen_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** Admin: the chain logs the watcher rejected, newest first. */
    async rejectedLogs(page: number, pageSize: number) {
      const { count, rows } = await repo.rejectedLogsPage(db, page, pageSize);
      return {
        count,
        results: rows.map(({ log, email }) => ({
          id: log.id,
          chain: log.chain,
          tx_hash: log.txHash,
          log_index: log.logIndex,
          block_number: log.blockNumber,
          contract: log.contract,
          from_address: log.fromAddress,
          to_address: log.toAddress,
          raw_amount: log.rawAmount,
          user_id: log.userId,
          user_email: email,
          reason: log.reason,
          created_at: log.createdAt.toISOString(),
        })),
      };
    },

    /** Marks waiting invoices past their time as expired (reads already show them so). */
    expireInvoices: () => repo.expireInvoices(db, new Date()),
  };
}

export type TDeposits = ReturnType<typeof createDeposits>;
