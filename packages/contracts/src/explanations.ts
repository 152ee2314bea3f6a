import { z } from 'zod';
import { ZBinarySide } from './accounts';
import { zId, ZTimestamp } from './common';
import { ZCurrency, ZMoney } from './money';
import { ZProductKind } from './shop';
import { ZTariffStatus } from './tariffs';
import { ZBonusType } from './wallet';

// ---- explained to the partner (issue 8; docs/compensation.md "Explained to the partner") -----------

/** GET /api/v1/mlm/payouts/:id/: one of the caller's own payouts (any other id answers 404). */
export const ZPayoutParams = z.object({ id: zId });
export type TPayoutParams = z.infer<typeof ZPayoutParams>;

/** A partner named in an explanation: only someone in the payee's own sponsor downline. */
export const ZTeamMember = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const LOST_PROFIT_STATES = ['pending', 'recovered', 'expired', 'canceled'] as const;
export const ZLostProfitState = z.enum(LOST_PROFIT_STATES);
export type TLostProfitState = z.infer<typeof ZLostProfitState>;

/**
 * The part of a payout that was not credited (compensation-plan.md section 5): `pending` =
 * amount - recovered while it can still be recovered (before `expires_at`), else 0.
 */
export const ZPayoutLostProfit = z.object({
  amount: ZMoney,
  recovered: ZMoney,
  pending: ZMoney,
  expires_at: ZTimestamp,
  state: ZLostProfitState,
});
export type TPayoutLostProfit = z.infer<typeof ZPayoutLostProfit>;

/**
 * Why a bonus was paid (compensation-plan.md section 4: source, buyer, level or leg, base, rate,
 * plan version). `purchase` is null for a bonus of a `period` (leader pool, node income).
 * `buyer` is null when the buyer is not in the payee's sponsor downline (a promo-code customer,
 * a binary volume from another sponsor line): the partner sees a neutral label, never their name.
 * Amounts are in the payout's `currency`; `base` is the amount the rate applies to (the purchase's
 * volume, the matched bonus, the paired volume).
 */
export const ZPayoutExplanation = z.object({
  id: z.number().int(),
  bonus_type: ZBonusType,
  currency: ZCurrency,
  date: ZTimestamp,
  period: z.string().nullable(),
  purchase: z
    .object({
      id: z.number().int(),
      date: ZTimestamp,
      product_name: z.string(),
      product_kind: ZProductKind,
    })
    .nullable(),
  buyer: ZTeamMember.nullable(),
  level: z.number().int().nullable(),
  leg: ZBinarySide.nullable(),
  base: ZMoney,
  rate_bp: z.number().int(),
  gross: ZMoney,
  credited: ZMoney,
  lost: ZMoney,
  cap_took: ZMoney,
  plan_version: z.string(),
  /** For matching: the bonus it matches and who received it (in the payee's downline, else null). */
  source_bonus_type: ZBonusType.nullable(),
  source_payee: ZTeamMember.nullable(),
  /** Set when the purchase was refunded: how much of the bonus was reversed. */
  reversed_at: ZTimestamp.nullable(),
  reversed: ZMoney,
  lost_profit: ZPayoutLostProfit.nullable(),
  /**
   * Where it stands in its purchase's order (compensation-plan.md section 4): posting `ordinal` of
   * `of` that the purchase (or its refund) made; null for a bonus made before the ordered fold.
   */
  position: z.object({ ordinal: z.number().int(), of: z.number().int() }).nullable(),
  /** A reversal: the payout it reverses (the caller's own), what it took from the balance, what became debt. */
  reverses: z.number().int().nullable(),
  taken: ZMoney,
  debt: ZMoney,
  /** The reversals of this payout, the caller's own. */
  reversed_by: z.array(z.number().int()),
  /** Of what was credited, the part that repaid a debt instead of reaching the balance. */
  debt_repaid: ZMoney,
});
export type TPayoutExplanation = z.infer<typeof ZPayoutExplanation>;

/** How many pending entries GET /api/v1/mlm/lost-profit/ lists (soonest deadline first); the totals cover all. */
export const LOST_PROFIT_LIST_LIMIT = 50;

export const ZLostProfitEntry = z.object({
  id: z.number().int(),
  payout_id: z.number().int(),
  bonus_type: ZBonusType,
  amount: ZMoney,
  recovered: ZMoney,
  /** amount - recovered: what a tariff bought before `expires_at` would credit, if it fits. */
  pending: ZMoney,
  created_at: ZTimestamp,
  expires_at: ZTimestamp,
});
export type TLostProfitEntry = z.infer<typeof ZLostProfitEntry>;

