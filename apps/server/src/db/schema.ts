import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name = 'user_id') => bigint(name, { mode: 'number' }).references(() => users.id);

// ---- accounts -------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username'),
    /** Null for the company root account, which nobody signs in to. */
    passwordHash: text('password_hash'),
    financePasswordHash: text('finance_password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "+" and digits; null only for the company root account. */
    phone: text('phone'),
    country: text('country').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    language: text('language').notNull().default('en'),
    avatarId: uuid('avatar_id'),
    /** The public code in a partner's invitation link (/sign-up/:promocode). */
    referralId: text('referral_id').notNull(),
    mentorId: bigint('mentor_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isCompanyRoot: boolean('is_company_root').notNull().default(false),
    /** AES-256-GCM ciphertexts (lib/crypto.ts); the pending secret waits for its first code. */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The last accepted TOTP time step: a step is never accepted twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }).notNull().default(0),
    /** The leg where the partners this user invites are placed (compensation-plan.md section 3). */
    binarySide: text('binary_side').notNull().default('left'),
    binaryParentId: bigint('binary_parent_id', { mode: 'number' }),
    binaryPosition: text('binary_position'),
    /**
     * Kept by the users_tree_position trigger (migration 0019) from the parent at insert: the
     * depth in the binary tree (company root 0, unplaced accounts null) and the ancestors at the
     * nearest lower multiples of 8, 64 (`binary_anchor_id`) and 512, so `binary_under()` answers
     * "is X in Y's downline" in at most depth/512 + 22 indexed steps at any depth (docs/team.md).
     */
    binaryDepth: integer('binary_depth'),
    binaryAnchor8Id: bigint('binary_anchor8_id', { mode: 'number' }),
    binaryAnchorId: bigint('binary_anchor_id', { mode: 'number' }),
    binaryAnchor512Id: bigint('binary_anchor512_id', { mode: 'number' }),
    /** The same along the sponsor tree (mentor_id), for `sponsor_under()` and the team levels. */
    sponsorDepth: integer('sponsor_depth'),
    sponsorAnchor8Id: bigint('sponsor_anchor8_id', { mode: 'number' }),
    sponsorAnchorId: bigint('sponsor_anchor_id', { mode: 'number' }),
    sponsorAnchor512Id: bigint('sponsor_anchor512_id', { mode: 'number' }),
    /** The mentor's leg this partner was placed in (the mentor's binary side at registration). */
    placementLeg: text('placement_leg'),
    /** The team counter worker (modules/team-stats) has counted this partner in its uplines. */
    teamCounted: boolean('team_counted').notNull().default(false),
    kycStatus: text('kyc_status').notNull().default('none'),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_id_key').on(t.referralId),
    uniqueIndex('users_company_root_key')
      .on(t.isCompanyRoot)
      .where(sql`${t.isCompanyRoot}`),
    uniqueIndex('users_binary_slot_key').on(t.binaryParentId, t.binaryPosition),
    index('users_mentor_idx').on(t.mentorId),
    index('users_first_line_idx').on(t.mentorId, t.placementLeg, t.id),
    index('users_sponsor_level_idx').on(t.sponsorDepth, t.id),
    index('users_team_pending_idx')
      .on(t.id)
      .where(sql`not ${t.teamCounted}`),
    index('users_search_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.username}, '')) gin_trgm_ops`,
    ),
    check('users_placement_leg_check', sql`${t.placementLeg} in ('left', 'right')`),
    check('users_binary_side_check', sql`${t.binarySide} in ('left', 'right')`),
    check('users_binary_position_check', sql`${t.binaryPosition} in ('left', 'right')`),
    check('users_kyc_status_check', sql`${t.kycStatus} in ('none', 'pending', 'verified', 'rejected')`),
  ],
);

/**
 * Where each partner's outer legs were last seen to end (compensation-plan.md section 3): a new
 * partner is placed by walking forward from `bottom_id` instead of down the whole leg, and the
 * row is locked while it moves, so only sign-ups into the same leg queue on it.
 */
export const binaryLegEnds = pgTable(
  'binary_leg_ends',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    side: text('side').notNull(),
    bottomId: bigint('bottom_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.side] }),
    check('binary_leg_ends_side_check', sql`${t.side} in ('left', 'right')`),
  ],
);

