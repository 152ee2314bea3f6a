import { CHAIN_CURRENCIES, VALIDATOR_KEY_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { purchases } from '../purchases/schema';

// The validator keys module's tables.

/**
 * A validator key (compensation-plan.md section 8): reserved, paid within 15 minutes, activated
 * within 24 hours with the code shown once (only its hash is kept), else released and refunded.
 */
export const validatorKeys = pgTable(
  'validator_keys',
  {
    id: id(),
    userId: userRef().notNull(),
    status: text('status', { enum: VALIDATOR_KEY_STATUSES }).notNull().default('reserved'),
    currency: text('currency', { enum: CHAIN_CURRENCIES }).notNull(),
    /** What is due (reserved) or was paid, in `currency` minor units. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    quoteId: uuid('quote_id'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    codeHash: text('code_hash'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    activateUntil: timestamp('activate_until', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    /** The USDT price the key was reserved at (pricing step) and, paid in DXN, the quote's rate. */
    pricing: jsonb('pricing').notNull().default({}),
    /** When the slot was released (unpaid in time) or the key expired (not activated in time). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('validator_keys_user_idx').on(t.userId, t.status),
    uniqueIndex('validator_keys_code_key').on(t.codeHash),
    check(
      'validator_keys_status_check',
      sql`${t.status} in ('reserved', 'paid', 'activated', 'released', 'expired')`,
    ),
    check('validator_keys_currency_check', sql`${t.currency} in ('USDT', 'DXN')`),
    index('validator_keys_due_idx')
      .on(t.status)
      .where(sql`${t.status} in ('reserved', 'paid')`),
  ],
);

/**
 * One row per UTC day whose validator fee share was distributed (modules/validator-keys): the
 * day's configured DXN fee, the share of each activated key and how many keys took it.
 */
export const validatorFeeDays = pgTable(
  'validator_fee_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    share: bigint('share', { mode: 'bigint' }).notNull(),
    keys: integer('keys').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('validator_fee_days_amounts_check', sql`${t.fee} >= 0 and ${t.share} >= 0 and ${t.keys} >= 0`),
  ],
);
