import { CHAIN_CURRENCIES, PRODUCT_KINDS, PURCHASE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { productPrices, products } from '../catalog/schema';
import { ledgerTransfers } from '../ledger/schema';

// The checkout's table (docs/shop.md).

/**
 * One purchase: what was bought at which price, and the ledger transfer that paid it. Prices are
 * USDT minor units for `units` units together; `paid` is what left the buyer's balance in
 * `currency` (DXN at the quote's rate). `bv` is its volume (compensation-plan.md section 1).
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    userId: userRef().notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    priceId: bigint('price_id', { mode: 'number' })
      .notNull()
      .references(() => productPrices.id),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    units: integer('units').notNull().default(1),
    listPrice: bigint('list_price', { mode: 'bigint' }).notNull(),
    discount: bigint('discount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    netPrice: bigint('net_price', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: CHAIN_CURRENCIES }).notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    bv: bigint('bv', { mode: 'bigint' }).notNull(),
    quoteId: uuid('quote_id'),
    promocode: text('promocode'),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('completed'),
    /** The ledger transfer's reference: one purchase per reference. */
    reference: text('reference').notNull(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
    /**
     * A tariff purchase counted in its buyer's binary ancestors' team_package_counts (the team
     * counter worker, modules/team-stats): it folds the rows where this differs from "completed".
     */
    teamCounted: boolean('team_counted').notNull().default(false),
  },
  (t) => [
    uniqueIndex('purchases_reference_key').on(t.reference),
    index('purchases_team_pending_idx')
      .on(t.id)
      .where(sql`${t.kind} = 'tariff' and ${t.teamCounted} <> (${t.status} = 'completed')`),
    /** The leader pool sums a calendar month's volume (issue 8). */
    index('purchases_created_idx').on(t.createdAt),
    index('purchases_user_idx').on(t.userId, t.id),
    index('purchases_product_idx').on(t.productId),
    check('purchases_units_check', sql`${t.units} > 0`),
    check(
      'purchases_amounts_check',
      sql`${t.discount} >= 0 and ${t.netPrice} = ${t.listPrice} - ${t.discount}`,
    ),
    check('purchases_status_check', sql`${t.status} in ('completed', 'refunded')`),
    check('purchases_currency_check', sql`${t.currency} in ('USDT', 'DXN')`),
  ],
);
