import { PRODUCT_KINDS, type TProductAttributes } from '@portal/contracts';
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The catalogue's tables: products and their price history.

/**
 * What the company sells (compensation-plan.md sections 2, 7 and 8). `price` is the current list
 * price in USDT minor units; `attributes` hold a kind's own values (a tariff's matching depth,
 * a token pack's lock years), typed by the contract ZProductAttributes, which every write checks.
 * Event tickets count their seats here: `sold` only grows by a statement that checks it against
 * `seats`.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    available: boolean('available').notNull().default(true),
    attributes: jsonb('attributes').$type<TProductAttributes>().notNull().default({}),
    position: integer('position').notNull().default(0),
    seats: integer('seats'),
    sold: integer('sold').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code),
    index('products_kind_idx').on(t.kind, t.position),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_seats_check', sql`${t.seats} is null or ${t.sold} between 0 and ${t.seats}`),
    check(
      'products_kind_check',
      sql`${t.kind} in ('tariff', 'device', 'virtual_node', 'token_pack', 'validator_key', 'event_ticket', 'starlink', 'gift_certificate')`,
    ),
  ],
);

/** Every price or availability a product has had, from its seed on: a purchase names the one it paid. */
export const productPrices = pgTable(
  'product_prices',
  {
    id: id(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    available: boolean('available').notNull(),
    attributes: jsonb('attributes').$type<TProductAttributes>().notNull().default({}),
    /** The admin who changed it; null for the seed. */
    changedBy: userRef('changed_by'),
    createdAt: createdAt(),
  },
  (t) => [index('product_prices_product_idx').on(t.productId, t.id)],
);
