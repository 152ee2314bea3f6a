import { TARIFF_PURCHASE_KINDS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { productPrices, products } from '../catalog/schema';
import { purchases } from '../purchases/schema';

// The tariffs module's table.

/** A tariff purchase asked for (api.md purchase/request): the price quoted, until confirmed or expired. */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: uuid('id').primaryKey(),
    userId: userRef().notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    priceId: bigint('price_id', { mode: 'number' })
      .notNull()
      .references(() => productPrices.id),
    /** new, upgrade or renewal (compensation-plan.md section 2). */
    kind: text('kind', { enum: TARIFF_PURCHASE_KINDS }).notNull(),
    listPrice: bigint('list_price', { mode: 'bigint' }).notNull(),
    discount: bigint('discount', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    promocode: text('promocode'),
    /** Each discount by its source (catalog TStoredPricing's `discounts`), for the purchase it becomes. */
    discounts: jsonb('discounts').$type<{ source: string; amount: string }[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_requests_user_idx').on(t.userId, t.createdAt),
    index('purchase_requests_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.purchaseId} is null`),
  ],
);