/**
 * A partner's binary volume (compensation-plan.md section 4, binary), kept as counters by the
 * bonus fold (modules/compensation), never re-summed at request time. `*_unpaid` = volume waiting to
 * pair (carried forward with no expiry), `*_total` = lifetime volume that reached each leg (the
 * team views show it; min of the two = the weaker-leg volume that ranks count), `paired_total` =
 * lifetime paired volume (the binary bonus is rounded down on it). `invited_buyers` = personal
 * invitees who have bought a tariff or device; the binary is `active` from 2. `rank` = the highest
 * qualification rank reached (its one-time bonus paid), null before Bronze. A partner without a
 * row has no volume yet.
 */
export const binaryLegs = pgTable(
  'binary_legs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    leftUnpaid: bigint('left_unpaid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rightUnpaid: bigint('right_unpaid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    leftTotal: bigint('left_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    rightTotal: bigint('right_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    pairedTotal: bigint('paired_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    invitedBuyers: integer('invited_buyers').notNull().default(0),
    active: boolean('active').notNull().default(false),
    /** This partner's first tariff or device purchase has counted in their mentor's `invited_buyers`. */
    counted: boolean('counted').notNull().default(false),
    rank: text('rank'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('binary_legs_rank_idx')
      .on(t.rank)
      .where(sql`${t.rank} is not null`),
    check(
      'binary_legs_amounts_check',
      sql`${t.leftUnpaid} >= 0 and ${t.rightUnpaid} >= 0 and ${t.leftUnpaid} <= ${t.leftTotal} and ${t.rightUnpaid} <= ${t.rightTotal} and ${t.pairedTotal} >= 0 and ${t.invitedBuyers} >= 0`,
    ),
    check(
      'binary_legs_rank_check',
      sql`${t.rank} is null or ${t.rank} in ('Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond')`,
    ),
  ],
);

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

/** Signed-in sessions: a token names its session, so logout and a password change revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userRef().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset and email-change links: random, stored as a SHA-256 hash, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: userRef().notNull(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For an email change: the address it changes to. */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'email_change')`),
  ],
);

/** Attempt counters shared by every server process (login, codes, mails). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * The persisted schedule of the periodic jobs (src/jobs): each job's next slot, and the lease of
 * the process running it. A slot is claimed by one statement, so one process runs it, and a slot
 * passed while every process was down is still due after a restart.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  /** The next slot to run (an instant on the job's grid), due once it has passed. */
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
  /** A process runs the job until then; a failed run holds it until its retry (null: free). */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  /** Failed runs of the slot due, in a row (the retry waits longer after each). */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/** Security-relevant changes, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    userId: userRef(),
    actorId: userRef('actor_id'),
    action: text('action').notNull(),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.createdAt)],
);

/** Uploaded images, kept in the database so that every server process can serve them. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey(),
  userId: userRef().notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Mail written instead of sent when no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

// ---- ledger (DESIGN.md "Ledger"; the rules live in modules/ledger) ----------------------------------

/**
 * One account per user x currency x purpose, plus company accounts (user_id null). `balance` is
 * the sum of the account's postings, maintained by the statement that posts; a user account
 * never goes below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    userId: userRef(),
    currency: text('currency').notNull(),
    purpose: text('purpose').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_key').on(t.userId, t.currency, t.purpose).nullsNotDistinct(),
    check('ledger_accounts_user_balance_check', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_currency_check', sql`${t.currency} in ('USDT', 'DXN', 'DFT')`),
  ],
);

/** One balanced movement of money; `operation_type` and `bonus_type` as api.md lists them. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: id(),
    operationType: text('operation_type').notNull(),
    bonusType: text('bonus_type'),
    /** Makes a movement happen once: a chain log, an idempotency key, a bonus rule's source. */
    reference: text('reference').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_reference_key').on(t.reference),
    /** The profile's bonus totals read only bonus transfers. */
    index('ledger_transfers_operation_type_idx').on(t.operationType, t.bonusType),
  ],
);

/** Append-only: the database refuses UPDATE and DELETE (migration 0001). */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: id(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_transfer_idx').on(t.transferId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Lifetime USDT bonus credits of a user by the header's group (api.md: matching, VP, other), kept
 * as counters by `postTransfer` in the transfer's own transaction: the profile reads them instead
 * of summing the postings of every bonus (back-filled from history by migration 0013).
 */
export const ledgerBonusTotals = pgTable(
  'ledger_bonus_totals',
  {
    userId: userRef().notNull(),
    bonusGroup: text('bonus_group').notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bonusGroup] }),
    check('ledger_bonus_totals_group_check', sql`${t.bonusGroup} in ('matching', 'vp', 'other')`),
  ],
);

/**
 * Lifetime USDT bonus of a user by bonus type (net of reversals), kept like `ledger_bonus_totals`
 * by `postTransfer` in the transfer's own statement: `get_purchase_statistics_by_packages` reads
 * the binary total by its key instead of summing the postings of every binary bonus (back-filled
 * from history by migration 0035).
 */
export const ledgerBonusTypeTotals = pgTable(
  'ledger_bonus_type_totals',
  {
    userId: userRef().notNull(),
    bonusType: text('bonus_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bonusType] })],
);

/**
 * A partner's USDT bonus lines (wallet_operations rows and listed payouts) summed by UTC month
 * (`YYYY-MM`) and bonus type: the dashboard's income by month. Kept by statement triggers on both
 * tables in the writing statement's transaction, whoever writes (migration 0035, which also
 * back-fills it), so the dashboard reads at most 24 months of rows by their key.
 */
export const bonusIncomeMonths = pgTable(
  'bonus_income_months',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    bonusType: text('bonus_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.bonusType] })],
);

// ---- wallet ------------------------------------------------------------------------------------------

/**
 * A partner's statement (api.md `finances`): one row per operation as the partner sees it, with
 * its status. Rows are written in the same transaction as the ledger transfer they describe;
 * a chain deposit or a withdrawal has its row before the money moves, and its status follows.
 */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: id(),
    userId: userRef().notNull(),
    operationType: text('operation_type').notNull(),
    bonusType: text('bonus_type'),
    currency: text('currency').notNull(),
    /** Signed minor units: what the operation adds to the partner's balance. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    confirmations: integer('confirmations'),
    hash: text('hash'),
    details: jsonb('details').notNull().default({}),
    /** Names the operation for later status changes (a chain log, a withdrawal, a transfer). */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_operations_reference_key').on(t.reference),
    /** Covers the statement's order, so that no page sorts all of a partner's lines. */
    index('wallet_operations_user_date_id_idx').on(t.userId, t.createdAt, t.id),
    index('wallet_operations_user_currency_amount_id_idx').on(t.userId, t.currency, t.amount, t.id),
  ],
);

/** The first answer of a money-moving call, replayed for the same Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef().notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: userRef().notNull(),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
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
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'sent', 'rejected')`),
    check('withdrawals_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * DFT granted with a tariff purchase: 1/12 of it unlocks every 30 days
 * (compensation-plan.md section 4). `unlocked_parts` counts the twelfths already unlocked.
 */
export const dftGrants = pgTable(
  'dft_grants',
  {
    id: id(),
    userId: userRef().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    unlockedParts: integer('unlocked_parts').notNull().default(0),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull(),
    /** When the next twelfth unlocks (null once all twelve have): the unlock job's due time. */
    nextUnlockAt: timestamp('next_unlock_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dft_grants_reference_key').on(t.reference),
    index('dft_grants_user_idx').on(t.userId),
    index('dft_grants_next_unlock_idx')
      .on(t.nextUnlockAt)
      .where(sql`${t.nextUnlockAt} is not null`),
    check('dft_grants_parts_check', sql`${t.unlockedParts} between 0 and 12`),
  ],
);

/** A DexNet price fixed for 30 minutes (spec), which a purchase can name. */
export const rateQuotes = pgTable('rate_quotes', {
  id: uuid('id').primaryKey(),
  /** USDT per 1 DXN, as a decimal string. */
  rate: text('rate').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---- deposits and the chain ----------------------------------------------------------------------------

/** Each partner's own BEP-20 deposit address: child `index` of the deposit xpub (no private key here). */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: userRef().primaryKey(),
    /** Lower-case hex, as logs name it. */
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_address_key').on(t.address),
    uniqueIndex('deposit_addresses_index_key').on(t.derivationIndex),
  ],
);

/** A request to pay: a deposit of an amount, or an order's payment. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    userId: userRef().notNull(),
    purpose: text('purpose').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    validatorKeyId: bigint('validator_key_id', { mode: 'number' }),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    address: text('address').notNull(),
    status: text('status').notNull().default('pending'),
    /** The chain transfer that pays it, once seen. */
    chainTransferId: bigint('chain_transfer_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_user_status_idx').on(t.userId, t.status),
    check('invoices_status_check', sql`${t.status} in ('pending', 'confirming', 'paid', 'expired')`),
    check('invoices_purpose_check', sql`${t.purpose} in ('deposit', 'order', 'validator_key')`),
  ],
);

