import type { TCurrency, TProductKind } from '@portal/contracts';
import { fitInWindow } from './credit';
import { type FoldState, type TFoldPartner, type TFoldWindow, type TPostingRecord } from './fold-state';
import { applyBp, FULL_BP } from './money';
import { leaderPool, rankReached } from './periodic';
import type { TPlan } from './plan';
import type { TBonusType, TLeg } from './types';

/**
 * The ordered fold (compensation-plan.md sections 4, 5, 5a): every bonus is computed here, one
 * recorded event after another in the order the events were committed, on a FoldState that only
 * this fold changes. Pure: the same events on the same state give the same postings to the last
 * minor unit, whoever runs it and however the events are batched.
 *
 * Within a purchase the postings come in the plan's order: lost profit recovered into a new tariff's
 * window; the invite, then its matching; the binary bonuses, nearest ancestor first, each followed
 * by its matching; the promo code owner's bonus, the ticket bonus and VP; quick start (the buyer,
 * then their inviter); qualification (nearest ancestor first, lowest rank first); the Hot Winter gift.
 */

const DAY_MS = 86_400_000;

/** What a tariff purchase does to the buyer's cap window (decided and recorded at checkout). */
export type TTariffChange = {
  readonly kind: 'new' | 'renewal' | 'upgrade';
  /** The tariff bought: its product (id and code), matching depth and full price (an upgrade to 500 is a 500). */
  readonly productId: string;
  readonly code: string;
  readonly depth: number;
  readonly price: bigint;
  /** What the window opens with or grows by: 5 x the list price paid (the difference for an upgrade). */
  readonly capGrowth: bigint;
};

export type TFoldPurchase = {
  readonly kind: 'purchase';
  readonly id: string;
  readonly at: Date;
  readonly purchaseId: string;
  readonly buyerId: string;
  readonly productKind: TProductKind;
  /** Volume: the net USDT value paid, for the kinds that carry it (section 1). */
  readonly bv: bigint;
  readonly listPrice: bigint;
  /** The USDT value paid (a DXN payment at its quote). */
  readonly netPrice: bigint;
  readonly promo?: { readonly ownerId: string; readonly discountBp: number } | null;
  readonly tariff?: TTariffChange | null;
  /** The purchase fell inside the configured Hot Winter window. */
  readonly winter?: boolean;
};

export type TFoldEvent =
  | TFoldPurchase
  | { readonly kind: 'refund'; readonly id: string; readonly at: Date; readonly purchaseId: string }
  /** An operator moved a partner to another mentor (allowed before their first tariff). */
  | {
      readonly kind: 'mentor';
      readonly id: string;
      readonly at: Date;
      readonly userId: string;
      readonly mentorId: string | null;
    }
  /** A calendar month's leader pool: 1% of its company BV (recorded when the month closed). */
  | {
      readonly kind: 'leader_pool';
      readonly id: string;
      readonly at: Date;
      readonly period: string;
      readonly bv: bigint;
    };

export type TFoldBonusType = TBonusType;

/**
 * One posting of the fold. A credit has gross = credited + lost >= 0; a reversal (`reversesRef`)
 * has them negative: what it takes back (credited) and what it cancels of the lost part (lost).
 */
export type TFoldPosting = {
  /** `<event id>:<ordinal>`. */
  readonly ref: string;
  readonly eventId: string;
  /** Its place in its event's order, from 1. */
  readonly ordinal: number;
  readonly payeeId: string;
  readonly bonusType: TFoldBonusType;
  readonly currency: TCurrency;
  readonly gross: bigint;
  readonly credited: bigint;
  readonly lost: bigint;
  /** To the company root: lands on a company account, never a window, no lost profit. */
  readonly toCompany: boolean;
  readonly purchaseId: string | null;
  readonly buyerId: string | null;
  /** Leader pool month or `rank:<Name>`, for bonuses no purchase names alone. */
  readonly period: string | null;
  readonly level: number | null;
  readonly leg: TLeg | null;
  readonly base: bigint;
  readonly rateBp: number;
  /** Of the lost part, what did not fit in the window (0 when the payee could not earn at all). */
  readonly capTook: bigint;
  readonly planVersion: string;
  /** Matching: the posting it matches. */
  readonly sourceRef: string | null;
  readonly sourceBonusType: TFoldBonusType | null;
  readonly sourcePayeeId: string | null;
  /** A reversal: the posting it reverses. */
  readonly reversesRef: string | null;
  /** Recovered lost profit: the posting whose lost part it recovers. */
  readonly recoversRef: string | null;
  /** The window the credited part filled, or a reversal gave room back in. */
  readonly windowKey: string | null;
  /** Of what was credited, the part that repaid the payee's debt (USDT). */
  readonly debtRepaid: bigint;
  /** A reversal: what it took from the payee's balance, and what became debt (USDT; DXN is not chased). */
  readonly taken: bigint;
  readonly debt: bigint;
};

