import type { TActivePackage, TProfile, TReferralStructureInfo } from '@portal/contracts';
import { isAboveZero } from '../../../lib/format';

export const NEXT_STEPS = ['deposit', 'tariff', 'invite'] as const;
export type TNextStep = (typeof NEXT_STEPS)[number];

/**
 * A new partner's first steps and which are done, from what the dashboard reads anyway: money on
 * the balance (or a tariff already bought with it), a tariff, a partner in the first line. Null
 * until all three are known.
 */
export function nextSteps(
  profile: Pick<TProfile, 'balances'> | undefined,
  active: Pick<TActivePackage, 'package'> | undefined,
  structure: Pick<TReferralStructureInfo, 'users_count_first_line'> | undefined,
): Record<TNextStep, boolean> | null {
  if (!profile || !active || !structure) return null;
  const tariff = active.package !== null;
  return {
    deposit: tariff || isAboveZero(profile.balances.usdt),
    tariff,
    invite: structure.users_count_first_line > 0,
  };
}
