import {
  lostProfitRecovery,
  PLAN_V1,
  purchasePostings,
  type TBonusType as TEngineBonusType,
  type TMember,
  type TPosting,
} from '@portal/compensation';
import { minor, type TBonusType, type TProductKind } from '@portal/contracts';
import type { Db } from '../../db/client';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer, type TLeg } from '../ledger/service';
import type { TPurchaseRow } from '../purchases/service';
import { recordOperation, recordOperations } from '../statement/service';
import * as repo from './repo';
import type { TPayoutRow, TUplineRow } from './repo';

export type { TPayoutRow };

/** The plan purchases are paid under (packages/compensation). */
export const PLAN = PLAN_V1;

/** A promo code named by the purchase (the promotions issue supplies it): its owner and discount. */
export type TPromoInput = { ownerId: number; discountBp: number };

/** The engine's bonus types under the names of the contracts (api.md bonus types). */
const BONUS_TYPE: Partial<Record<TEngineBonusType, TBonusType>> = {
  invite: 'invite',
  ticket: 'ticket',
  vp: 'vp',
  promo_owner: 'dexid_promo',
  matching: 'matching',
  binary: 'binary',
};

const DAY_MS = 24 * 3600 * 1000;

/** The company root earns without a cap: its shares land on company:root_bonuses, never on its user row. */
const ROOT_CAP = 2n ** 62n;

const BONUS_KINDS: readonly TProductKind[] = ['event_ticket', 'validator_key'];

type TState = Map<number, TUplineRow>;

function toMember(row: TUplineRow): TMember {
  if (row.isCompanyRoot) {
    return {
      userId: String(row.userId),
      mayEarn: true,
      matchingDepth: PLAN.matching.levels,
      window: { cap: ROOT_CAP, filled: 0n },
    };
  }
  const window =
    row.windowId !== null && row.cap !== null && row.earned !== null
      ? { cap: row.cap, filled: row.earned }
      : null;
  return {
    userId: String(row.userId),
    mayEarn: window !== null && window.filled < window.cap,
    matchingDepth: window ? row.depth : 0,
    window,
  };
}

/**
 * Posts the bonuses a purchase pays at once (compensation-plan.md section 4; docs/compensation.md),
 * in the purchase's transaction: invite 7% and its matching, ticket 10%, VP 5% to levels 1-3, the
 * promo owner's bonus. The upline is read in one recursive query; the windows that receive money
 * are locked bottom-up along the chain and the engine is run on their locked fill, so the guarded fill below
 * never fails; the credited amounts move from company:bonuses in one transfer per bonus type; each
 * posting keeps its explanation in a payouts row; what did not fit is lost profit for 7 days.
 */
export async function postPurchaseBonuses(
  tx: Db,
  purchase: TPurchaseRow,
  options: { promo?: TPromoInput | null; productCode?: string } = {},
): Promise<TPayoutRow[]> {
  const kind = purchase.kind as TProductKind;
  const promo = options.promo ?? null;
  if (purchase.bv === 0n && !BONUS_KINDS.includes(kind) && !promo) return [];

  const chain = await repo.sponsorChain(tx, purchase.userId, PLAN.matching.levels + 1);
  const state: TState = new Map(chain.map((row) => [row.userId, row]));
  if (promo && !state.has(promo.ownerId)) {
    const owner = await repo.member(tx, promo.ownerId);
    if (!owner) throw new Error(`Promo owner ${promo.ownerId} not found`);
    state.set(owner.userId, owner);
  }
  const engineInput = {
    id: String(purchase.id),
    buyerId: String(purchase.userId),
    productKind: kind,
    productCode: options.productCode ?? '',
    bv: purchase.bv,
    listPrice: purchase.listPrice,
    netPrice: purchase.netPrice,
    currency: 'USDT' as const,
    ...(promo ? { promo: { ownerId: String(promo.ownerId), discountBp: promo.discountBp } } : {}),
  };
  const compute = () =>
    purchasePostings(PLAN, engineInput, {
      chain: chain.map((row) => toMember(state.get(row.userId)!)),
      ...(promo ? { promoOwner: toMember(state.get(promo.ownerId)!) } : {}),
    });

  // Run on what was read, lock the windows it credits (nearest first), run again on their locked
  // fill; a window that joins the credited set only then (a fill given back meanwhile) is locked
  // in turn. The result credits only locked windows, so the guarded fill cannot fail.
  const locked = new Set<number>();
  let result = compute();
  for (;;) {
    const needed = creditedWindows(result.postings, state).filter((id) => !locked.has(id));
    if (needed.length === 0) break;
    const fresh = await repo.lockWindows(tx, needed);
    for (const row of state.values()) {
      if (row.windowId === null || !fresh.has(row.windowId)) continue;
      const window = fresh.get(row.windowId)!;
      locked.add(row.windowId);
      if (window.open) Object.assign(row, { cap: window.cap, earned: window.earned });
      else Object.assign(row, { windowId: null, cap: null, earned: null });
    }
    result = compute();
  }
  return writePostings(tx, purchase, result.postings, state);
}

