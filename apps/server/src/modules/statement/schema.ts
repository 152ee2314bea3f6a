import { BONUS_TYPES, CURRENCIES, OPERATION_STATUSES, OPERATION_TYPES } from '@portal/contracts';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The statement module's table.

/**
 * A partner's statement (api.md `finances`): one row per operation as the partner sees it, with
 * its status. Rows are written in the same transaction as the ledger transfer they describe;
 * a chain deposit or a withdrawal has its row before the money moves, and its status follows.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: id(),
    userId: userRef().notNull(),
    operationType: text('operation_type', { enum: OPERATION_TYPES }).notNull(),
    bonusType: text('bonus_type', { enum: BONUS_TYPES }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Signed minor units: what the operation adds to the partner's balance. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: OPERATION_STATUSES }).notNull(),
    confirmations: integer('confirmations'),
    hash: text('hash'),
    details: jsonb('details').notNull().default({}),
    /** Names the operation for later status changes (a chain log, a withdrawal, a transfer). */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_operations_reference_key').on(t.reference),
    /** Covers the statement's order, so that no page sorts all of a partner's lines. */
    index('wallet_operations_user_date_id_idx').on(t.userId, t.createdAt, t.id),
    index('wallet_operations_user_currency_amount_id_idx').on(t.userId, t.currency, t.amount, t.id),
  ],
);
