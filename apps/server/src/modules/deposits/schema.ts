import { CHAIN_CURRENCIES, DEPOSIT_TRANSFER_STATUSES, INVOICE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The deposits module's tables: addresses, invoices and the chain watcher's records.

/** Each partner's own BEP-20 deposit address: child `index` of the deposit xpub (no private key here). */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: userRef().primaryKey(),
    /** Lower-case hex, as logs name it. */
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_address_key').on(t.address),
    uniqueIndex('deposit_addresses_index_key').on(t.derivationIndex),
  ],
);

/** What an invoice pays for (ZInvoiceRequest's `purpose`). */
const INVOICE_PURPOSES = ['deposit', 'order', 'validator_key'] as const;

/** A request to pay: a deposit of an amount, or an order's payment. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    userId: userRef().notNull(),
    purpose: text('purpose', { enum: INVOICE_PURPOSES }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    validatorKeyId: bigint('validator_key_id', { mode: 'number' }),
    currency: text('currency', { enum: CHAIN_CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pending'),
    /** The chain transfer that pays it, once seen. */
    chainTransferId: bigint('chain_transfer_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_status_idx').on(t.userId, t.status),
    check('invoices_status_check', sql`${t.status} in ('pending', 'confirming', 'paid', 'expired')`),
    check('invoices_purpose_check', sql`${t.purpose} in ('deposit', 'order', 'validator_key')`),
  ],
);

/**
 * Token transfers seen on the chain to a deposit address. One row per (chain, tx hash, log
 * index): a transfer seen again, after a replay or a restart, is the same row and credits once.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: id(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CHAIN_CURRENCIES }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The token's own units, as the log says (decimal text: up to 256 bits). */
    rawAmount: text('raw_amount').notNull(),
    /** Minor units of the currency (USDT 6, DXN 8 places), rounded down. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    userId: userRef(),
    status: text('status', { enum: DEPOSIT_TRANSFER_STATUSES }).notNull().default('confirming'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_transfers_log_key').on(t.chain, t.txHash, t.logIndex),
    index('chain_transfers_status_idx').on(t.chain, t.status),
    check('chain_transfers_status_check', sql`${t.status} in ('confirming', 'credited', 'rejected')`),
  ],
);

/**
 * Token logs the watcher could not take (an amount past what the ledger holds, a malformed log):
 * kept with the reason, so that one such log never stops the others and admins see it.
 */
export const chainRejectedLogs = pgTable(
  'chain_rejected_logs',
  {
    id: id(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    contract: text('contract').notNull(),
    /** Null when the log is too malformed to say. */
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    rawAmount: text('raw_amount'),
    /** The deposit address's owner, when the log names one. */
    userId: userRef(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chain_rejected_logs_key').on(t.chain, t.txHash, t.logIndex)],
);

/** How far the watcher has read each chain. */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
