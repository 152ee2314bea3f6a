import type { TCurrency, TProductKind } from '@portal/contracts';

/** A partner's cap window: bonuses stop when `filled` reaches `cap` (5 x the tariff price). */
export type TWindow = { readonly cap: bigint; readonly filled: bigint };

/**
 * A partner as the engine sees them. `mayEarn` = their tariff is Active; `matchingDepth` = the
 * levels their tariff's matching reaches (0 without a tariff); `window` = their open cap window,
 * null when they have none.
 */
export type TMember = {
  readonly userId: string;
  readonly mayEarn: boolean;
  readonly matchingDepth: number;
  readonly window: TWindow | null;
};

/** Windows as filled so far, by user id; overrides `TMember.window` (see credit.ts). */
export type TWindows = ReadonlyMap<string, TWindow>;

export type TLeg = 'left' | 'right';

/** Unpaired volume of a partner's binary legs, and the lifetime volume paired so far. */
export type TLegs = {
  readonly left: bigint;
  readonly right: bigint;
  readonly active: boolean;
  readonly pairedTotal: bigint;
};

export type TBonusType =
  | 'invite'
  | 'binary'
  | 'matching'
  | 'ticket'
  | 'vp'
  | 'promo_owner'
  | 'quick_start'
  | 'qualification'
  | 'leader_pool'
  | 'node_income'
  | 'token_pack_yield'
  | 'hot_winter_gift'
  /** Lost profit recovered into a new tariff's window (section 5). */
  | 'lost_profit';

export type TPurchase = {
  readonly id: string;
  readonly buyerId: string;
  readonly productKind: TProductKind;
  readonly productCode: string;
  /** Volume: the net USDT price paid; 0 for products that carry none. */
  readonly bv: bigint;
  readonly listPrice: bigint;
  readonly netPrice: bigint;
  readonly currency: 'USDT';
  readonly promo?: { readonly ownerId: string; readonly discountBp: number };
};

/** Why a posting happened (compensation-plan.md section 4: source, buyer, level or leg, base, rate, version). */
export type TExplanation = {
  readonly planVersion: string;
  readonly sourcePurchaseId?: string;
  readonly buyerId?: string;
  /** Sponsor level of the payee: above the buyer (vp), or above the source bonus's payee (matching). */
  readonly level?: number;
  readonly leg?: TLeg;
  readonly base: bigint;
  readonly rateBp: number;
  /** The part of the gross that did not fit in the payee's cap window (included in `lost`). */
  readonly capTook: bigint;
  /** For matching: the bonus it matches, and who received it. */
  readonly sourceBonusType?: TBonusType;
  readonly sourcePayeeId?: string;
};

/**
 * One bonus to one payee. gross = credited + lost: `credited` goes to the payee's balance, `lost`
 * becomes their lost profit (section 5). DXN postings (node income, gifts) never lose anything.
 */
export type TPosting = {
  readonly payeeId: string;
  readonly bonusType: TBonusType;
  readonly currency: TCurrency;
  readonly gross: bigint;
  readonly credited: bigint;
  readonly lost: bigint;
  readonly explanation: TExplanation;
};
