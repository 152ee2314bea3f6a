import {
  lostProfitRecovery,
  PLAN_V1,
  purchasePostings,
  type TBonusType as TEngineBonusType,
  type TMember,
  type TPosting,
} from '@portal/compensation';
import { minor, type TBonusType, type TCurrency, type TProductKind } from '@portal/contracts';
import type { Db } from '../../db/client';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, postTransfer, type TLeg } from '../ledger/service';
import type { TPurchaseRow } from '../purchases/service';
import { recordOperation, recordOperations } from '../statement/service';
import * as repo from './repo';
import type { TPayoutRow, TUplineRow } from './repo';

export type { TPayoutRow, TUplineRow };

/** Several users as payees (their open windows and matching depth), for computations of any source. */
export const loadMembers = repo.members;
/** The sponsor chains of several users, nearest first, for the matching of their bonuses. */
export const sponsorChains = repo.sponsorChains;

/** The plan purchases are paid under (packages/compensation). */
export const PLAN = PLAN_V1;

/** A promo code named by the purchase (the promotions issue supplies it): its owner and discount. */
export type TPromoInput = { ownerId: number; discountBp: number };

/** The engine's bonus types under the names of the contracts (api.md bonus types). */
const BONUS_TYPE: Record<TEngineBonusType, TBonusType> = {
  invite: 'invite',
  binary: 'binary',
  matching: 'matching',
  ticket: 'ticket',
  vp: 'vp',
  promo_owner: 'dexid_promo',
  quick_start: 'quick_start',
  qualification: 'qualification',
  leader_pool: 'leader_pool',
  node_income: 'node_income',
  token_pack_yield: 'token_package',
  hot_winter_gift: 'winter_gift',
};

/** A posting's bonus type as the contracts name it: DXN matching is matching_dexnet or annual_matching. */
function bonusTypeOf(posting: TPosting): TBonusType {
  if (posting.bonusType === 'matching' && posting.currency === 'DXN')
    return posting.explanation.sourceBonusType === 'token_pack_yield' ? 'annual_matching' : 'matching_dexnet';
  return BONUS_TYPE[posting.bonusType];
}

const DAY_MS = 24 * 3600 * 1000;

/** The company root earns without a cap: its shares land on company:root_bonuses, never on its user row. */
const ROOT_CAP = 2n ** 62n;

const BONUS_KINDS: readonly TProductKind[] = ['event_ticket', 'validator_key'];

/** The payees of a computation by user id, as read (and re-read under lock) for the engine. */
export type TState = Map<number, TUplineRow>;

/** An upline row as the engine's member: may earn while their window is open and not full. */
export function toMember(row: TUplineRow): TMember {
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

  const result = await computeUnderLocks(tx, state, compute);
  return postBonuses(tx, { key: `purchase:${purchase.id}`, purchase, period: null }, result.postings, state);
}

/** Lock order of a purchase: the rows' `level`, nearest upline first (the promo owner, level 0, last). */
const BY_LEVEL = (a: TUplineRow, b: TUplineRow) => (a.level || 99) - (b.level || 99);

/**
 * Runs `compute` on the windows as read, locks the windows it credits (in `order`: by default the
 * rows' `level`, nearest upline first), runs it again on their locked fill; a window that joins the
 * credited set only then (a fill given back meanwhile) is locked in turn. The result credits only
 * locked windows, so the guarded fill of `postBonuses` cannot fail. `compute` must read the
 * members from `state` each time (toMember(state.get(id))).
 */
