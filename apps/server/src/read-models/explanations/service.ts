import {
  formatMinor,
  LOST_PROFIT_LIST_LIMIT,
  type TBinaryWhatIfBase,
  type TDebts,
  type TLostProfitPending,
  type TLostProfitState,
  type TPayoutExplanation,
  type TTeamMember,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import * as repo from './repo';
import type { TMemberRecord, TPayoutRecord } from './repo';

const USDT = (amount: bigint) => formatMinor(amount, 'USDT');

const toMember = (row: TMemberRecord | undefined): TTeamMember | null =>
  row ? { id: row.id, username: row.username, first_name: row.firstName, last_name: row.lastName } : null;

/** Where a payout's lost profit stands at `now` (compensation-plan.md section 5). */
function lostProfitState(
  payout: TPayoutRecord,
  entry: NonNullable<TPayoutRecord['lostProfit']>,
  now: Date,
): TLostProfitState {
  if (entry.recovered >= entry.amount) return 'recovered';
  if (entry.dropped > 0n && entry.recovered + entry.dropped >= entry.amount) return 'canceled';
  if (entry.closedAt === null && entry.expiresAt >= now) return 'pending';
  return entry.dropped > 0n || payout.reversedAt ? 'canceled' : 'expired';
}

/**
 * What the partner is shown of their own bonuses (docs/compensation.md "Explained to the
 * partner"): one payout explained, the pending lost profit with its deadlines, and the numbers the
 * web's what-if runs the engine on. Every read is the caller's own; anything else is 404.
 */
export function createExplanations(deps: { db: Db }) {
  const { db } = deps;

  return {
    async payout(userId: number, payoutId: number, now = new Date()): Promise<TPayoutExplanation> {
      const payout = await repo.ownPayout(db, userId, payoutId);
      if (!payout) throw fail.notFound();
      const currency = payout.currency;
      const money = (amount: bigint) => formatMinor(amount, currency);
      // Names only of partners in the payee's own sponsor downline (api.md: a partner sees their
      // downline and nothing else): a promo-code customer or a buyer from another line stays anonymous.
      const named = [payout.purchase?.buyerId, payout.sourcePayeeId].filter(
        (id): id is number => typeof id === 'number',
      );
      const members = new Map(
        (await repo.downlineMembers(db, userId, [...new Set(named)])).map((row) => [row.id, row]),
      );
      const entry = payout.lostProfit;
      const state = entry && lostProfitState(payout, entry, now);
      return {
        id: payout.id,
        bonus_type: payout.bonusType,
        currency,
        date: payout.createdAt.toISOString(),
        period: payout.period,
        purchase: payout.purchase && {
          id: payout.purchase.id,
          date: payout.purchase.createdAt.toISOString(),
          product_name: payout.purchase.productName,
          product_kind: payout.purchase.kind,
        },
        buyer: payout.purchase ? toMember(members.get(payout.purchase.buyerId)) : null,
        level: payout.level,
        leg: payout.leg === 'left' || payout.leg === 'right' ? payout.leg : null,
        base: money(payout.base),
        rate_bp: payout.rateBp,
        gross: money(payout.gross),
        credited: money(payout.credited),
        lost: money(payout.lost),
        cap_took: money(payout.capTook),
        plan_version: payout.planVersion,
        source_bonus_type: payout.sourceBonusType,
        source_payee: payout.sourcePayeeId === null ? null : toMember(members.get(payout.sourcePayeeId)),
        reversed_at: payout.reversedAt?.toISOString() ?? null,
        reversed: money(payout.reversed),
        lost_profit:
          entry && state
            ? {
                amount: money(entry.amount),
                recovered: money(entry.recovered),
                pending: money(state === 'pending' ? entry.amount - entry.recovered - entry.dropped : 0n),
                expires_at: entry.expiresAt.toISOString(),
                state,
              }
            : null,
        position: payout.position,
        reverses: payout.reverses,
        taken: money(payout.taken),
        debt: money(payout.debt),
        reversed_by: payout.reversedBy,
        debt_repaid: money(payout.debtRepaid),
      };
    },

    /** The caller's open debts from reversed bonuses, oldest first (compensation-plan.md 5a). */
    async debts(userId: number): Promise<TDebts> {
      const debts = await repo.openDebts(db, userId);
      return {
        total: USDT(debts.reduce((sum, debt) => sum + debt.amount - debt.repaid, 0n)),
        debts: debts.map((debt) => ({
          id: debt.id,
          amount: USDT(debt.amount),
          repaid: USDT(debt.repaid),
          open: USDT(debt.amount - debt.repaid),
          created_at: debt.createdAt.toISOString(),
          reversal_payout_id: debt.payoutId,
          bonus_type: debt.bonusType,
          purchase: debt.purchase && {
            id: debt.purchase.id,
            product_name: debt.purchase.productName,
            product_kind: debt.purchase.kind,
          },
        })),
      };
    },

    async lostProfit(userId: number, now = new Date()): Promise<TLostProfitPending> {
      const pending = await repo.pendingLostProfit(db, userId, now, LOST_PROFIT_LIST_LIMIT);
      return {
        total: USDT(pending.total),
        count: pending.count,
        earliest_expires_at: pending.earliest?.toISOString() ?? null,
        entries: pending.entries.map((entry) => ({
          id: entry.id,
          payout_id: entry.payoutId,
          bonus_type: entry.bonusType,
          amount: USDT(entry.amount),
          recovered: USDT(entry.recovered),
          pending: USDT(entry.amount - entry.recovered),
          created_at: entry.createdAt.toISOString(),
          expires_at: entry.expiresAt.toISOString(),
        })),
      };
    },

    async binaryWhatIf(userId: number): Promise<TBinaryWhatIfBase> {
      const { legs, window } = await repo.binaryBase(db, userId);
      return {
        left_unpaid: USDT(legs?.left ?? 0n),
        right_unpaid: USDT(legs?.right ?? 0n),
        paired_total: USDT(legs?.pairedTotal ?? 0n),
        active: legs?.active ?? false,
        invited_buyers: legs?.invitedBuyers ?? 0,
        // Active while the window is open and not full (compensation-plan.md section 2).
        status: window && window.earned < window.cap ? 'Active' : 'Inactive',
        has_window: window !== null,
        cap: USDT(window?.cap ?? 0n),
        earned: USDT(window?.earned ?? 0n),
      };
    },
  };
}

export type TExplanations = ReturnType<typeof createExplanations>;
