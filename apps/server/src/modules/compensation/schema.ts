import { RANK_NAMES } from '@portal/compensation';
import { BINARY_SIDES, BONUS_AUDIT_TRIGGERS, BONUS_TYPES, CURRENCIES } from '@portal/contracts';
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
import { userRef, users } from '../accounts/schema';
import { products } from '../catalog/schema';
import { purchases } from '../purchases/schema';

// The compensation engine's tables (docs/compensation.md): events, the fold, windows, payouts.

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
    rank: text('rank', { enum: RANK_NAMES }),
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

/** What a fold event records: a purchase, a refund, a mentor change, a leader pool month. */
const COMPENSATION_EVENT_KINDS = ['purchase', 'refund', 'mentor', 'leader_pool'] as const;

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
    kind: text('kind', { enum: COMPENSATION_EVENT_KINDS }).notNull(),
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
    trigger: text('trigger', { enum: BONUS_AUDIT_TRIGGERS }).notNull(),
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
    bonusType: text('bonus_type', { enum: BONUS_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** A credit: gross = credited + lost, all >= 0. A reversal: all <= 0 (what it takes back and cancels). */
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    credited: bigint('credited', { mode: 'bigint' }).notNull(),
    lost: bigint('lost', { mode: 'bigint' }).notNull(),
    level: integer('level'),
    leg: text('leg', { enum: BINARY_SIDES }),
    base: bigint('base', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    capTook: bigint('cap_took', { mode: 'bigint' }).notNull(),
    planVersion: text('plan_version').notNull(),
    /** For matching: the bonus it matches and its payee. */
    sourceBonusType: text('source_bonus_type', { enum: BONUS_TYPES }),
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
    /** The reports' ranges of days (read-models/reports): a BRIN index costs the fold's inserts next to nothing. */
    index('payouts_created_brin').using('brin', t.createdAt),
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
