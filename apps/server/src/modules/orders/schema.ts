import { ORDER_STATUSES } from '@portal/contracts';
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
import { products } from '../catalog/schema';
import { purchases } from '../purchases/schema';

// The device orders' table.

/** A device order (compensation-plan.md section 7), paid from the balance or by a chain invoice. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** What the partner and support quote, e.g. "DN-000042". */
    number: text('number').notNull(),
    userId: userRef().notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    starlink: boolean('starlink').notNull().default(false),
    /** USDT minor units: the devices and the add-on, after discounts. */
    total: bigint('total', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('WAIT_PAYMENT'),
    /** { full_name, phone, country, city, address, postcode }. */
    shipping: jsonb('shipping').notNull().default({}),
    estimatedShippingDate: text('estimated_shipping_date'),
    trackNumber: text('track_number'),
    serialNumber: text('serial_number'),
    /** Who hosts the node (node income's 20%): the owner's mentor by default, else the company. */
    hostingUserId: userRef('hosting_user_id'),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    /** The Starlink add-on's own purchase, when the order has it (modules/orders). */
    starlinkPurchaseId: bigint('starlink_purchase_id', { mode: 'number' }).references(() => purchases.id),
    /**
     * The pricing step's answer at order time, per part (`device`, `starlink`): what the order's
     * payment records, whenever it comes (modules/orders).
     */
    pricing: jsonb('pricing').notNull().default({}),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A tariff that includes devices opens its orders already paid. */
    sourcePurchaseId: bigint('source_purchase_id', { mode: 'number' }).references(() => purchases.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_waiting_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'WAIT_PAYMENT'`),
    check('orders_quantity_check', sql`${t.quantity} between 1 and 100`),
    check(
      'orders_status_check',
      sql`${t.status} in ('WAIT_PAYMENT', 'PAID', 'PROCESSED', 'PREPARING_TO_SHIP', 'SHIPPING', 'SHIPPED', 'Completed', 'Canceled', 'Failed')`,
    ),
  ],
);
