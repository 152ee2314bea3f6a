import type { TCurrency } from '@portal/contracts';

/**
 * What a user's ledger account is for. `main` holds the spendable USDT and DXN balances; DFT is
 * `dft_locked` until 1/12 unlocks into `dft_available` (compensation-plan.md section 4); a
 * withdrawal's amount and fee wait in `withdrawal_hold` until it is sent or rejected; a token
 * pack's DXN waits in `token_pack_locked` until the pack ends (modules/products).
 */
export const USER_PURPOSES = [
  'main',
  'dft_locked',
  'dft_available',
  'withdrawal_hold',
  'token_pack_locked',
] as const;
export type TUserPurpose = (typeof USER_PURPOSES)[number];

/**
 * The company's side of every movement. Their balances are not kept on the row (they change with
 * every partner's movement, and would make every transfer queue on one row): the admin health
 * call sums their postings instead. They may go below zero: `chain` and `card` stand for money
 * outside the ledger.
 */
export const COMPANY_PURPOSES = {
  /** Funds on the chain: deposits arrive from it, sent withdrawals leave to it. */
  chain: 'company:chain',
  /** Settlements with the card payment provider. */
  card: 'company:card',
  withdrawalFees: 'company:withdrawal_fees',
  adjustments: 'company:adjustments',
  /** DFT granted with purchases, and DFT moved to DexNet. */
  dftIssued: 'company:dft_issued',
  dftRedeemed: 'company:dft_redeemed',
  /** DexNet tokens given for redeemed DFT. */
  dxnIssued: 'company:dxn_issued',
  /** What partners paid for purchases; refunds return from it. */
  sales: 'company:sales',
  /** Sold gift certificates not yet activated or returned: the company owes them. */
  giftCertificates: 'company:gift_certificates',
  /** DXN the company pays out as product yields (token packs, validator fee shares). */
  productYields: 'company:product_yields',
  /** The chain fees shared daily among activated validator keys (they come from outside the ledger). */
  validatorFees: 'company:validator_fees',
  /**
   * The company pays USDT bonuses out of it (modules/compensation): it goes below zero by every
   * bonus credited, so sales stay what partners paid and this is the plan's cost.
   */
  bonuses: 'company:bonuses',
  /** Bonus shares due to the company root user: the company keeps them here, never on a user row. */
  rootBonuses: 'company:root_bonuses',
  /**
   * What partners owe for reversed bonuses they had already withdrawn or spent (compensation-plan.md
   * 5a): below zero by the open debts, back up as their next bonuses repay them.
   */
  bonusDebts: 'company:bonus_debts',
} as const;
export type TCompanyPurpose = (typeof COMPANY_PURPOSES)[keyof typeof COMPANY_PURPOSES];

export type TAccountRef<C extends TCurrency = TCurrency> =
  | { userId: number; currency: C; purpose: TUserPurpose }
  | { userId: null; currency: C; purpose: TCompanyPurpose };

export type TUserAccountRef<C extends TCurrency = TCurrency> = Extract<TAccountRef<C>, { userId: number }>;

export const userAccount = <C extends TCurrency>(
  userId: number,
  currency: C,
  purpose: TUserPurpose = 'main',
): TUserAccountRef<C> => ({
  userId,
  currency,
  purpose,
});

export const companyAccount = <C extends TCurrency>(
  currency: C,
  purpose: TCompanyPurpose,
): TAccountRef<C> => ({
  userId: null,
  currency,
  purpose,
});

/** Bonus types whose lifetime totals the header shows apart from "other bonuses" (api.md). */
export const MATCHING_BONUS_TYPES = ['matching', 'matching_dexnet', 'annual_matching'] as const;
export const VP_BONUS_TYPES = ['vp'] as const;
