import { applyTariff, type TFoldWindow } from '@portal/compensation';
import type { Db } from '../../db/client';
import { backlog, recordEvent, tariffOfEvent, windowAndPendingTariffsOf } from './events';
import * as repo from './repo';

/**
 * The compensation plan's money (docs/compensation.md): the ordered fold that computes every bonus
 * from the recorded events (fold.ts), its input (events.ts), the partners' state it keeps (cap
 * windows, binary legs, lost profit, debts), the periodic DXN bonuses (periodic.ts) and the replay
 * audit (audit.ts). Other modules record events and read state through this file; none calls the
 * engine.
 */

export { PLAN } from './plan';
export { eventInsert, recordEvent, type TEventInput } from './events';
export { bonusLineDetails } from './lines';
export { drainFold, foldBatch, FOLD_BATCH } from './fold';
export { postAnnualMatching, payNodeIncome, queueLeaderPool, previousMonth } from './periodic';
export {
  auditBonuses,
  finishAuditRun,
  lastAuditRun,
  nightlyAudit,
  startAuditRun,
  type TAuditReport,
} from './audit';

/** A promo code named by a purchase: its owner and the discount it gave. */
export type TPromoInput = { ownerId: number; discountBp: number };

/** Events the fold has not folded yet. */
export const foldBacklog = backlog;

/** The binary legs (volumes, unpaid, counters) of the given partners; an empty row for one without any. */
export const binaryLegsOf = repo.legsOf;

/** Every partner on the binary paths from the given users up to the top, each once (one query). */
export const binaryPathsOf = repo.binaryPaths;
export type { TNode as TBinaryNode, TLegRow } from './repo';

/** The partner's lost profit pending now (expired entries are never counted). */
export const pendingLostProfit = (db: Db, userId: number, now = new Date()) =>
  repo.pendingLostProfitSum(db, userId, now);

/** The partner's open debt from reversed bonuses (0 without one), and the debts it is made of. */
export const debtOf = repo.debtOf;
/** The open debt as a subquery (text, null without one), for a read that is one statement (the profile). */
export const debtRow = repo.debtRow;

/** The tariff a partner holds: their cap window as the fold will leave it. */
export type TTariffNow = Pick<
  TFoldWindow,
  'cap' | 'filled' | 'productId' | 'code' | 'depth' | 'price' | 'openedAt'
>;

/**
 * The partner's cap window as it will be once the fold has reached their last purchase: the
 * window the fold left, with their tariff purchases not folded yet applied in order (the same rule
 * the fold applies, `applyTariff`). A tariff bought a moment ago shows at once; the bonuses it
 * brings fill the window when folded. Null without a tariff.
 */
export async function tariffNow(db: Db, userId: number): Promise<TTariffNow | null> {
  const { window: held, pending } = await windowAndPendingTariffsOf(db, userId);
  let window: TFoldWindow | null = held && {
    key: String(held.id),
    userId: String(userId),
    cap: held.cap,
    filled: held.earned,
    productId: String(held.productId),
    code: held.code,
    depth: held.depth,
    price: held.price,
    openedAt: held.openedAt,
    closedAt: null,
  };
  for (const event of pending) {
    const tariff = tariffOfEvent(event);
    if (tariff)
      window = applyTariff(window, tariff, {
        userId: String(userId),
        eventId: String(event.id),
        at: event.createdAt,
      }).open;
  }
  return window;
}

/** Active: the window has room (the team views show the same status). */
export const isActive = (window: Pick<TTariffNow, 'cap' | 'filled'> | null): boolean =>
  window !== null && window.filled < window.cap;

/** Records that an operator moved a partner to another mentor (in the move's transaction). */
export const recordMentorMoved = (tx: Db, userId: number, from: number | null, to: number | null) =>
  recordEvent(tx, { kind: 'mentor', userId, from, to });
