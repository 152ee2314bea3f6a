import { CHAIN_CURRENCIES, NETWORKS, WITHDRAWAL_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The withdrawals module's table.

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: userRef().notNull(),
    currency: text('currency', { enum: CHAIN_CURRENCIES }).notNull(),
    network: text('network', { enum: NETWORKS }).notNull(),
    address: text('address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    txHash: text('tx_hash'),
    reason: text('reason'),
    decidedBy: userRef('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_user_idx').on(t.userId, t.id),
    /** The payouts report's ranges of days. */
    index('withdrawals_created_brin').using('brin', t.createdAt),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'sent', 'rejected')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);
