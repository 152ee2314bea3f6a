import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { products } from '../catalog/schema';

// The team counters kept by the team-stats worker (docs/team.md).

/**
 * A partner's team counters (docs/team.md), kept by the team counter worker (modules/team-stats)
 * and never re-counted at request time. Binary: `left_count`/`right_count` = partners in each leg.
 * Sponsor tree: `downline_count` = the whole sponsor downline, `first_line_count` = personally
 * invited, `level_counts[k]` = partners at sponsor level k (1..10), `levels_count` = the deepest
 * level that holds anyone. Devices (active physical nodes): `own_devices`, `downline_devices` in
 * the sponsor downline, `max_branch_devices` = the most in one first-line branch. A partner without
 * a row has no team yet.
 */
export const teamStats = pgTable(
  'team_stats',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    leftCount: integer('left_count').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
    downlineCount: integer('downline_count').notNull().default(0),
    firstLineCount: integer('first_line_count').notNull().default(0),
    levelsCount: integer('levels_count').notNull().default(0),
    levelCounts: integer('level_counts')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0,0,0}'`),
    ownDevices: integer('own_devices').notNull().default(0),
    downlineDevices: integer('downline_devices').notNull().default(0),
    maxBranchDevices: integer('max_branch_devices').notNull().default(0),
    /** Active nodes (devices and virtual nodes) of the partner, and of the partners at sponsor levels 1..10. */
    ownNodes: integer('own_nodes').notNull().default(0),
    levelNodes: integer('level_nodes')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0,0,0}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'team_stats_counts_check',
      sql`${t.leftCount} >= 0 and ${t.rightCount} >= 0 and ${t.downlineCount} >= 0 and ${t.firstLineCount} >= 0 and ${t.levelsCount} >= 0 and ${t.ownDevices} >= 0 and ${t.downlineDevices} >= 0 and ${t.maxBranchDevices} >= 0`,
    ),
  ],
);

/**
 * Tariff purchases in each binary leg of a partner, by tariff (get_purchase_statistics_by_packages):
 * completed tariff purchases of the partners below, kept by the team counter worker.
 */
export const teamPackageCounts = pgTable(
  'team_package_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    leftCount: integer('left_count').notNull().default(0),
    rightCount: integer('right_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('team_package_counts_check', sql`${t.leftCount} >= 0 and ${t.rightCount} >= 0`),
  ],
);

/**
 * The company's counters (company_stats), one row, kept by the team counter worker: every active
 * node (devices and virtual nodes), active physical devices, tariff 500 purchases not refunded.
 */
export const teamCompanyStats = pgTable(
  'team_company_stats',
  {
    id: integer('id').primaryKey().default(1),
    totalDevices: integer('total_devices').notNull().default(0),
    purchasedDevices: integer('purchased_devices').notNull().default(0),
    packages500: integer('packages_500').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('team_company_stats_one_row', sql`${t.id} = 1`),
    check(
      'team_company_stats_counts_check',
      sql`${t.totalDevices} >= 0 and ${t.purchasedDevices} >= 0 and ${t.packages500} >= 0`,
    ),
  ],
);
