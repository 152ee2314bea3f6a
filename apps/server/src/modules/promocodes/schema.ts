import { PROMOCODE_KINDS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { purchases } from '../purchases/schema';

// The promo codes module's tables (compensation-plan.md section 6).

/**
 * Promo codes partners make (docs/decisions.md "Promo codes"): a random code, its owner, kind and
 * discount. `max_uses` is 1 for a private code (null: many uses); `expires_at` null for the personal
 * one. A use is taken by one conditional update (`uses < max_uses`), so a single-use code is used once.
 */
export const promocodes = pgTable(
  'promocodes',
  {
    id: id(),
    code: text('code').notNull(),
    userId: userRef().notNull(),
    kind: text('kind', { enum: PROMOCODE_KINDS }).notNull(),
    discountBp: integer('discount_bp').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
    maxUses: integer('max_uses'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promocodes_code_key').on(t.code),
    uniqueIndex('promocodes_one_personal_key')
      .on(t.userId)
      .where(sql`${t.kind} = 'personal'`),
    index('promocodes_user_idx').on(t.userId, t.id),
    check('promocodes_kind_check', sql`${t.kind} in ('personal', 'public', 'private')`),
    check('promocodes_discount_check', sql`${t.discountBp} in (1000, 2000)`),
    check(
      'promocodes_uses_check',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/** Which purchase used which code (one row per use), with the discount and the owner's bonus rate. */
export const promocodeRedemptions = pgTable(
  'promocode_redemptions',
  {
    id: id(),
    promocodeId: bigint('promocode_id', { mode: 'number' })
      .notNull()
      .references(() => promocodes.id),
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => purchases.id),
    userId: userRef().notNull(),
    discount: bigint('discount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promocode_redemptions_purchase_key').on(t.purchaseId),
    index('promocode_redemptions_code_idx').on(t.promocodeId),
  ],
);
