import { GIFT_CERTIFICATE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { purchases } from '../purchases/schema';

// The gift certificates module's table.

/**
 * A gift certificate (compensation-plan.md section 7): its amount leaves the buyer's balance at
 * purchase; activation credits the activator; not activated in 24 hours, it returns to the buyer.
 */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: id(),
    buyerId: userRef('buyer_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** SHA-256 of the code: the code itself is shown once and never stored. */
    codeHash: text('code_hash').notNull(),
    status: text('status', { enum: GIFT_CERTIFICATE_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedBy: userRef('activated_by'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_certificates_code_key').on(t.codeHash),
    index('gift_certificates_buyer_idx').on(t.buyerId, t.id),
    index('gift_certificates_active_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check('gift_certificates_amount_check', sql`${t.amount} > 0`),
    check('gift_certificates_status_check', sql`${t.status} in ('active', 'activated', 'canceled')`),
  ],
);
