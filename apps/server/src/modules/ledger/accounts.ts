import type { TCurrency } from '@portal/contracts';

/**
 * What a user's ledger account is for. `main` holds the spendable USDT and DXN balances; DFT is
 * `dft_locked` until 1/12 unlocks into `dft_available` (compensation-plan.md section 4).
 */
export const USER_PURPOSES = ['main', 'dft_locked', 'dft_available', 'withdrawal_hold'] as const;
export type TUserPurpose = (typeof USER_PURPOSES)[number];

export type TAccountRef = { userId: number; currency: TCurrency; purpose: TUserPurpose };

/** Bonus types whose lifetime totals the header shows apart from "other bonuses" (api.md). */
export const MATCHING_BONUS_TYPES = ['matching', 'matching_dexnet', 'annual_matching'] as const;
export const VP_BONUS_TYPES = ['vp'] as const;
