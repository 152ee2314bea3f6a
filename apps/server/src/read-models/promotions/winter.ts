import type { TWinterIneligibility, TWinterLevel, TWinterReward, TWinterStatus } from '@portal/contracts';

/**
 * The winter promo's rules (compensation-plan.md section 9), pure: what the status call answers
 * from the counts. Worked examples in docs/decisions.md "Seasonal promotions".
 */

/** Silver 3 personal and 10 team sales, Gold 5 and 20, Platinum 7 and 30, lowest first. */
export const WINTER_LEVELS: readonly {
  status: TWinterStatus;
  personal: number;
  team: number;
  reward: TWinterReward;
}[] = [
  { status: 'Silver', personal: 3, team: 10, reward: 'ticket_refund' },
  { status: 'Gold', personal: 5, team: 20, reward: 'dubai_trip' },
  { status: 'Platinum', personal: 7, team: 30, reward: 'vip_ticket_stay' },
];

/** Larger-branch coefficient 0.4, as a fraction so that the maximum is a whole number of sales (rounded down). */
const BRANCH_SHARE = { numerator: 2, denominator: 5 };

/** An Active tariff of 50 USDT or more (USDT minor units). */
export const MIN_TARIFF = 50_000_000n;

/** The most sales the largest first-line branch may bring toward `teamRequired`: 0.4 x it, rounded down. */
export const largestBranchMax = (teamRequired: number): number =>
  Math.floor((teamRequired * BRANCH_SHARE.numerator) / BRANCH_SHARE.denominator);

/** Team sales counted toward a requirement: the largest branch's beyond its maximum are left out. */
export function teamCounted(teamRequired: number, team: number, largestBranch: number): number {
  return team - largestBranch + Math.min(largestBranch, largestBranchMax(teamRequired));
}

export type TWinterCounts = {
  /** An Active tariff held, and its list price; null without a tariff. */
  tariff: { price: bigint; active: boolean } | null;
  personal: number;
  team: number;
  largestBranch: number;
};

export function ineligibility(counts: TWinterCounts): TWinterIneligibility | null {
  if (!counts.tariff?.active) return 'no_active_tariff';
  if (counts.tariff.price < MIN_TARIFF) return 'tariff_below_minimum';
  if (counts.personal < 1) return 'no_personal_sale';
  return null;
}

/** Each status's requirements and the partner's standing; the status is the highest reached. */
export function winterStanding(counts: TWinterCounts) {
  const reason = ineligibility(counts);
  const levels: TWinterLevel[] = WINTER_LEVELS.map((level) => {
    const counted = teamCounted(level.team, counts.team, counts.largestBranch);
    return {
      status: level.status,
      personal_required: level.personal,
      team_required: level.team,
      largest_branch_max: largestBranchMax(level.team),
      team_counted: counted,
      personal_missing: Math.max(0, level.personal - counts.personal),
      team_missing: Math.max(0, level.team - counted),
      reward: level.reward,
      reached: reason === null && counts.personal >= level.personal && counted >= level.team,
    };
  });
  const held = levels.filter((level) => level.reached).at(-1) ?? null;
  const next = levels.find((level) => !level.reached) ?? null;
  return {
    eligible: reason === null,
    reason,
    levels,
    status: held?.status ?? null,
    reward: held?.reward ?? null,
    next,
    teamCounted: (next ?? held ?? levels[0]!).team_counted,
  };
}