export type TFoldOptions = {
  /**
   * A refund's reversals take back what the payee holds: the payee's spendable balance of that
   * currency when the refund is folded (the server reads it under lock; the replay audit gives
   * what was taken then). The rest of a USDT reversal becomes debt. By default: all of it is held.
   */
  readonly available?: (userId: string, currency: TCurrency) => bigint;
};

/** Bonuses a refund reverses with the purchase (section 5a); quick start and ranks reached stay. */
const REVERSED_WITH_PURCHASE: readonly TFoldBonusType[] = [
  'invite',
  'ticket',
  'vp',
  'promo_owner',
  'hot_winter_gift',
];

/** Purchases that count towards the buyer's mentor's binary activation (a tariff or a device). */
const ACTIVATING: readonly TProductKind[] = ['tariff', 'device'];

/**
 * What a tariff purchase does to the buyer's window (section 2): an upgrade grows the open window
 * by its cap growth and names the higher tariff; a new tariff or a renewal (or an upgrade of a
 * window no longer held) closes the open one, if any, and opens a window of its own. Changes
 * `held` in place; answers the window closed, if any, and the one open after.
 */
export function applyTariff(
  held: TFoldWindow | null,
  tariff: TTariffChange,
  by: { readonly userId: string; readonly eventId: string; readonly at: Date },
): { closed: TFoldWindow | null; open: TFoldWindow } {
  if (tariff.kind === 'upgrade' && held) {
    Object.assign(held, {
      cap: held.cap + tariff.capGrowth,
      code: tariff.code,
      productId: tariff.productId,
      depth: tariff.depth,
      price: tariff.price,
    });
    return { closed: null, open: held };
  }
  if (held) held.closedAt = by.at;
  return {
    closed: held,
    open: {
      key: `w:${by.eventId}`,
      userId: by.userId,
      cap: tariff.capGrowth,
      filled: 0n,
      code: tariff.code,
      productId: tariff.productId,
      depth: tariff.depth,
      price: tariff.price,
      openedAt: by.at,
      closedAt: null,
    },
  };
}

/** Folds one event on `state` (changed in place, the changes marked dirty); its postings, in order. */
export function foldEvent(
  plan: TPlan,
  state: FoldState,
  event: TFoldEvent,
  options: TFoldOptions = {},
): TFoldPosting[] {
  const run = new EventRun(plan, state, event, options);
  switch (event.kind) {
    case 'purchase':
      run.purchase(event);
      break;
    case 'refund':
      run.refund(event.purchaseId);
      break;
    case 'mentor':
      state.setMentor(event.userId, event.mentorId);
      break;
    case 'leader_pool':
      run.leaderPool(event.period, event.bv);
      break;
  }
  return run.postings;
}

type TExplain = {
  level?: number | null;
  leg?: TLeg | null;
  base: bigint;
  rateBp: number;
  sourceRef?: string | null;
  sourceBonusType?: TFoldBonusType | null;
  sourcePayeeId?: string | null;
  recoversRef?: string | null;
  period?: string | null;
};

/** The postings of one event, numbered in order, and the rules that make them. */
class EventRun {
  readonly postings: TFoldPosting[] = [];
  readonly #held = new Map<string, bigint>();
  #purchaseId: string | null = null;
  #buyerId: string | null = null;

  constructor(
    readonly plan: TPlan,
    readonly state: FoldState,
    readonly event: TFoldEvent,
    readonly options: TFoldOptions,
  ) {}