/** The windows the postings credit, nearest upline first (the promo owner last): the lock order. */
function creditedWindows(postings: readonly TPosting[], state: TState): number[] {
  const credited = new Set(postings.filter((posting) => posting.credited > 0n).map((p) => Number(p.payeeId)));
  const rows = [...state.values()].sort((a, b) => (a.level || 99) - (b.level || 99));
  return rows
    .filter((row) => credited.has(row.userId) && !row.isCompanyRoot && row.windowId !== null)
    .map((row) => row.windowId!);
}

async function writePostings(
  tx: Db,
  purchase: TPurchaseRow,
  postings: readonly TPosting[],
  state: TState,
): Promise<TPayoutRow[]> {
  if (postings.length === 0) return [];
  const now = new Date();
  const rowOf = (posting: TPosting) => state.get(Number(posting.payeeId))!;
  const typeOf = (posting: TPosting): TBonusType => {
    const type = BONUS_TYPE[posting.bonusType];
    if (!type) throw new Error(`No bonus type for ${posting.bonusType}`);
    return type;
  };

  // (c) The cap fill: one guarded statement for every window credited.
  const fills = new Map<number, bigint>();
  for (const posting of postings) {
    const row = rowOf(posting);
    if (posting.credited === 0n || row.isCompanyRoot) continue;
    fills.set(row.windowId!, (fills.get(row.windowId!) ?? 0n) + posting.credited);
  }
  const filled = await repo.fillWindows(
    tx,
    [...fills].map(([id, amount]) => ({ id, amount })),
  );
  if (filled.length !== fills.size) throw new Error(`A cap window of purchase ${purchase.id} would overflow`);

  // (a) One transfer per bonus type: company:bonuses pays every payee of that type.
  const transfers = new Map<TBonusType, number>();
  const byType = new Map<TBonusType, TPosting[]>();
  for (const posting of postings) {
    if (posting.credited === 0n) continue;
    const type = typeOf(posting);
    byType.set(type, [...(byType.get(type) ?? []), posting]);
  }
  for (const [type, list] of byType) {
    const total = list.reduce((sum, posting) => sum + posting.credited, 0n);
    const legs: TLeg[] = [leg(companyAccount('USDT', COMPANY_PURPOSES.bonuses), minor(-total, 'USDT'))];
    for (const posting of list) {
      const row = rowOf(posting);
      const account = row.isCompanyRoot
        ? companyAccount('USDT', COMPANY_PURPOSES.rootBonuses)
        : userAccount(row.userId, 'USDT');
      legs.push(leg(account, minor(posting.credited, 'USDT')));
    }
    const transfer = await postTransfer(tx, {
      operationType: 'bonus',
      bonusType: type,
      reference: `bonus:purchase:${purchase.id}:${type}`,
      details: { purchase_id: purchase.id, buyer_id: purchase.userId },
      legs,
    });
    if (!transfer.created) throw new Error(`Bonuses of purchase ${purchase.id} were posted before`);
    transfers.set(type, transfer.id);
  }

  // (b) A payouts row per posting, with its explanation.
  const payouts = await repo.insertPayouts(
    tx,
    postings.map((posting) => {
      const { explanation } = posting;
      const type = typeOf(posting);
      return {
        purchaseId: purchase.id,
        payeeId: Number(posting.payeeId),
        bonusType: type,
        currency: posting.currency,
        gross: posting.gross,
        credited: posting.credited,
        lost: rowOf(posting).isCompanyRoot ? 0n : posting.lost,
        level: explanation.level ?? null,
        leg: explanation.leg ?? null,
        base: explanation.base,
        rateBp: explanation.rateBp,
        capTook: explanation.capTook,
        planVersion: explanation.planVersion,
        sourceBonusType: explanation.sourceBonusType
          ? (BONUS_TYPE[explanation.sourceBonusType] ?? null)
          : null,
        sourcePayeeId: explanation.sourcePayeeId ? Number(explanation.sourcePayeeId) : null,
        toCompany: rowOf(posting).isCompanyRoot,
        transferId: posting.credited > 0n ? transfers.get(type)! : null,
      };
    }),
  );

  // (d) Lost profit, pending 7 days; (e) a statement line per credited payout.
  await repo.insertLostProfits(
    tx,
    payouts
      .filter((payout) => payout.lost > 0n)
      .map((payout) => ({
        userId: payout.payeeId,
        amount: payout.lost,
        payoutId: payout.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PLAN.lostProfitDays * DAY_MS),
      })),
  );
  await recordOperations(
    tx,
    payouts
      .filter((payout) => payout.credited > 0n && !payout.toCompany)
      .map((payout) => ({
        userId: payout.payeeId,
        operationType: 'bonus' as const,
        bonusType: payout.bonusType as TBonusType,
        currency: 'USDT' as const,
        amount: payout.credited,
        status: 'completed' as const,
        reference: `payout:${payout.id}`,
        details: explanationDetails(payout, purchase),
      })),
  );
  return payouts;
}