export async function computeUnderLocks<T extends { readonly postings: readonly TPosting[] }>(
  tx: Db,
  state: TState,
  compute: () => T,
  order: (a: TUplineRow, b: TUplineRow) => number = BY_LEVEL,
): Promise<T> {
  const locked = new Set<number>();
  let result = compute();
  for (;;) {
    const needed = creditedWindows(result.postings, state, order).filter((id) => !locked.has(id));
    if (needed.length === 0) return result;
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
}

/** The windows the postings credit, in the lock order. */
function creditedWindows(
  postings: readonly TPosting[],
  state: TState,
  order: (a: TUplineRow, b: TUplineRow) => number,
): number[] {
  const credited = new Set(
    postings.filter((p) => p.credited > 0n && p.currency === 'USDT').map((p) => Number(p.payeeId)),
  );
  const rows = [...state.values()].sort(order);
  return rows
    .filter((row) => credited.has(row.userId) && !row.isCompanyRoot && row.windowId !== null)
    .map((row) => row.windowId!);
}

/**
 * What caused a set of postings: a purchase, or a period (a leader pool month, a node income day).
 * `key` is unique per source and names its ledger transfers `bonus:<key>:<type>` (a purchase's key
 * is `purchase:<id>`), so a source is paid once: a second call fails on the taken reference.
 * `details` are added to the transfers' and the statement lines' details (e.g. the rank a
 * qualification bonus rewards).
 */
export type TBonusSource = {
  key: string;
  purchase: TPurchaseRow | null;
  period: string | null;
  details?: Record<string, string | number>;
};

/**
 * Writes an engine's postings in the caller's transaction: (c) one guarded fill per USDT window
 * credited, (a) one ledger transfer per bonus type and currency from company:bonuses, (b) a payouts
 * row per posting with its explanation, (d) lost profit pending 7 days, (e) a statement line per
 * credited payout. Every payee must be in `state` (the company root's shares go to
 * company:root_bonuses); USDT windows credited must have been locked (computeUnderLocks).
 */
export async function postBonuses(
  tx: Db,
  source: TBonusSource,
  postings: readonly TPosting[],
  state: TState,
): Promise<TPayoutRow[]> {
  if (postings.length === 0) return [];
  const now = new Date();
  const { purchase } = source;
  const rowOf = (posting: TPosting) => {
    const row = state.get(Number(posting.payeeId));
    if (!row) throw new Error(`Payee ${posting.payeeId} of ${source.key} is not loaded`);
    return row;
  };

  // (c) The cap fill: one guarded statement for every window credited.
  const fills = new Map<number, bigint>();
  for (const posting of postings) {
    const row = rowOf(posting);
    if (posting.credited === 0n || row.isCompanyRoot || posting.currency !== 'USDT') continue;
    fills.set(row.windowId!, (fills.get(row.windowId!) ?? 0n) + posting.credited);
  }
  const filled = await repo.fillWindows(
    tx,
    [...fills].map(([id, amount]) => ({ id, amount })),
  );
  if (filled.length !== fills.size) throw new Error(`A cap window of ${source.key} would overflow`);

  // (a) One transfer per bonus type and currency: company:bonuses pays every payee of that type.
  const transfers = new Map<string, number>();
  const groups = new Map<string, TPosting[]>();
  for (const posting of postings) {
    if (posting.credited === 0n) continue;
    const group = `${bonusTypeOf(posting)}:${posting.currency}`;
    groups.set(group, [...(groups.get(group) ?? []), posting]);
  }
  for (const [group, list] of groups) {
    const { currency } = list[0]!;
    const type = bonusTypeOf(list[0]!);
    const total = list.reduce((sum, posting) => sum + posting.credited, 0n);
    const legs: TLeg[] = [leg(companyAccount(currency, COMPANY_PURPOSES.bonuses), minor(-total, currency))];
    for (const posting of list) {
      const row = rowOf(posting);
      const account = row.isCompanyRoot
        ? companyAccount(currency, COMPANY_PURPOSES.rootBonuses)
        : userAccount(row.userId, currency);
      legs.push(leg(account, minor(posting.credited, currency)));
    }
    const transfer = await postTransfer(tx, {
      operationType: 'bonus',
      bonusType: type,
      // USDT keeps the purchases' reference `bonus:purchase:<id>:<type>`; another currency is named.
      reference: `bonus:${source.key}:${type}${currency === 'USDT' ? '' : `:${currency}`}`,
      details: {
        ...(purchase
          ? { purchase_id: purchase.id, buyer_id: purchase.userId }
          : { source: source.key, period: source.period }),
        ...source.details,
      },
      legs,
    });
    if (!transfer.created) throw new Error(`Bonuses of ${source.key} were posted before`);
    transfers.set(group, transfer.id);
  }

  // (b) A payouts row per posting, with its explanation.
  const payouts = await repo.insertPayouts(
    tx,
    postings.map((posting) => {
      const { explanation } = posting;
      const type = bonusTypeOf(posting);
      return {
        purchaseId: purchase?.id ?? null,
        period: source.period,
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
        transferId: posting.credited > 0n ? transfers.get(`${type}:${posting.currency}`)! : null,
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
        currency: payout.currency as TCurrency,
        amount: payout.credited,
        status: 'completed' as const,
        reference: `payout:${payout.id}`,
        details: { ...explanationDetails(payout, purchase), ...source.details },
      })),
  );
  return payouts;
}

/** What a statement line shows of a payout (the explanation, issue 8). */
function explanationDetails(payout: TPayoutRow, purchase: TPurchaseRow | null) {
  return {
    payout_id: payout.id,
    purchase_id: purchase?.id ?? null,
    buyer_id: purchase?.userId ?? null,
    kind: purchase?.kind ?? null,
    period: payout.period,
    level: payout.level,
    leg: payout.leg,
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
 *
 * Each payout is reversed once (`reversed_at`): a later call reverses only the payouts posted
 * since, e.g. the binary bonuses the volume worker committed while the refund ran; it names its
 * transfers with `round` (`...:reversal:<round>`), the first call's have no suffix.
 */
export async function reversePurchaseBonuses(
  tx: Db,
  purchase: TPurchaseRow,
  round: string | null = null,
): Promise<void> {
  const reversed = (await repo.markReversed(tx, purchase.id, new Date())).sort((a, b) => a.id - b.id);
  if (reversed.length === 0) return;
  await repo.closeLostProfitsOf(
    tx,
    reversed.map((payout) => payout.id),
    new Date(),
  );
  for (const currency of ['USDT', 'DXN'] as const) {
    const credited = reversed.filter((payout) => payout.credited > 0n && payout.currency === currency);
    await reverseCredited(tx, purchase, currency, credited, round);
  }
}

/** Takes back one currency's credited payouts of a refunded purchase (see reversePurchaseBonuses). */
async function reverseCredited(
  tx: Db,
  purchase: TPurchaseRow,
  currency: TCurrency,
  credited: TPayoutRow[],
  round: string | null,
): Promise<void> {
  const payees = [...new Set(credited.filter((p) => !p.toCompany).map((p) => p.payeeId))];
  const available = await repo.lockBalances(tx, payees, currency);
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
    const legs: TLeg[] = [leg(companyAccount(currency, COMPANY_PURPOSES.bonuses), minor(total, currency))];
    for (const { payout, amount } of list) {
      const account = payout.toCompany
        ? companyAccount(currency, COMPANY_PURPOSES.rootBonuses)
        : userAccount(payout.payeeId, currency);
      legs.push(leg(account, minor(-amount, currency)));
    }
    await postTransfer(tx, {
      operationType: 'bonus',
      bonusType: type as TBonusType,
      reference: `bonus:purchase:${purchase.id}:${type}${currency === 'USDT' ? '' : `:${currency}`}:reversal${round ? `:${round}` : ''}`,
      details: { purchase_id: purchase.id, reversal: true },
      legs,
    });
  }
  for (const { payout, amount } of takes) {
    await repo.setReversed(tx, payout.id, amount);
    if (payout.toCompany) continue;
    if (currency === 'USDT') await repo.unfillWindow(tx, payout.payeeId, amount, payout.createdAt);
    await recordOperation(tx, {
      userId: payout.payeeId,
      operationType: 'bonus',
      bonusType: payout.bonusType as TBonusType,
      currency,
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