  // ---- a purchase --------------------------------------------------------------------------------

  purchase(event: TFoldPurchase): void {
    const { plan, state } = this;
    this.#purchaseId = event.purchaseId;
    this.#buyerId = event.buyerId;
    state.addPurchase(
      {
        purchaseId: event.purchaseId,
        eventId: event.id,
        buyerId: event.buyerId,
        bv: event.bv,
        refunded: false,
      },
      { isNew: true },
    );
    const buyer = state.touch(event.buyerId);
    const mentorId = state.mentorOf(event.buyerId);

    // A tariff opens or grows the window, then recovers lost profit into it (section 5).
    if (event.tariff) {
      this.#changeWindow(buyer, event.tariff);
      buyer.firstTariffAt ??= event.at;
      this.#recoverLostProfit(buyer);
    }

    // The invite, then its matching.
    if (mentorId !== null && event.bv > 0n) {
      const invite = this.credit(mentorId, 'invite', applyBp(event.bv, plan.invite.rateBp), {
        level: 1,
        base: event.bv,
        rateBp: plan.invite.rateBp,
      });
      if (invite) this.#matching(invite);
    }

    // The binary: activation first, so that a purchase that activates its mentor pairs at the
    // mentor's own place in the walk; then every ancestor, nearest first.
    let activated: string | null = null;
    if (ACTIVATING.includes(event.productKind) && !buyer.legs.counted) {
      buyer.legs.counted = true;
      if (mentorId !== null) {
        const mentor = state.touch(mentorId);
        mentor.legs.invitedBuyers += 1;
        if (!mentor.legs.active && mentor.legs.invitedBuyers >= plan.binary.activationBuyers) {
          mentor.legs.active = true;
          activated = mentorId;
        }
      }
    }
    const path = event.bv > 0n ? state.path(event.buyerId) : [];
    // The ancestors, as the walk found them, for the ranks below (a walk of thousands, twice).
    const ancestors = path.map((step) => this.#addVolume(step, event.bv));
    if (activated !== null && !path.some((step) => step.id === activated)) this.#pair(activated, null);

    // The promo code owner, the ticket bonus, VP.
    if (event.promo) this.#promoOwner(event);
    if (mentorId !== null && event.productKind === 'event_ticket') {
      this.credit(mentorId, 'ticket', applyBp(event.netPrice, plan.ticket.rateBp), {
        level: 1,
        base: event.netPrice,
        rateBp: plan.ticket.rateBp,
      });
    }
    if (event.productKind === 'validator_key') {
      state.upline(event.buyerId, plan.vp.levels).forEach((payee, index) => {
        this.credit(payee, 'vp', applyBp(event.netPrice, plan.vp.rateBp), {
          level: index + 1,
          base: event.netPrice,
          rateBp: plan.vp.rateBp,
        });
      });
    }

    // Quick start: the buyer, then their inviter (a partner under the company root has none).
    if (event.tariff) {
      const inviter = mentorId !== null && !state.isRoot(mentorId) ? mentorId : null;
      if (
        inviter !== null &&
        event.tariff.price >= plan.quickStart.minInviteeTariffPrice &&
        !buyer.qsCounted
      ) {
        buyer.qsCounted = true;
        const mentor = state.touch(inviter);
        const deadline = mentor.firstTariffAt
          ? mentor.firstTariffAt.getTime() + plan.quickStart.withinDays * DAY_MS
          : Infinity;
        if (event.at.getTime() <= deadline) mentor.qsInvitees += 1;
      }
      this.#quickStart(event.buyerId);
      if (inviter !== null) this.#quickStart(inviter);
    }

    // Qualification: every ancestor whose weaker leg passed a rank, nearest first.
    for (const ancestor of ancestors) this.#ranks(ancestor);

    // The Hot Winter gift: once per invited partner, in DXN.
    if (event.tariff && event.winter && mentorId !== null && !state.isRoot(mentorId) && !buyer.winterGiven) {
      buyer.winterGiven = true;
      this.#post({
        payeeId: mentorId,
        bonusType: 'hot_winter_gift',
        currency: 'DXN',
        gross: plan.hotWinter.gift,
        credited: plan.hotWinter.gift,
        lost: 0n,
        toCompany: false,
        capTook: 0n,
        windowKey: null,
        debtRepaid: 0n,
        explain: { base: plan.hotWinter.gift, rateBp: FULL_BP },
      });
    }
  }

  #changeWindow(buyer: TFoldPartner, tariff: TTariffChange): void {
    const { closed, open } = applyTariff(buyer.window, tariff, {
      userId: buyer.id,
      eventId: this.event.id,
      at: this.event.at,
    });
    if (closed) this.state.changedWindow(closed);
    buyer.window = open;
    this.state.changedWindow(open);
  }

  /** Pending lost profit (at most 7 days old), oldest first, into the new window; one posting per entry. */
  #recoverLostProfit(buyer: TFoldPartner): void {
    const at = this.event.at.getTime();
    const limit = at - this.plan.lostProfitDays * DAY_MS;
    const entries = this.state
      .lostEntriesOf(buyer.id)
      .filter((entry) => entry.createdAt.getTime() >= limit && entry.createdAt.getTime() <= at)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const entry of entries) {
      const window = buyer.window!;
      const pending = entry.amount - entry.recovered - entry.dropped;
      const room = window.cap - window.filled;
      const amount = pending < room ? pending : room;
      if (amount <= 0n) continue;
      entry.recovered += amount;
      this.state.changedLost(entry);
      window.filled += amount;
      this.state.changedWindow(window);
      this.#post({
        payeeId: buyer.id,
        bonusType: 'lost_profit',
        currency: 'USDT',
        gross: amount,
        credited: amount,
        lost: 0n,
        toCompany: false,
        capTook: 0n,
        windowKey: window.key,
        debtRepaid: this.#repay(buyer, amount),
        explain: { base: amount, rateBp: FULL_BP, recoversRef: entry.ref },
      });
    }
  }

  /** Adds the volume to the ancestor's leg, pairs it when active; answers the ancestor. */
  #addVolume(step: { readonly id: string; readonly leg: TLeg }, volume: bigint): TFoldPartner {
    const { id, leg } = step;
    const ancestor = this.state.touchStep(step);
    const legs = ancestor.legs;
    if (leg === 'left') {
      legs.leftUnpaid += volume;
      legs.leftTotal += volume;
    } else {
      legs.rightUnpaid += volume;
      legs.rightTotal += volume;
    }
    if (legs.active) this.#pair(id, leg);
    return ancestor;
  }

  /** Pairs what waits in both legs of an active partner: 10% of the newly paired volume, rounded down. */
  #pair(id: string, leg: TLeg | null): void {
    const legs = this.state.touch(id).legs;
    const paired = legs.leftUnpaid < legs.rightUnpaid ? legs.leftUnpaid : legs.rightUnpaid;
    if (paired === 0n) return;
    legs.leftUnpaid -= paired;
    legs.rightUnpaid -= paired;
    legs.pairedTotal += paired;
    const rateBp = this.plan.binary.rateBp;
    const bonus = this.credit(id, 'binary', applyBp(paired, rateBp), { leg, base: paired, rateBp });
    if (bonus) this.#matching(bonus);
  }

  #promoOwner(event: TFoldPurchase): void {
    const promo = event.promo!;
    const { plan } = this;
    // Checked at checkout; a code that breaks the plan's rules pays its owner nothing here.
    if (promo.ownerId === event.buyerId || !plan.promo.discountsBp.includes(promo.discountBp)) return;
    const rateBp = plan.promo.budgetBp - promo.discountBp;
    this.credit(promo.ownerId, 'promo_owner', applyBp(event.listPrice, rateBp), {
      base: event.listPrice,
      rateBp,
    });
  }

  #quickStart(id: string): void {
    const partner = this.state.touch(id);
    const rule = this.plan.quickStart;
    if (partner.qsPaid || !partner.window || partner.window.price < rule.minTariffPrice) return;
    if (partner.qsInvitees < rule.invitees) return;
    partner.qsPaid = true;
    this.credit(id, 'quick_start', rule.amount, { base: rule.amount, rateBp: FULL_BP });
  }

  #ranks(partner: TFoldPartner): void {
    const { id } = partner;
    const { leftTotal, rightTotal, rank } = partner.legs;
    const weaker = leftTotal < rightTotal ? leftTotal : rightTotal;
    const reached = rankReached(this.plan, weaker, rank);
    if (reached.length === 0 || this.state.isRoot(id)) return;
    for (const next of reached) {
      this.state.setRank(id, next.name);
      this.credit(id, 'qualification', next.bonus, {
        base: next.bonus,
        rateBp: FULL_BP,
        period: `rank:${next.name}`,
      });
    }
  }

  leaderPool(period: string, bv: bigint): void {
    const diamonds = this.state.holdersOf(this.plan.leaderPool.rank);
    const pool = leaderPool(this.plan, bv, diamonds);
    for (const id of pool.payees) {
      this.credit(id, 'leader_pool', pool.share, { base: bv, rateBp: this.plan.leaderPool.rateBp, period });
    }
  }

  // ---- crediting ---------------------------------------------------------------------------------

  /**
   * A USDT bonus of `gross` to `payeeId`: what fits in their open window is credited and fills it
   * (repaying their debt first), the rest is lost profit for 7 days; all of it is lost when they
   * may not earn (no window, or a full one). The company root earns without a cap. Null for 0.
   */
  credit(payeeId: string, bonusType: TFoldBonusType, gross: bigint, explain: TExplain): TFoldPosting | null {
    if (gross <= 0n) return null;
    const payee = this.state.touch(payeeId);
    if (payee.root) {
      return this.#post({
        payeeId,
        bonusType,
        currency: 'USDT',
        gross,
        credited: gross,
        lost: 0n,
        toCompany: true,
        capTook: 0n,
        windowKey: null,
        debtRepaid: 0n,
        explain,
      });
    }
    const window = payee.window;
    const { credited, lost, capTook } = fitInWindow(window, gross);
    if (credited > 0n) {
      window!.filled += credited;
      this.state.changedWindow(window!);
    }
    const posting = this.#post({
      payeeId,
      bonusType,
      currency: 'USDT',
      gross,
      credited,
      lost,
      toCompany: false,
      capTook,
      windowKey: credited > 0n ? window!.key : null,
      debtRepaid: this.#repay(payee, credited),
      explain,
    });
    if (lost > 0n) {
      this.state.addLost(
        {
          ref: posting.ref,
          userId: payeeId,
          amount: lost,
          recovered: 0n,
          dropped: 0n,
          createdAt: this.event.at,
          expiresAt: new Date(this.event.at.getTime() + this.plan.lostProfitDays * DAY_MS),
        },
        { isNew: true },
      );
    }
    return posting;
  }

  /** Matching of an invite or binary bonus: 1% of what was credited to each upline level its depth reaches. */
  #matching(source: TFoldPosting): void {
    const { plan, state } = this;
    const share = applyBp(source.credited, plan.matching.rateBp);
    if (share === 0n) return;
    state.upline(source.payeeId, plan.matching.levels).forEach((uplineId, index) => {
      const level = index + 1;
      if (this.#depth(uplineId) < level) return;
      this.credit(uplineId, 'matching', share, {
        level,
        base: source.credited,
        rateBp: plan.matching.rateBp,
        sourceRef: source.ref,
        sourceBonusType: source.bonusType,
        sourcePayeeId: source.payeeId,
      });
    });
  }

  #depth(id: string): number {
    if (this.state.isRoot(id)) return this.plan.matching.levels;
    return this.state.partner(id).window?.depth ?? 0;
  }

  /** Of `amount` credited to `payee`, what repays their open debt (oldest first). */
  #repay(payee: TFoldPartner, amount: bigint): bigint {
    if (payee.debt === 0n || amount === 0n) return 0n;
    const repaid = amount < payee.debt ? amount : payee.debt;
    payee.debt -= repaid;
    let left = repaid;
    for (const debt of this.state.openDebtsOf(payee.id)) {
      if (left === 0n) break;
      const part = debt.amount - debt.repaid < left ? debt.amount - debt.repaid : left;
      debt.repaid += part;
      left -= part;
      this.state.changedDebt(debt);
    }
    if (left !== 0n) throw new Error(`The open debts of ${payee.id} do not add up to its debt`);
    return repaid;
  }

  // ---- a refund (section 5a) ---------------------------------------------------------------------

  refund(purchaseId: string): void {
    const { state, plan } = this;
    const purchase = state.purchase(purchaseId);
    // A purchase that paid no bonuses (a validator key never activated) has nothing to reverse.
    if (!purchase || purchase.refunded) return;
    purchase.refunded = true;
    state.dirty.purchases.add(purchaseId);
    this.#purchaseId = purchaseId;
    this.#buyerId = purchase.buyerId;

    // Its invite, promo owner's bonus, ticket bonus and VP, each with the matching it gave.
    for (const record of state.postingsOfEvent(purchase.eventId)) {
      if (record.sourceRef !== null || !REVERSED_WITH_PURCHASE.includes(record.bonusType)) continue;
      this.#reverse(record, record.gross - record.reversedGross);
      this.#reverseMatching(record);
      // The Hot Winter gift it gave is undone: the buyer's next tariff in the window gives it again.
      if (record.bonusType === 'hot_winter_gift') state.touch(purchase.buyerId).winterGiven = false;
    }

    // Its volume leaves every leg it joined: from what waits first; the rest had paired, so that
    // pairing is undone and 10% of it is reversed from the ancestor, with the matching it gave.
    if (purchase.bv === 0n) return;
    for (const step of state.path(purchase.buyerId)) {
      const legs = state.touch(step.id).legs;
      const unpaid = step.leg === 'left' ? legs.leftUnpaid : legs.rightUnpaid;
      const fromUnpaid = unpaid < purchase.bv ? unpaid : purchase.bv;
      const undone = purchase.bv - fromUnpaid;
      if (step.leg === 'left') {
        legs.leftUnpaid -= fromUnpaid;
        legs.leftTotal -= purchase.bv;
        legs.rightUnpaid += undone;
      } else {
        legs.rightUnpaid -= fromUnpaid;
        legs.rightTotal -= purchase.bv;
        legs.leftUnpaid += undone;
      }
      legs.pairedTotal -= undone;
      if (undone > 0n) this.#reverseBinary(step.id, applyBp(undone, plan.binary.rateBp));
    }
  }

  /** Reverses `amount` of a partner's binary bonuses, newest first, each with its matching. */
  #reverseBinary(id: string, amount: bigint): void {
    let left = amount;
    const records = this.state.binaryPostingsOf(id);
    for (let index = records.length - 1; index >= 0 && left > 0n; index--) {
      const record = records[index]!;
      const open = record.gross - record.reversedGross;
      if (open <= 0n) continue;
      const part = open < left ? open : left;
      left -= part;
      this.#reverse(record, part);
      this.#reverseMatching(record);
    }
  }

  /**
   * Reverses `amount` of a posting's gross: first of what was credited (taken back from the
   * payee's balance, the rest a debt; the room goes back to the window it filled if that window
   * is still open), then of what was lost (the part still pending as lost profit is dropped).
   */
  #reverse(record: TPostingRecord, amount: bigint): void {
    if (amount <= 0n) return;
    const { state } = this;
    const openCredited = record.credited - record.reversedCredited;
    const credited = amount < openCredited ? amount : openCredited;
    const lost = amount - credited;
    record.reversedGross += amount;
    record.reversedCredited += credited;
    state.reversed(record);

    let taken = credited;
    let debt = 0n;
    let windowKey: string | null = null;
    if (!record.toCompany && credited > 0n) {
      const payee = state.touch(record.payeeId);
      if (record.currency === 'USDT' && record.windowKey !== null && payee.window?.key === record.windowKey) {
        payee.window.filled = payee.window.filled > credited ? payee.window.filled - credited : 0n;
        state.changedWindow(payee.window);
        windowKey = record.windowKey;
      }
      const held = this.#heldBy(record.payeeId, record.currency);
      taken = held < credited ? held : credited;
      this.#held.set(`${record.payeeId}:${record.currency}`, held - taken);
      if (record.currency === 'USDT') {
        debt = credited - taken;
        if (debt > 0n) payee.debt += debt;
      }
    }
    const entry = state.lostOfPosting(record.ref);
    if (lost > 0n && entry && entry.expiresAt.getTime() >= this.event.at.getTime()) {
      const pending = entry.amount - entry.recovered - entry.dropped;
      const dropped = pending < lost ? pending : lost;
      if (dropped > 0n) {
        entry.dropped += dropped;
        state.changedLost(entry);
      }
    }
    const posting = this.#post({
      payeeId: record.payeeId,
      bonusType: record.bonusType,
      currency: record.currency,
      gross: -amount,
      credited: -credited,
      lost: -lost,
      toCompany: record.toCompany,
      capTook: 0n,
      windowKey,
      debtRepaid: 0n,
      taken,
      debt,
      reversesRef: record.ref,
      explain: {
        level: record.level,
        leg: record.leg,
        base: record.base,
        rateBp: record.rateBp,
        sourceRef: record.sourceRef,
      },
    });
    if (debt > 0n) {
      state.addDebt(
        { ref: posting.ref, userId: record.payeeId, amount: debt, repaid: 0n, createdAt: this.event.at },
        { isNew: true },
      );
    }
  }

  /** The matching a posting gave, brought down to 1% of what stays credited of it. */
  #reverseMatching(source: TPostingRecord): void {
    const due = applyBp(source.credited - source.reversedCredited, this.plan.matching.rateBp);
    for (const matching of this.state.matchingOf(source.ref)) {
      const over = matching.gross - matching.reversedGross - due;
      if (over > 0n) this.#reverse(matching, over);
    }
  }

  #heldBy(userId: string, currency: TCurrency): bigint {
    const key = `${userId}:${currency}`;
    let held = this.#held.get(key);
    if (held === undefined) {
      held = this.options.available ? this.options.available(userId, currency) : 2n ** 62n;
      this.#held.set(key, held);
    }
    return held;
  }

  // ---- the postings ------------------------------------------------------------------------------

  #post(input: {
    payeeId: string;
    bonusType: TFoldBonusType;
    currency: TCurrency;
    gross: bigint;
    credited: bigint;
    lost: bigint;
    toCompany: boolean;
    capTook: bigint;
    windowKey: string | null;
    debtRepaid: bigint;
    taken?: bigint;
    debt?: bigint;
    reversesRef?: string;
    explain: TExplain;
  }): TFoldPosting {
    const ordinal = this.postings.length + 1;
    const { explain } = input;
    const posting: TFoldPosting = {
      ref: `${this.event.id}:${ordinal}`,
      eventId: this.event.id,
      ordinal,
      payeeId: input.payeeId,
      bonusType: input.bonusType,
      currency: input.currency,
      gross: input.gross,
      credited: input.credited,
      lost: input.lost,
      toCompany: input.toCompany,
      purchaseId: this.#purchaseId,
      buyerId: this.#buyerId,
      period: explain.period ?? (this.event.kind === 'leader_pool' ? this.event.period : null),
      level: explain.level ?? null,
      leg: explain.leg ?? null,
      base: explain.base,
      rateBp: explain.rateBp,
      capTook: input.capTook,
      planVersion: this.plan.version,
      sourceRef: explain.sourceRef ?? null,
      sourceBonusType: explain.sourceBonusType ?? null,
      sourcePayeeId: explain.sourcePayeeId ?? null,
      reversesRef: input.reversesRef ?? null,
      recoversRef: explain.recoversRef ?? null,
      windowKey: input.windowKey,
      debtRepaid: input.debtRepaid,
      taken: input.taken ?? 0n,
      debt: input.debt ?? 0n,
    };
    this.postings.push(posting);
    // Credits are kept for the reversals a later refund may make of them.
    if (posting.reversesRef === null) {
      this.state.addPosting({
        ref: posting.ref,
        eventId: posting.eventId,
        payeeId: posting.payeeId,
        bonusType: posting.bonusType,
        currency: posting.currency,
        gross: posting.gross,
        credited: posting.credited,
        lost: posting.lost,
        toCompany: posting.toCompany,
        windowKey: posting.windowKey,
        sourceRef: posting.sourceRef,
        leg: posting.leg,
        level: posting.level,
        base: posting.base,
        rateBp: posting.rateBp,
        reversedGross: 0n,
        reversedCredited: 0n,
      });
    }
    return posting;
  }
}
