import { assertNonNegative } from './money';
import type { TBonusType, TExplanation, TMember, TPosting, TWindow, TWindows } from './types';

/**
 * The cap rule (compensation-plan.md sections 2 and 4): of a USDT bonus of `gross`, what fits in
 * the payee's window is credited; the rest is lost profit. A payee who may not earn (no window, or
 * a full one) has all of it lost, and the cap took none of it (`capTook` counts only what did not
 * fit in a window that had room).
 */
export function fitInWindow(
  window: TWindow | null,
  gross: bigint,
): { credited: bigint; lost: bigint; capTook: bigint; mayEarn: boolean } {
  assertNonNegative(gross, 'gross');
  const mayEarn = window !== null && window.filled < window.cap;
  const room = mayEarn ? window.cap - window.filled : 0n;
  const credited = gross < room ? gross : room;
  const lost = gross - credited;
  return { credited, lost, capTook: mayEarn ? lost : 0n, mayEarn };
}

/**
 * The windows filled so far while computing one purchase (or one batch), so that postings to the
 * same payee see each other's fill. A user's window is read from the first `TMember` seen for them
 * unless `initial` already holds it; the caller passes the same window for a user in every role.
 */
export class WindowState {
  readonly #windows: Map<string, TWindow>;

  constructor(initial?: TWindows) {
    this.#windows = new Map(initial);
  }

  /** Window of `member` as filled so far; null when they have none. */
  windowOf(member: TMember): TWindow | null {
    return this.#windows.get(member.userId) ?? member.window;
  }

  /**
   * Credits a USDT bonus of `gross` to `member`: what fits in their window is credited and fills
   * it; the rest, or all of it when they may not earn or have no window, is lost profit.
   */
  credit(
    member: TMember,
    bonusType: TBonusType,
    gross: bigint,
    explanation: Omit<TExplanation, 'capTook'>,
  ): TPosting {
    const window = this.windowOf(member);
    const { credited, lost, capTook } = fitInWindow(member.mayEarn ? window : null, gross);
    if (credited > 0n)
      this.#windows.set(member.userId, { cap: window!.cap, filled: window!.filled + credited });
    return {
      payeeId: member.userId,
      bonusType,
      currency: 'USDT',
      gross,
      credited,
      lost,
      explanation: { ...explanation, capTook },
    };
  }

  /** The windows touched so far, to pass to the next computation of the same purchase. */
  snapshot(): TWindows {
    return new Map(this.#windows);
  }
}

/**
 * A one-time USDT bonus (quick start, qualification, leader pool share) as a posting, under the
 * same cap rules as every USDT bonus. Returns the posting and the payee's windows after it.
 */
export function creditBonus(
  payee: TMember,
  bonusType: TBonusType,
  gross: bigint,
  explanation: Omit<TExplanation, 'capTook'>,
  windows?: TWindows,
): { posting: TPosting; windows: TWindows } {
  const state = new WindowState(windows);
  const posting = state.credit(payee, bonusType, gross, explanation);
  return { posting, windows: state.snapshot() };
}
