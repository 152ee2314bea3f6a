import { creditBonus, pairBinary, PLAN_V1, type TLeg, type TMember } from '@portal/compensation';
import { formatMinor, parseMinor, type TBinaryWhatIfBase } from '@portal/contracts';

/** The binary bonus rate of the plan the what-if computes with (10%). */
export const WHAT_IF_RATE_BP = PLAN_V1.binary.rateBp;

/** The largest volume the what-if takes: 1 000 000 000 USDT (beyond it, a typing slip). */
export const WHAT_IF_MAX_VOLUME = 1_000_000_000n * 1_000_000n;

export type TWhatIf = {
  /** Volume that pairs now: min(left, right) after the addition, while the binary is active. */
  paired: string;
  /** 10% of the newly paired volume, rounded down on this pairing alone (as the engine does). */
  gross: string;
  /** What fits in the cap window while the tariff is Active. */
  credited: string;
  /** The part the window has no room for. */
  capTook: string;
  /** Everything not credited: lost profit (recoverable for 7 days by a new tariff). */
  lost: string;
  /** The legs after the addition and the pairing. */
  left: string;
  right: string;
  /** The binary is not active yet: the volume only waits in the leg. */
  waiting: boolean;
  /** The tariff is Inactive (none, or the window is full): nothing can be credited. */
  mayNotEarn: boolean;
};

const usdt = (amount: string) => parseMinor(amount, 'USDT') ?? 0n;
const money = (amount: bigint) => formatMinor(amount, 'USDT');

/**
 * "What would I earn if my `leg` adds `volume`": the partner's real legs and window through the
 * same engine the server pays with (pairBinary, then creditBonus under the cap rules).
 */
export function whatIf(base: TBinaryWhatIfBase, leg: TLeg, volume: bigint): TWhatIf {
  const legs = {
    left: usdt(base.left_unpaid),
    right: usdt(base.right_unpaid),
    pairedTotal: usdt(base.paired_total),
    active: base.active,
  };
  const pairing = pairBinary(PLAN_V1, legs, { leg, volume });
  const member: TMember = {
    userId: 'me',
    mayEarn: base.status === 'Active',
    matchingDepth: 0,
    window: base.has_window ? { cap: usdt(base.cap), filled: usdt(base.earned) } : null,
  };
  const { posting } = creditBonus(member, 'binary', pairing.bonusGross, {
    planVersion: PLAN_V1.version,
    leg,
    base: pairing.paired,
    rateBp: PLAN_V1.binary.rateBp,
  });
  return {
    paired: money(pairing.paired),
    gross: money(posting.gross),
    credited: money(posting.credited),
    capTook: money(posting.explanation.capTook),
    lost: money(posting.lost),
    left: money(pairing.legs.left),
    right: money(pairing.legs.right),
    waiting: !base.active,
    mayNotEarn: base.status !== 'Active',
  };
}

/** The volume as typed (already in API form: "1500.5"): minor units, or null when not a positive amount. */
export function parseVolume(text: string): bigint | null {
  const volume = parseMinor(text, 'USDT');
  if (volume === null || volume <= 0n || volume > WHAT_IF_MAX_VOLUME) return null;
  return volume;
}
