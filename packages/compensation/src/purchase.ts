import { pairBinary } from './binary';
import { WindowState } from './credit';
import { applyBp, assertNonNegative } from './money';
import type { TPlan } from './plan';
import type { TLeg, TLegs, TMember, TPosting, TPurchase, TWindows } from './types';

/** One binary ancestor of the buyer receiving the purchase's BV on one leg. */
export type TBinaryAncestor = {
  readonly ancestor: TMember;
  readonly legs: TLegs;
  readonly leg: TLeg;
  /** The ancestor's sponsor upline: level 1 = their mentor .. level 10 (for the matching of their bonus). */
  readonly upline: readonly TMember[];
};

export type TPurchaseContext = {
  /**
   * The buyer's sponsor chain: chain[0] = level 1 = the buyer's mentor, up to 11 levels. Level 1
   * receives the invite (and ticket) bonus; levels 1..3 the VP bonus; levels 2..11 are levels 1..10
   * of the invite payee's upline, who receive the matching of the invite bonus. Fewer entries than
   * 11 = the chain ends (the rest of the shares stay with the company).
   */
  readonly chain: readonly TMember[];
  /** The promo code's owner, when the purchase used a code. */
  readonly promoOwner?: TMember;
  /** The buyer's binary ancestors, nearest first, each with the leg the purchase's BV lands on. */
  readonly binary?: readonly TBinaryAncestor[];
};

export type TPurchaseResult = {
  /** In the plan's order: invite, ticket, vp, promo_owner, binary (nearest first), then matching of each. */
  readonly postings: readonly TPosting[];
  /** Each binary ancestor's legs after the purchase, in the order of `context.binary`. */
  readonly legs: readonly TLegs[];
  /** Windows of the payees after the postings (pass them on to a later computation of the same purchase). */
  readonly windows: TWindows;
  /**
   * netPrice minus every USDT bonus (credited or lost): what the company keeps. It can be negative
   * only when binary pairs volume that waited from earlier purchases.
   */
  readonly companyShare: bigint;
};

type TSource = { readonly purchaseId: string; readonly buyerId: string };

/**
 * The USDT postings a purchase causes (compensation-plan.md section 4). Pure: the caller reads the
 * members, legs and windows, and writes the postings, legs and windows back in one transaction.
 * `windows` = fills already made earlier in the same purchase, if any.
 */
export function purchasePostings(
  plan: TPlan,
  purchase: TPurchase,
  context: TPurchaseContext,
  windows?: TWindows,
): TPurchaseResult {
  validatePurchase(plan, purchase, context);
  const state = new WindowState(windows);
  const source: TSource = { purchaseId: purchase.id, buyerId: purchase.buyerId };
  const explain = { planVersion: plan.version, sourcePurchaseId: purchase.id, buyerId: purchase.buyerId };
  const primary: TPosting[] = [];
  /** Invite and binary postings, each with the upline its matching goes to. */
  const matched: { posting: TPosting; upline: readonly TMember[] }[] = [];
  const post = (posting: TPosting, matchingUpline?: readonly TMember[]) => {
    primary.push(posting);
    if (matchingUpline) matched.push({ posting, upline: matchingUpline });
  };

  const mentor = context.chain[0];
  if (mentor && purchase.bv > 0n) {
    const gross = applyBp(purchase.bv, plan.invite.rateBp);
    const explanation = { ...explain, level: 1, base: purchase.bv, rateBp: plan.invite.rateBp };
    if (gross > 0n) post(state.credit(mentor, 'invite', gross, explanation), context.chain.slice(1));
  }
  if (mentor && purchase.productKind === 'event_ticket') {
    // Base = the price actually paid for the ticket (a discounted ticket pays on what was paid).
    const gross = applyBp(purchase.netPrice, plan.ticket.rateBp);
    const explanation = { ...explain, level: 1, base: purchase.netPrice, rateBp: plan.ticket.rateBp };
    if (gross > 0n) post(state.credit(mentor, 'ticket', gross, explanation));
  }
  if (purchase.productKind === 'validator_key') {
    // Base = the key's USDT price actually paid (1500 USDT, or the USDT value of a DXN payment).
    const gross = applyBp(purchase.netPrice, plan.vp.rateBp);
    context.chain.slice(0, plan.vp.levels).forEach((member, index) => {
      const explanation = { ...explain, level: index + 1, base: purchase.netPrice, rateBp: plan.vp.rateBp };
      if (gross > 0n) post(state.credit(member, 'vp', gross, explanation));
    });
  }
  if (purchase.promo && context.promoOwner) {
    const rateBp = plan.promo.budgetBp - purchase.promo.discountBp;
    const gross = applyBp(purchase.listPrice, rateBp);
    const explanation = { ...explain, base: purchase.listPrice, rateBp };
    if (gross > 0n) post(state.credit(context.promoOwner, 'promo_owner', gross, explanation));
  }
  const legs = (context.binary ?? []).map((entry) => {
    const result = binaryBonus(plan, state, source, entry, purchase.bv);
    if (result.posting) post(result.posting, entry.upline);
    return result.legs;
  });

  const matching = matched.flatMap(({ posting, upline }) =>
    matchingPostings(plan, state, source, posting, upline),
  );
  const postings = [...primary, ...matching];
  const bonuses = postings.reduce((sum, posting) => sum + posting.gross, 0n);
  return { postings, legs, windows: state.snapshot(), companyShare: purchase.netPrice - bonuses };
}