/** What a statement line shows of a payout (the explanation, issue 8). */
function explanationDetails(payout: TPayoutRow, purchase: TPurchaseRow) {
  return {
    payout_id: payout.id,
    purchase_id: purchase.id,
    buyer_id: purchase.userId,
    kind: purchase.kind,
    level: payout.level,
    base: payout.base.toString(),
    rate_bp: payout.rateBp,
    gross: payout.gross.toString(),
    cap_took: payout.capTook.toString(),
    lost: payout.lost.toString(),
    source_bonus_type: payout.sourceBonusType,
    source_payee_id: payout.sourcePayeeId,
    plan_version: payout.planVersion,
  };
}

/**
 * A refunded purchase takes its bonuses back (docs/decisions.md "Bonuses of a refunded purchase"),
 * in the refund's transaction, once: from each payee what their USDT balance still holds, up to
 * what they were credited (what was spent already is the company's loss, recorded on the payout);
 * the window fill taken back is given back; the lost profit the purchase left is closed. One
 * transfer per bonus type back into company:bonuses, and a statement line per payee.
 */
export async function reversePurchaseBonuses(tx: Db, purchase: TPurchaseRow): Promise<void> {
  const reversed = (await repo.markReversed(tx, purchase.id, new Date())).sort((a, b) => a.id - b.id);
  if (reversed.length === 0) return;
  await repo.closeLostProfitsOf(
    tx,
    reversed.map((payout) => payout.id),
    new Date(),
  );
  const credited = reversed.filter((payout) => payout.credited > 0n);
  const payees = [...new Set(credited.filter((p) => !p.toCompany).map((p) => p.payeeId))];
  const available = await repo.lockUsdtBalances(tx, payees);
  const takes: { payout: TPayoutRow; amount: bigint }[] = [];
  for (const payout of credited) {
    let amount = payout.credited;
    if (!payout.toCompany) {
      const left = available.get(payout.payeeId) ?? 0n;
      amount = left < amount ? left : amount;
      available.set(payout.payeeId, left - amount);
    }
    if (amount > 0n) takes.push({ payout, amount });
  }
  const byType = new Map<string, typeof takes>();
  for (const take of takes)
    byType.set(take.payout.bonusType, [...(byType.get(take.payout.bonusType) ?? []), take]);
  for (const [type, list] of byType) {
    const total = list.reduce((sum, take) => sum + take.amount, 0n);
    const legs: TLeg[] = [leg(companyAccount('USDT', COMPANY_PURPOSES.bonuses), minor(total, 'USDT'))];
    for (const { payout, amount } of list) {
      const account = payout.toCompany
        ? companyAccount('USDT', COMPANY_PURPOSES.rootBonuses)
        : userAccount(payout.payeeId, 'USDT');
      legs.push(leg(account, minor(-amount, 'USDT')));
    }
    await postTransfer(tx, {
      operationType: 'bonus',
      bonusType: type as TBonusType,
      reference: `bonus:purchase:${purchase.id}:${type}:reversal`,
      details: { purchase_id: purchase.id, reversal: true },
      legs,
    });
  }
  for (const { payout, amount } of takes) {
    await repo.setReversed(tx, payout.id, amount);
    if (payout.toCompany) continue;
    await repo.unfillWindow(tx, payout.payeeId, amount, payout.createdAt);
    await recordOperation(tx, {
      userId: payout.payeeId,
      operationType: 'bonus',
      bonusType: payout.bonusType as TBonusType,
      currency: 'USDT',
      amount: -amount,
      status: 'completed',
      reference: `payout:${payout.id}:reversal`,
      details: { ...explanationDetails(payout, purchase), reversal: true },
    });
  }
}