/**
 * GET /api/v1/mlm/lost-profit/: the caller's pending lost profit (closed_at null, expires_at >
 * now). `total` equals package/active's `lost_profit_pending`; `entries` are the first
 * LOST_PROFIT_LIST_LIMIT by deadline.
 */
export const ZLostProfitPending = z.object({
  total: ZMoney,
  count: z.number().int(),
  earliest_expires_at: ZTimestamp.nullable(),
  entries: z.array(ZLostProfitEntry),
});
export type TLostProfitPending = z.infer<typeof ZLostProfitPending>;

/**
 * GET /api/v1/mlm/binary/what-if/: the caller's own numbers the what-if runs the engine on. Legs
 * from binary_legs (no row: zeros, not active), the open cap window (none: cap and earned 0).
 */
export const ZBinaryWhatIfBase = z.object({
  left_unpaid: ZMoney,
  right_unpaid: ZMoney,
  paired_total: ZMoney,
  active: z.boolean(),
  /** Personally invited partners who bought: the binary turns active at two. */
  invited_buyers: z.number().int(),
  status: ZTariffStatus,
  has_window: z.boolean(),
  cap: ZMoney,
  earned: ZMoney,
});
export type TBinaryWhatIfBase = z.infer<typeof ZBinaryWhatIfBase>;

// ---- debts (compensation-plan.md 5a) --------------------------------------------------------------

/**
 * One open debt: what a reversal could not take back because the partner had spent or withdrawn
 * it, with its reason (the bonus reversed and the purchase refunded).
 */
export const ZDebt = z.object({
  id: z.number().int(),
  amount: ZMoney,
  repaid: ZMoney,
  /** amount - repaid. */
  open: ZMoney,
  created_at: ZTimestamp,
  /** The reversal that left it, and the bonus it reversed. */
  reversal_payout_id: z.number().int(),
  bonus_type: ZBonusType,
  purchase: z
    .object({ id: z.number().int(), product_name: z.string(), product_kind: ZProductKind })
    .nullable(),
});
export type TDebt = z.infer<typeof ZDebt>;

/** GET /api/v1/mlm/debts/: the caller's open debts, oldest first (repaid first from the next bonuses). */
export const ZDebts = z.object({ total: ZMoney, debts: z.array(ZDebt) });
export type TDebts = z.infer<typeof ZDebts>;

// ---- the replay audit (admin) ----------------------------------------------------------------------

export const ZBonusAuditDifference = z.object({
  event_id: z.number().int().nullable(),
  ordinal: z.number().int().nullable(),
  payee_id: z.number().int().nullable(),
  what: z.string(),
  expected: z.string(),
  found: z.string(),
});
export type TBonusAuditDifference = z.infer<typeof ZBonusAuditDifference>;

export const BONUS_AUDIT_TRIGGERS = ['admin', 'command', 'nightly'] as const;

/** A run of the replay audit: every event replayed from an empty state and compared with the ledger. */
export const ZBonusAuditRun = z.object({
  id: z.number().int(),
  trigger: z.enum(BONUS_AUDIT_TRIGGERS),
  started_at: ZTimestamp,
  finished_at: ZTimestamp.nullable(),
  events: z.number().int(),
  postings: z.number().int(),
  partners: z.number().int(),
  differences: z.number().int(),
  ok: z.boolean().nullable(),
  ms: z.number().int().nullable(),
  /** The first differences (up to 100). */
  sample: z.array(ZBonusAuditDifference),
  /** Why a run could not finish (it never shows a stack). */
  error: z.string().nullable(),
});
export type TBonusAuditRun = z.infer<typeof ZBonusAuditRun>;

/** GET /api/v1/admin/bonus-audit/: the last run, and whether one runs now. */
export const ZBonusAudit = z.object({ running: z.boolean(), last: ZBonusAuditRun.nullable() });
export type TBonusAudit = z.infer<typeof ZBonusAudit>;

/** POST /api/v1/admin/bonus-audit/: a run started in the background (202). */
export const ZBonusAuditStarted = z.object({ id: z.number().int() });
export type TBonusAuditStarted = z.infer<typeof ZBonusAuditStarted>;