export type TBinaryBatch = TBinaryAncestor & {
  readonly purchaseId: string;
  readonly buyerId: string;
  readonly volume: bigint;
};

/**
 * A batch of volume added to one binary ancestor outside a purchase computation (e.g. volume that
 * waited, paired when the binary turns active: volume 0n): the binary bonus, then its matching
 * over the ancestor's upline.
 */
export function binaryPostings(
  plan: TPlan,
  batch: TBinaryBatch,
  windows?: TWindows,
): { postings: readonly TPosting[]; legs: TLegs; paired: bigint; windows: TWindows } {
  const state = new WindowState(windows);
  const source: TSource = { purchaseId: batch.purchaseId, buyerId: batch.buyerId };
  const { posting, legs, paired } = binaryBonus(plan, state, source, batch, batch.volume);
  const postings = posting ? [posting, ...matchingPostings(plan, state, source, posting, batch.upline)] : [];
  return { postings, legs, paired, windows: state.snapshot() };
}

function binaryBonus(
  plan: TPlan,
  state: WindowState,
  source: TSource,
  entry: TBinaryAncestor,
  volume: bigint,
): { posting: TPosting | null; legs: TLegs; paired: bigint } {
  const { legs, paired, bonusGross } = pairBinary(plan, entry.legs, { leg: entry.leg, volume });
  if (bonusGross === 0n) return { posting: null, legs, paired };
  const posting = state.credit(entry.ancestor, 'binary', bonusGross, {
    planVersion: plan.version,
    sourcePurchaseId: source.purchaseId,
    buyerId: source.buyerId,
    leg: entry.leg,
    base: paired,
    rateBp: plan.binary.rateBp,
  });
  return { posting, legs, paired };
}

/**
 * Matching of one invite or binary posting: 1% of what its payee was credited (the lost part pays
 * no matching) to each upline level k = 1..levels whose depth reaches k. Levels, not generations:
 * a share whose upline's depth is too short, or beyond the end of the chain, stays with the
 * company; a share due to an upline who may not earn is their lost profit.
 */
function matchingPostings(
  plan: TPlan,
  state: WindowState,
  source: TSource,
  posting: TPosting,
  upline: readonly TMember[],
): TPosting[] {
  const base = posting.credited;
  const gross = applyBp(base, plan.matching.rateBp);
  if (gross === 0n) return [];
  return upline.slice(0, plan.matching.levels).flatMap((member, index) => {
    const level = index + 1;
    if (member.matchingDepth < level) return [];
    return [
      state.credit(member, 'matching', gross, {
        planVersion: plan.version,
        sourcePurchaseId: source.purchaseId,
        buyerId: source.buyerId,
        level,
        base,
        rateBp: plan.matching.rateBp,
        sourceBonusType: posting.bonusType,
        sourcePayeeId: posting.payeeId,
      }),
    ];
  });
}

function validatePurchase(plan: TPlan, purchase: TPurchase, context: TPurchaseContext): void {
  for (const [name, amount] of [
    ['bv', purchase.bv],
    ['listPrice', purchase.listPrice],
    ['netPrice', purchase.netPrice],
  ] as const) {
    assertNonNegative(amount, name);
  }
  const carriesBv = (plan.bvKinds as readonly string[]).includes(purchase.productKind);
  if (purchase.bv > 0n && !carriesBv) throw new RangeError(`${purchase.productKind} carries no BV`);
  if (purchase.promo) {
    const { ownerId, discountBp } = purchase.promo;
    if (!plan.promo.discountsBp.includes(discountBp)) throw new RangeError('promo discount not in the plan');
    if (ownerId === purchase.buyerId) throw new RangeError('a promo code cannot be used by its owner');
    if (context.promoOwner?.userId !== ownerId)
      throw new RangeError('context.promoOwner must be the code owner');
  }
}