/** The partner's lost profit pending now (expired entries are not counted, whatever the job did). */
export const pendingLostProfit = (db: Db, userId: number, now = new Date()) =>
  repo.pendingLostProfitSum(db, userId, now);

/** The expiry job: closes every entry past its deadline, in batches. Returns how many. */
export async function expireLostProfits(db: Db, now = new Date(), batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await db.transaction((tx) => repo.expireLostProfits(tx, now, batch));
    total += count;
    if (count < batch) return total;
  }
}

/**
 * A tariff bought (modules/tariffs confirm, after the window is opened or grown): the partner's
 * pending lost profit is credited oldest first into the window (compensation-plan.md section 5),
 * what fits; the rest stays pending until it expires. One transfer (bonus type lost_profit), one
 * statement line. Returns what was credited.
 */
export async function recoverLostProfit(
  tx: Db,
  userId: number,
  window: { id: number; cap: bigint; earned: bigint },
  reference: string,
  now = new Date(),
): Promise<bigint> {
  const pending = await repo.pendingLostProfits(tx, userId, now, true);
  if (pending.length === 0) return 0n;
  const entries = pending.map((row) => ({
    row,
    amount: row.amount - row.recovered,
    createdAt: row.createdAt,
  }));
  // Entries are pending until expires_at (created_at + 7 days): the engine's deadline is the same.
  const { recovered } = lostProfitRecovery(PLAN, entries, { cap: window.cap, filled: window.earned }, now);
  const credited = recovered.filter((item) => item.amount > 0n);
  const total = credited.reduce((sum, item) => sum + item.amount, 0n);
  if (total === 0n) return 0n;
  const filled = await repo.fillWindows(tx, [{ id: window.id, amount: total }]);
  if (filled.length !== 1) throw new Error(`The cap window of user ${userId} would overflow`);
  for (const item of credited) await repo.recoverLostProfit(tx, item.entry.row.id, item.amount, now);
  await postTransfer(tx, {
    operationType: 'bonus',
    bonusType: 'lost_profit',
    reference: `lost_profit:${reference}`,
    details: { entries: credited.map((item) => item.entry.row.id) },
    legs: [
      leg(companyAccount('USDT', COMPANY_PURPOSES.bonuses), minor(-total, 'USDT')),
      leg(userAccount(userId, 'USDT'), minor(total, 'USDT')),
    ],
  });
  await recordOperation(tx, {
    userId,
    operationType: 'bonus',
    bonusType: 'lost_profit',
    currency: 'USDT',
    amount: total,
    status: 'completed',
    reference: `lost_profit:${reference}`,
    details: { recovered_entries: credited.length },
  });
  return total;
}
