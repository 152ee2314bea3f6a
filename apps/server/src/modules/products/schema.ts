import { NODE_KINDS, NODE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';
import { products } from '../catalog/schema';
import { orders } from '../orders/schema';
import { purchases } from '../purchases/schema';

// The products module's tables: virtual nodes and token packs.

/** A node's statuses: the contract's (an upgraded virtual node is kept), and a canceled order's device. */
const NODE_ROW_STATUSES = [...NODE_STATUSES, 'canceled'] as const;

/**
 * Nodes a partner holds (node income, issue 8): a device from an order or a tariff, or a virtual
 * node. An upgraded virtual node is kept with status `upgraded` and the new one names it.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: id(),
    userId: userRef().notNull(),
    kind: text('kind', { enum: NODE_KINDS }).notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    hostingUserId: userRef('hosting_user_id'),
    upgradedFromId: bigint('upgraded_from_id', { mode: 'number' }),
    status: text('status', { enum: NODE_ROW_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    /**
     * Node income (issue 8) is paid up to this instant: each whole day after it is due. Starts at
     * the node's creation (the default `now()` of its insert) and advances by whole days.
     */
    incomePaidUntil: timestamp('income_paid_until', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The node counted as active in the team counters (modules/team-stats): the worker folds the
     * rows where this differs from "active".
     */
    teamCounted: boolean('team_counted').notNull().default(false),
  },
  (t) => [
    index('nodes_user_idx').on(t.userId, t.kind, t.status),
    index('nodes_team_pending_idx')
      .on(t.id)
      .where(sql`${t.teamCounted} <> (${t.status} = 'active')`),
    index('nodes_income_due_idx')
      .on(t.incomePaidUntil)
      .where(sql`${t.status} = 'active'`),
    check('nodes_kind_check', sql`${t.kind} in ('device', 'virtual')`),
    check('nodes_status_check', sql`${t.status} in ('active', 'upgraded', 'canceled')`),
  ],
);

/** A token pack (compensation-plan.md section 7): DXN bought at a quote, locked, with a yearly yield. */
export const tokenPacks = pgTable(
  'token_packs',
  {
    id: id(),
    userId: userRef().notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' })
      .notNull()
      .references(() => purchases.id),
    /** DXN minor units locked. */
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    years: integer('years').notNull(),
    /** Yearly yield in basis points: 1500 or 2000. */
    yieldBp: integer('yield_bp').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pack years whose yield was paid (and, after the last, the principal released). */
    yearsPaid: integer('years_paid').notNull().default(0),
    /** When the next pack year ends (its yield is due); null once every year is paid. */
    nextPayoutAt: timestamp('next_payout_at', { withTimezone: true }),
  },
  (t) => [
    index('token_packs_user_idx').on(t.userId, t.id),
    index('token_packs_next_payout_idx')
      .on(t.nextPayoutAt)
      .where(sql`${t.nextPayoutAt} is not null`),
    index('token_packs_due_idx')
      .on(t.startsAt)
      .where(sql`${t.yearsPaid} < ${t.years}`),
    check('token_packs_years_check', sql`${t.years} in (1, 2) and ${t.yearsPaid} between 0 and ${t.years}`),
  ],
);