/**
 * Token transfers seen on the chain to a deposit address. One row per (chain, tx hash, log
 * index): a transfer seen again, after a replay or a restart, is the same row and credits once.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: id(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The token's own units, as the log says (decimal text: up to 256 bits). */
    rawAmount: text('raw_amount').notNull(),
    /** Minor units of the currency (USDT 6, DXN 8 places), rounded down. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    userId: userRef(),
    status: text('status').notNull().default('confirming'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_transfers_log_key').on(t.chain, t.txHash, t.logIndex),
    index('chain_transfers_status_idx').on(t.chain, t.status),
    check('chain_transfers_status_check', sql`${t.status} in ('confirming', 'credited', 'rejected')`),
  ],
);

/**
 * Token logs the watcher could not take (an amount past what the ledger holds, a malformed log):
 * kept with the reason, so that one such log never stops the others and admins see it.
 */
export const chainRejectedLogs = pgTable(
  'chain_rejected_logs',
  {
    id: id(),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    contract: text('contract').notNull(),
    /** Null when the log is too malformed to say. */
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    rawAmount: text('raw_amount'),
    /** The deposit address's owner, when the log names one. */
    userId: userRef(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chain_rejected_logs_key').on(t.chain, t.txHash, t.logIndex)],
);

/** How far the watcher has read each chain. */
export const chainCursors = pgTable('chain_cursors', {
  chain: text('chain').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The development chain's blocks (embedded default only); kept in the database like the rest. */
export const devChainBlocks = pgTable('dev_chain_blocks', {
  number: bigint('number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  createdAt: createdAt(),
});

/** The development chain's token transfer logs; a null block means waiting for the next block. */
export const devChainLogs = pgTable(
  'dev_chain_logs',
  {
    id: id(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    contract: text('contract').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    rawAmount: text('raw_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_chain_logs_key').on(t.txHash, t.logIndex),
    index('dev_chain_logs_block_idx').on(t.blockNumber),
  ],
);

// ---- card top-up ---------------------------------------------------------------------------------------

/** Every card top-up attempt, refused or not: the per-card attempt limits count these rows. */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    userId: userRef().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Euro cents charged to the card. */
    amountEurCents: bigint('amount_eur_cents', { mode: 'bigint' }).notNull(),
    /** HMAC of the card number: the number itself is never stored. */
    cardFingerprint: text('card_fingerprint').notNull(),
    cardLast4: text('card_last4').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardCountry: text('card_country'),
    status: text('status').notNull(),
    declineReason: text('decline_reason'),
    providerReference: text('provider_reference'),
    /**
     * The portal's name for the charge, sent to the provider as its idempotency key: one row per
     * charge, so a request retried under the same Idempotency-Key joins it (modules/card).
     */
    chargeReference: text('charge_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_payments_card_idx').on(t.cardFingerprint, t.createdAt),
    index('card_payments_user_idx').on(t.userId, t.id),
    uniqueIndex('card_payments_charge_reference_key').on(t.chargeReference),
    // pending: reserved, at the provider; charged: approved by the provider, not yet credited;
    // approved: charged and credited; failed: the provider gave no answer (modules/card).
    check(
      'card_payments_status_check',
      sql`${t.status} in ('pending', 'charged', 'approved', 'failed', 'declined', 'refused')`,
    ),
    index('card_payments_charged_idx')
      .on(t.id)
      .where(sql`${t.status} = 'charged'`),
  ],
);

// ---- shop: catalogue, purchases, orders and products (issue 7; modules/catalog, modules/purchases) ----

/**
 * What the company sells (compensation-plan.md sections 2, 7 and 8). `price` is the current list
 * price in USDT minor units; `attributes` hold a kind's own values (a tariff's matching depth,
 * a token pack's lock years). Event tickets count their seats here: `sold` only grows by a
 * statement that checks it against `seats`.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    available: boolean('available').notNull().default(true),
    attributes: jsonb('attributes').notNull().default({}),
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
    attributes: jsonb('attributes').notNull().default({}),
    /** The admin who changed it; null for the seed. */
    changedBy: userRef('changed_by'),
    createdAt: createdAt(),
  },
  (t) => [index('product_prices_product_idx').on(t.productId, t.id)],
);

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
    kind: text('kind').notNull(),
    units: integer('units').notNull().default(1),
    listPrice: bigint('list_price', { mode: 'bigint' }).notNull(),
    discount: bigint('discount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    netPrice: bigint('net_price', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    bv: bigint('bv', { mode: 'bigint' }).notNull(),
    quoteId: uuid('quote_id'),
    promocode: text('promocode'),
    status: text('status').notNull().default('completed'),
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

/**
 * The ordered fold's input (modules/compensation, docs/compensation.md "The fold"): append-only
 * events, folded one after another in the order (`xid`, `id`). `xid` is the writing transaction's
 * id (pg_current_xact_id), raised to the highest `xid` of the same partner's earlier events, so a
 * partner's purchases, refunds and mentor changes keep the order they were made in. The fold takes
 * only events whose `xid` is below every transaction still running, so the order of what it has
 * folded never changes afterwards. `details` hold the facts the engine needs (prices, the tariff
 * change, the promo code, the mentor moved to, the leader pool month), as they were at commit.
 */
export const compensationEvents = pgTable(
  'compensation_events',
  {
    id: id(),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    /** The buyer, or the partner whose mentor moved; null for a leader pool month. */
    userId: userRef(),
    bv: bigint('bv', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compensation_events_purchase_kind_key')
      .on(t.purchaseId, t.kind)
      .where(sql`${t.purchaseId} is not null`),
    uniqueIndex('compensation_events_period_key')
      .on(sql`(${t.details}->>'period')`)
      .where(sql`${t.kind} = 'leader_pool'`),
    index('compensation_events_order_idx').on(t.xid, t.id),
    index('compensation_events_user_idx').on(t.userId, t.xid),
    check(
      'compensation_events_kind_check',
      sql`${t.kind} in ('purchase', 'refund', 'mentor', 'leader_pool')`,
    ),
    check(
      'compensation_events_subject_check',
      sql`(${t.kind} in ('purchase', 'refund') and ${t.purchaseId} is not null and ${t.userId} is not null)
        or (${t.kind} = 'mentor' and ${t.userId} is not null) or ${t.kind} = 'leader_pool'`,
    ),
  ],
);

/**
 * Runs of the replay audit (docs/compensation.md "The replay audit"): started by an operator, the
 * command (`npm run audit:bonuses`) or the nightly job; what they found, the first differences.
 */
export const bonusAudits = pgTable(
  'bonus_audits',
  {
    id: id(),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    events: integer('events').notNull().default(0),
    postings: integer('postings').notNull().default(0),
    partners: integer('partners').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    ok: boolean('ok'),
    ms: integer('ms'),
    sample: jsonb('sample').notNull().default([]),
    error: text('error'),
  },
  (t) => [
    check('bonus_audits_trigger_check', sql`${t.trigger} in ('admin', 'command', 'nightly')`),
    /** One run at a time, across processes. */
    uniqueIndex('bonus_audits_running_key')
      .on(sql`(true)`)
      .where(sql`${t.finishedAt} is null`),
  ],
);

/** How far the fold has come: the (xid, id) of the last event folded (one row). */
export const compensationFold = pgTable(
  'compensation_fold',
  {
    id: integer('id').primaryKey().default(1),
    lastXid: bigint('last_xid', { mode: 'number' }).notNull().default(0),
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
    eventsFolded: bigint('events_folded', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('compensation_fold_one_row', sql`${t.id} = 1`)],
);

/**
 * A partner's state in the fold besides the binary legs: quick start (first tariff, invitees
 * counted in time, counted for the mentor, decided), the Hot Winter gift brought, and the open
 * debt from reversed bonuses (compensation-plan.md 5a). Written only by the fold.
 */
export const compensationPartners = pgTable(
  'compensation_partners',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    firstTariffAt: timestamp('first_tariff_at', { withTimezone: true }),
    qsInvitees: integer('qs_invitees').notNull().default(0),
    qsCounted: boolean('qs_counted').notNull().default(false),
    qsPaid: boolean('qs_paid').notNull().default(false),
    winterGiven: boolean('winter_given').notNull().default(false),
    debt: bigint('debt', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('compensation_partners_amounts_check', sql`${t.qsInvitees} >= 0 and ${t.debt} >= 0`),
    index('compensation_partners_debt_idx')
      .on(t.userId)
      .where(sql`${t.debt} > 0`),
  ],
);

/**
 * USDT a reversal could not take back because the payee had withdrawn or spent it: repaid first
 * from their next bonuses (`repaid`), oldest first; no withdrawal while one is open.
 */
export const bonusDebts = pgTable(
  'bonus_debts',
  {
    id: id(),
    userId: userRef().notNull(),
    /** The reversal that left it. */
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => payouts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    repaid: bigint('repaid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('bonus_debts_payout_key').on(t.payoutId),
    index('bonus_debts_open_idx')
      .on(t.userId, t.id)
      .where(sql`${t.repaid} < ${t.amount}`),
    check('bonus_debts_amount_check', sql`${t.amount} > 0 and ${t.repaid} between 0 and ${t.amount}`),
  ],
);

/**
 * A partner's earning cap window (compensation-plan.md section 2): 5 x the price of the tariff
 * that opened it, grown by 5 x an upgrade's difference. Opened, grown, filled and closed only by
 * the ordered fold, in the order of the purchases (`earned` never passes `cap`). One open window
 * per partner; a renewal closes the old one. It keeps the tariff held: its matching depth and its
 * full price (quick start asks for 500 or more).
 */
export const capWindows = pgTable(
  'cap_windows',
  {
    id: id(),
    userId: userRef().notNull(),
    /** The tariff held now (the higher one after an upgrade). */
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    matchingDepth: integer('matching_depth').notNull().default(0),
    tariffPrice: bigint('tariff_price', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cap: bigint('cap', { mode: 'bigint' }).notNull(),
    earned: bigint('earned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The tariff purchase's event that opened it (null for windows opened before the fold). */
    openedEventId: bigint('opened_event_id', { mode: 'number' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cap_windows_open_key')
      .on(t.userId)
      .where(sql`${t.closedAt} is null`),
    index('cap_windows_user_idx').on(t.userId, t.id),
    check('cap_windows_earned_check', sql`${t.earned} between 0 and ${t.cap}`),
  ],
);

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
    kind: text('kind').notNull(),
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
    status: text('status').notNull().default('WAIT_PAYMENT'),
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

/**
 * Nodes a partner holds (node income, issue 8): a device from an order or a tariff, or a virtual
 * node. An upgraded virtual node is kept with status `upgraded` and the new one names it.
 */
export const nodes = pgTable(
  'nodes',
  {
    id: id(),
    userId: userRef().notNull(),
    kind: text('kind').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id),
    purchaseId: bigint('purchase_id', { mode: 'number' }).references(() => purchases.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    hostingUserId: userRef('hosting_user_id'),
    upgradedFromId: bigint('upgraded_from_id', { mode: 'number' }),
    status: text('status').notNull().default('active'),
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

/**
 * A validator key (compensation-plan.md section 8): reserved, paid within 15 minutes, activated
 * within 24 hours with the code shown once (only its hash is kept), else released and refunded.
 */
export const validatorKeys = pgTable(
  'validator_keys',
  {
    id: id(),
    userId: userRef().notNull(),
    status: text('status').notNull().default('reserved'),
    currency: text('currency').notNull(),
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
    status: text('status').notNull().default('active'),
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

/**
 * One bonus posting with its explanation (issue 8; docs/compensation.md): who was due what from
 * which purchase, at which level or leg, on which base and rate, what was credited and what the
 * cap window (or the payee's Inactive status) took. `transfer_id` = the ledger transfer that
 * credited it (null when nothing was credited). Shares of the company root have `to_company`.
 * Written only by the fold, tens of thousands of rows a batch, naming rows it read or wrote in the
 * same transaction: the purchase, the event and the transfer carry no foreign key (three checks a
 * row were two thirds of the insert: docs/performance.md); the replay audit checks what they name.
 */
export const payouts = pgTable(
  'payouts',
  {
    /**
     * A payout the statement lists (`listed`) is a line of it: its id comes from the statement
     * lines' sequence, so that a line's id names one line whichever table holds it (migration 0030).
     */
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('wallet_operations_id_seq')`),
    /** The purchase that caused it (for a reversal: the refunded one); null for a period's bonus. */
    purchaseId: bigint('purchase_id', { mode: 'number' }),
    /** The period a periodic bonus was paid for ('2026-11' leader pool, '2026-11-23' node income, 'rank:Gold'), else null. */
    period: text('period'),
    /** The fold's event that made it, and its place in that event's order (from 1). */
    eventId: bigint('event_id', { mode: 'number' }),
    ordinal: integer('ordinal'),
    /**
     * No foreign key (migration 0030): a batch of the fold writes tens of thousands of payouts and
     * the check was a third of their insert; every payee is read from the users' trees, users are
     * never deleted, and money reaches a payee only on a ledger account, which references users.
     */
    payeeId: bigint('payee_id', { mode: 'number' }).notNull(),
    bonusType: text('bonus_type').notNull(),
    currency: text('currency').notNull(),
    /** A credit: gross = credited + lost, all >= 0. A reversal: all <= 0 (what it takes back and cancels). */
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    credited: bigint('credited', { mode: 'bigint' }).notNull(),
    lost: bigint('lost', { mode: 'bigint' }).notNull(),
    level: integer('level'),
    leg: text('leg'),
    base: bigint('base', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    capTook: bigint('cap_took', { mode: 'bigint' }).notNull(),
    planVersion: text('plan_version').notNull(),
    /** For matching: the bonus it matches and its payee. */
    sourceBonusType: text('source_bonus_type'),
    sourcePayeeId: bigint('source_payee_id', { mode: 'number' }),
    sourcePayoutId: bigint('source_payout_id', { mode: 'number' }),
    /** A reversal: the payout it reverses. Recovered lost profit: the payout whose lost part it recovers. */
    reversesPayoutId: bigint('reverses_payout_id', { mode: 'number' }),
    recoversPayoutId: bigint('recovers_payout_id', { mode: 'number' }),
    /** The cap window the credited part filled (or a reversal gave room back in). */
    windowId: bigint('window_id', { mode: 'number' }),
    toCompany: boolean('to_company').notNull().default(false),
    transferId: bigint('transfer_id', { mode: 'number' }),
    /** Of what was credited, the part that repaid the payee's debt instead of reaching the balance. */
    debtRepaid: bigint('debt_repaid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A reversal: what it took from the payee's balance, and what became debt. */
    taken: bigint('taken', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    debt: bigint('debt', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Set when a refund reversed it (docs/compensation.md "Refunds and debts"). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** How much of its gross, and of its credited part, reversals have reversed. */
    reversed: bigint('reversed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reversedCredited: bigint('reversed_credited', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * A line of the payee's statement (Transactions): written by the fold for what reached or left
     * a partner's balance (not the company root's, not a whole loss), read from here instead of a
     * wallet_operations row (docs/decisions.md "The fold's lines are its payouts").
     */
    listed: boolean('listed').notNull().default(false),
    /** What the line adds to the balance: the credited part, or minus what a reversal took. */
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .generatedAlwaysAs(sql`case when reverses_payout_id is null then credited else -taken end`),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_purchase_idx').on(t.purchaseId),
    /** The statement's orders (as wallet_operations' indexes), over listed payouts only. */
    index('payouts_statement_date_idx')
      .on(t.payeeId, t.createdAt, t.id)
      .where(sql`${t.listed}`),
    index('payouts_statement_amount_idx')
      .on(t.payeeId, t.currency, t.amount, t.id)
      .where(sql`${t.listed}`),
    index('payouts_payee_idx').on(t.payeeId, t.id),
    uniqueIndex('payouts_event_ordinal_key').on(t.eventId, t.ordinal),
    index('payouts_source_idx')
      .on(t.sourcePayoutId)
      .where(sql`${t.sourcePayoutId} is not null`),
    /** Quick start is paid once per partner (credited or lost). */
    uniqueIndex('payouts_quick_start_key')
      .on(t.payeeId)
      .where(sql`${t.bonusType} = 'quick_start' and ${t.reversesPayoutId} is null`),
    check('payouts_source_check', sql`${t.purchaseId} is not null or ${t.period} is not null`),
    check(
      'payouts_amounts_check',
      sql`${t.gross} = ${t.credited} + ${t.lost} and (
        (${t.reversesPayoutId} is null and ${t.credited} >= 0 and ${t.lost} >= 0 and ${t.capTook} between 0 and ${t.lost}
          and ${t.debtRepaid} between 0 and ${t.credited})
        or (${t.reversesPayoutId} is not null and ${t.credited} <= 0 and ${t.lost} <= 0 and ${t.capTook} = 0
          and ${t.taken} >= 0 and ${t.debt} >= 0 and ${t.taken} + ${t.debt} <= -${t.credited}))`,
    ),
  ],
);

/**
 * Lost profit (compensation-plan.md section 5): a bonus share that did not fit in the payee's
 * cap window or was due while they could not earn. Pending until `expires_at` (7 days after the
 * event that lost it), recovered oldest first into the window of a new tariff (`recovered`
 * grows), or cancelled by a reversal of its bonus (`dropped`). Written only by the fold;
 * `closed_at` is set once nothing of it is left (recovered or dropped), never by the clock.
 */
export const lostProfits = pgTable(
  'lost_profits',
  {
    id: id(),
    userId: userRef().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    recovered: bigint('recovered', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    dropped: bigint('dropped', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => payouts.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lost_profits_payout_key').on(t.payoutId),
    index('lost_profits_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.closedAt} is null`),
    check(
      'lost_profits_amount_check',
      sql`${t.amount} > 0 and ${t.recovered} >= 0 and ${t.dropped} >= 0 and ${t.recovered} + ${t.dropped} <= ${t.amount}`,
    ),
  ],
);

/**
 * The leader pool of a calendar month (issue 8), paid once: the job claims the month by inserting
 * this row with the month's event, so a second run (any process) finds the month taken; the fold
 * pays it in order and fills in the share and payees. Records the
 * month's company BV, the pool (1%), the equal share, how many Diamonds shared it and what the
 * company kept.
 */
export const leaderPoolMonths = pgTable(
  'leader_pool_months',
  {
    /** 'YYYY-MM' (UTC). */
    period: text('period').primaryKey(),
    bv: bigint('bv', { mode: 'bigint' }).notNull(),
    pool: bigint('pool', { mode: 'bigint' }).notNull(),
    share: bigint('share', { mode: 'bigint' }).notNull(),
    payees: integer('payees').notNull(),
    companyRemainder: bigint('company_remainder', { mode: 'bigint' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'leader_pool_months_amounts_check',
      sql`${t.bv} >= 0 and ${t.pool} >= 0 and ${t.share} >= 0 and ${t.payees} >= 0 and ${t.companyRemainder} >= 0`,
    ),
  ],
);

// ---- API keys (profile) ----------------------------------------------------------------------------

/**
 * A partner's API keys: read-only access to the owner's own data (docs/decisions.md "API keys").
 * The key is shown once; only its SHA-256 is kept (a random 256-bit key needs no slow hash), with
 * its first characters for the owner to recognise it by.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: userRef().notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_user_active_idx')
      .on(t.userId, t.id)
      .where(sql`${t.revokedAt} is null`),
  ],
);

// ---- promo codes (compensation-plan.md section 6) ---------------------------------------------------

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
    kind: text('kind').notNull(),
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

// ---- notifications (issue 10; docs/decisions.md "Notifications") -----------------------------------

/** Messages written instead of sent when no TELEGRAM_BOT_TOKEN is configured (the embedded default). */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: id(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bot_outbox_chat_idx').on(t.chatId, t.id)],
);

/** A code the partner sends the bot to link a chat: kept as its SHA-256, one use, short-lived. */
export const botLinkCodes = pgTable(
  'bot_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: userRef().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('bot_link_codes_user_idx').on(t.userId)],
);

/** The partner's linked bot chat: one chat per partner, one partner per chat. */
export const botChats = pgTable(
  'bot_chats',
  {
    userId: userRef().primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_chats_chat_key').on(t.chatId)],
);

/**
 * Which notices a partner wants, per channel and kind. No row = the defaults (the column
 * defaults): mail for deposits, withdrawals and orders; the bot for everything once linked.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: userRef().primaryKey(),
  mailBonuses: boolean('mail_bonuses').notNull().default(false),
  mailDeposits: boolean('mail_deposits').notNull().default(true),
  mailWithdrawals: boolean('mail_withdrawals').notNull().default(true),
  mailOrders: boolean('mail_orders').notNull().default(true),
  botBonuses: boolean('bot_bonuses').notNull().default(true),
  botDeposits: boolean('bot_deposits').notNull().default(true),
  botWithdrawals: boolean('bot_withdrawals').notNull().default(true),
  botOrders: boolean('bot_orders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactional outbox of notices: rows are inserted by triggers on wallet_operations and
 * orders (migration 0025) in the event's own transaction; the `notices` job renders and delivers
 * them (modules/notifications/delivery.ts). `source` names the event, so each is noticed once per channel.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    userId: userRef().notNull(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    /** { amount (minor units, text), currency, status, bonus_type, number }: what the text says. */
    payload: jsonb('payload').notNull().default({}),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it (again): a claim moves it past the send's time limit. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notices_source_key').on(t.source, t.channel),
    index('notices_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('notices_user_idx').on(t.userId, t.id),
    check('notices_channel_check', sql`${t.channel} in ('mail', 'bot')`),
    check('notices_kind_check', sql`${t.kind} in ('bonuses', 'deposits', 'withdrawals', 'orders')`),
    check('notices_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);
