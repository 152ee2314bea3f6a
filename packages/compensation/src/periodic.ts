import { applyBp, assertNonNegative, usdtToToken } from './money';
import type { TNodeKind, TPlan, TRankName } from './plan';
import type { TMember, TPosting } from './types';

const DAY_MS = 86_400_000;

/**
 * Node income for `days` whole days (compensation-plan.md section 4): the daily DXN reward of the
 * node kind, ownerBp to the owner and hostBp to the hosting partner (the order's host, else the
 * owner's mentor, else the company: no posting). Each share is rounded down on the period's total.
 * DXN is not a USDT bonus: it fills no window and is credited whatever the payee's status.
 */
export function nodeIncome(
  plan: TPlan,
  node: {
    /** The order that bought the node (recorded as the source purchase). */
    readonly orderId: string;
    readonly kind: TNodeKind;
    readonly ownerId: string;
    readonly hostId?: string | null;
    readonly ownerMentorId?: string | null;
  },
  days: number,
): TPosting[] {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number');
  const base = plan.nodeIncome.dailyReward[node.kind] * BigInt(days);
  const hostId = node.hostId ?? node.ownerMentorId ?? null;
  const shares: [string | null, number][] = [
    [node.ownerId, plan.nodeIncome.ownerBp],
    [hostId, plan.nodeIncome.hostBp],
  ];
  return shares.flatMap(([payeeId, rateBp]) => {
    const gross = applyBp(base, rateBp);
    if (payeeId === null || gross === 0n) return [];
    return [
      dxnPosting(plan, payeeId, 'node_income', gross, { base, rateBp, sourcePurchaseId: node.orderId }),
    ];
  });
}

/**
 * DXN matching (section 4): 1% of a partner's node income (the DexNet variant of matching) or of
 * their token pack's yearly yield (annual matching) to each sponsor upline level k = 1..levels whose
 * depth reaches k; the other shares stay with the company. The plan's "who may earn" rule and the
 * cap are about USDT bonuses, so DXN matching ignores `mayEarn` and the window (a choice: the plan
 * leaves it open). `upline[0]` = level 1 = the earning partner's mentor.
 */
export function dxnMatchingPostings(
  plan: TPlan,
  source: {
    readonly bonusType: 'node_income' | 'token_pack_yield';
    readonly payeeId: string;
    readonly amount: bigint;
    /** The order of the node or token pack. */
    readonly sourcePurchaseId: string;
  },
  upline: readonly TMember[],
): TPosting[] {
  const gross = applyBp(source.amount, plan.matching.rateBp);
  if (gross === 0n) return [];
  return upline.slice(0, plan.matching.levels).flatMap((member, index) => {
    const level = index + 1;
    if (member.matchingDepth < level) return [];
    const posting = dxnPosting(plan, member.userId, 'matching', gross, {
      base: source.amount,
      rateBp: plan.matching.rateBp,
      sourcePurchaseId: source.sourcePurchaseId,
    });
    return [
      {
        ...posting,
        explanation: {
          ...posting.explanation,
          level,
          sourceBonusType: source.bonusType,
          sourcePayeeId: source.payeeId,
        },
      },
    ];
  });
}

const NONE: readonly { name: TRankName; bonus: bigint }[] = Object.freeze([]);

/** Each rank's place in the plan, and the lowest volume any rank from a place on needs (none: past the end). */
const RANK_TABLES = new WeakMap<
  TPlan,
  { index: Map<TRankName, number>; lowestFrom: (bigint | undefined)[] }
>();

function rankTable(plan: TPlan) {
  let table = RANK_TABLES.get(plan);
  if (!table) {
    const lowestFrom: (bigint | undefined)[] = [undefined];
    for (const rank of [...plan.ranks].reverse()) {
      const lower = lowestFrom[0];
      lowestFrom.unshift(lower === undefined || rank.weakerLegVolume < lower ? rank.weakerLegVolume : lower);
    }
    table = { index: new Map(plan.ranks.map((rank, place) => [rank.name, place])), lowestFrom };
    RANK_TABLES.set(plan, table);
  }
  return table;
}

/**
 * Ranks newly reached with `weakerLegVolume` (lifetime weaker-leg binary volume, USDT) above
 * `currentRank`, lowest first, each with its one-time qualification bonus (credit it with
 * `creditBonus`, cap rules apply). A partner who jumps several ranks at once gets every bonus.
 */
export function rankReached(
  plan: TPlan,
  weakerLegVolume: bigint,
  currentRank: TRankName | null,
): readonly { name: TRankName; bonus: bigint }[] {
  const table = rankTable(plan);
  const from = currentRank === null ? 0 : (table.index.get(currentRank) ?? -1) + 1;
  // The fold asks for every ancestor of every purchase: most reach nothing, answered without a copy.
  if (!(weakerLegVolume >= table.lowestFrom[from]!)) return NONE;
  return plan.ranks
    .slice(from)
    .filter((rank) => rank.weakerLegVolume <= weakerLegVolume)
    .map(({ name, bonus }) => ({ name, bonus }));
}

/**
 * The leader pool of a calendar month: rateBp of the month's company BV, split equally among the
 * Diamond partners, each share rounded down; the remainder (all of the pool when there is no
 * Diamond) stays with the company. Credit each share with `creditBonus` (cap rules apply).
 */
export function leaderPool(
  plan: TPlan,
  monthBv: bigint,
  diamondIds: readonly string[],
): { pool: bigint; share: bigint; payees: readonly string[]; companyRemainder: bigint } {
  const pool = applyBp(monthBv, plan.leaderPool.rateBp);
  const payees = [...new Set(diamondIds)];
  const share = payees.length === 0 ? 0n : pool / BigInt(payees.length);
  return { pool, share, payees, companyRemainder: pool - share * BigInt(payees.length) };
}

/** DFT granted by a tariff purchase: its USDT price, 1 USDT -> 1 DFT (8 places). */
export const dftGrant = (tariffPriceUsdt: bigint): bigint => usdtToToken(tariffPriceUsdt);

/**
 * DFT unlocked from one grant at `now`: 1/unlockParts every unlockEveryDays days after the purchase,
 * rounded down on the cumulative share so that the last unlock releases the whole grant.
 * nextUnlockAt is null once everything is unlocked.
 */
export function dftUnlocks(
  plan: TPlan,
  grant: bigint,
  purchasedAt: Date,
  now: Date,
): { unlocked: bigint; locked: bigint; periods: number; nextUnlockAt: Date | null } {
  assertNonNegative(grant, 'grant');
  const { unlockParts, unlockEveryDays } = plan.dft;
  const periodMs = unlockEveryDays * DAY_MS;
  const elapsed = Math.floor((now.getTime() - purchasedAt.getTime()) / periodMs);
  const periods = Math.min(unlockParts, Math.max(0, elapsed));
  const unlocked = (grant * BigInt(periods)) / BigInt(unlockParts);
  const nextUnlockAt =
    periods < unlockParts ? new Date(purchasedAt.getTime() + (periods + 1) * periodMs) : null;
  return { unlocked, locked: grant - unlocked, periods, nextUnlockAt };
}

function dxnPosting(
  plan: TPlan,
  payeeId: string,
  bonusType: 'node_income' | 'hot_winter_gift' | 'matching',
  gross: bigint,
  explanation: { base: bigint; rateBp: number; sourcePurchaseId: string; buyerId?: string },
): TPosting {
  return {
    payeeId,
    bonusType,
    currency: 'DXN',
    gross,
    credited: gross,
    lost: 0n,
    explanation: { planVersion: plan.version, capTook: 0n, ...explanation },
  };
}
