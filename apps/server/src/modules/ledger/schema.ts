import { BONUS_TYPES, CURRENCIES, OPERATION_TYPES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The ledger's tables (DESIGN.md "Ledger"; the rules live in modules/ledger).

/**
 * One account per user x currency x purpose, plus company accounts (user_id null). `balance` is
 * the sum of the account's postings, maintained by the statement that posts; a user account
 * never goes below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    userId: userRef(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    purpose: text('purpose').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_key').on(t.userId, t.currency, t.purpose).nullsNotDistinct(),
    check('ledger_accounts_user_balance_check', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_currency_check', sql`${t.currency} in ('USDT', 'DXN', 'DFT')`),
  ],
);

/** One balanced movement of money; `operation_type` and `bonus_type` as api.md lists them. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: id(),
    operationType: text('operation_type', { enum: OPERATION_TYPES }).notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }),
    /** Makes a movement happen once: a chain log, an idempotency key, a bonus rule's source. */
    reference: text('reference').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_reference_key').on(t.reference),
    /** The profile's bonus totals read only bonus transfers. */
    index('ledger_transfers_operation_type_idx').on(t.operationType, t.bonusType),
  ],
);

/** Append-only: the database refuses UPDATE and DELETE (migration 0001). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: id(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_transfer_idx').on(t.transferId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

/** The profile header's bonus groups (api.md): matching, VP, every other bonus. */
const BONUS_GROUPS = ['matching', 'vp', 'other'] as const;

/**
 * Lifetime USDT bonus credits of a user by the header's group (api.md: matching, VP, other), kept
 * as counters by `postTransfer` in the transfer's own transaction: the profile reads them instead
 * of summing the postings of every bonus (back-filled from history by migration 0013).
 */
export const ledgerBonusTotals = pgTable(
  'ledger_bonus_totals',
  {
    userId: userRef().notNull(),
    bonusGroup: text('bonus_group', { enum: BONUS_GROUPS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bonusGroup] }),
    check('ledger_bonus_totals_group_check', sql`${t.bonusGroup} in ('matching', 'vp', 'other')`),
  ],
);

/**
 * Lifetime USDT bonus of a user by bonus type (net of reversals), kept like `ledger_bonus_totals`
 * by `postTransfer` in the transfer's own statement: `get_purchase_statistics_by_packages` reads
 * the binary total by its key instead of summing the postings of every binary bonus (back-filled
 * from history by migration 0035).
 */
export const ledgerBonusTypeTotals = pgTable(
  'ledger_bonus_type_totals',
  {
    userId: userRef().notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bonusType] })],
);
