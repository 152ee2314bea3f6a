import {
  binaryPostings,
  creditBonus,
  pairBinary,
  rankReached,
  type TLeg,
  type TLegs,
  type TMember,
  type TPosting,
  type TRankName,
  type TWindows,
} from '@portal/compensation';
import type { Db } from '../../db/client';
import {
  computeUnderLocks,
  loadMembers,
  PLAN,
  postBonuses,
  reversePurchaseBonuses,
  sponsorChains,
  toMember,
  type TState,
  type TUplineRow,
} from '../compensation/service';
import type { TPurchaseRow } from '../purchases/service';
import * as repo from './repo';
import type { TLegRow, TNode, TVolumeEvent } from './repo';

/** Events folded per transaction. */
export const BINARY_BATCH = 200;

/** Purchases by which a personal invitee counts towards the mentor's binary activation (plan section 4). */
const ACTIVATING_KINDS = ['tariff', 'device'];

/** 100% in basis points: a qualification bonus is its whole amount (base = the bonus). */
const WHOLE_BP = 10_000;

type TPathStep = { id: number; leg: TLeg };

/** What the batch does with one event, in event order. */
type TStep =
  | { kind: 'fold'; event: TVolumeEvent; purchase: TPurchaseRow; path: TPathStep[]; mentorId: number | null }
  | { kind: 'take-back'; event: TVolumeEvent; path: TPathStep[] };

type TRankPosting = { userId: number; rank: TRankName; weaker: bigint; posting: TPosting };

type TBatchResult = {
  /** Every posting of the batch (computeUnderLocks locks the windows they credit). */
  postings: TPosting[];
  /** The binary bonuses and their matching, per folded event. */
  byEvent: Map<number, TPosting[]>;
  ranks: TRankPosting[];
  /** The counters of every partner the batch touched, after it. */
  legs: Map<number, TLegRow>;
};

/**
 * Folds the volume events into the binary legs (docs/compensation.md "Binary and ranks") until
 * none is left, a batch per transaction; returns how many events were processed. While another
 * process holds the batch lock this one returns at once (that one drains). A batch that loses a
 * deadlock or a serialization conflict is rolled back whole and run again.
 */
export async function drainBinaryVolume(db: Db, batch = BINARY_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await retried(() => db.transaction((tx) => foldBatch(tx, batch)));
    if (count === null) return total;
    total += count;
    if (count < batch) return total;
  }
}

async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !retryable(error)) throw error;
    }
  }
}

/** A deadlock (40P01) or serialization failure (40001), looking through wrapped errors. */
function retryable(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code } = current as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/**
 * One batch in the caller's transaction: claims up to `limit` events (null when another process
 * holds the lock), folds purchases into every binary ancestor's leg, takes refunded volume back,
 * counts activating purchases, pays the binary bonuses with their matching and the qualification
 * bonuses, writes the counters in one statement and marks the events processed.
 */
export async function foldBatch(tx: Db, limit: number): Promise<number | null> {
  const events = await repo.claimBatch(tx, limit);
  if (events === null) return null;
  if (events.length === 0) return 0;

  const purchases = await repo.purchasesByIds(tx, [...new Set(events.map((event) => event.purchaseId))]);
  const refunds = await repo.refundEvents(
    tx,
    events.filter((event) => event.kind === 'purchase').map((event) => event.purchaseId),
  );
  // A purchase refunded before its volume was folded never counted: both events are done.
  const cancelled = new Set<number>();
  const done = events.map((event) => event.id);
  for (const event of events) {
    const refund = event.kind === 'purchase' ? refunds.get(event.purchaseId) : undefined;
    if (!refund) continue;
    cancelled.add(event.purchaseId);
    if (!refund.processed) done.push(refund.id);
  }
  const live = events.filter((event) => !cancelled.has(event.purchaseId));

  // A refund after the fold: the worker may have paid binary bonuses of that purchase after the
  // refund's own reversal ran; those are reversed now (each payout once).
  for (const event of live.filter((item) => item.kind === 'refund'))
    await reversePurchaseBonuses(tx, purchases.get(event.purchaseId)!, `event:${event.id}`);

  const nodes = await repo.binaryPaths(
    tx,
    live.map((event) => event.userId),
  );
  const pathOf = (userId: number): TPathStep[] => {
    const path: TPathStep[] = [];
    for (let node = nodes.get(userId); node && node.parentId !== null && node.position;) {
      path.push({ id: node.parentId, leg: node.position });
      node = nodes.get(node.parentId);
    }
    return path;
  };
  const steps: TStep[] = live.map((event) =>
    event.kind === 'purchase'
      ? {
          kind: 'fold',
          event,
          purchase: purchases.get(event.purchaseId)!,
          path: event.bv > 0n ? pathOf(event.userId) : [],
          mentorId: nodes.get(event.userId)?.mentorId ?? null,
        }
      : { kind: 'take-back', event, path: event.bv > 0n ? pathOf(event.userId) : [] },
  );
  const touched = new Set<number>();
  for (const step of steps) {
    touched.add(step.event.userId);
    for (const { id } of step.path) touched.add(id);
    if (step.kind === 'fold' && step.mentorId !== null) touched.add(step.mentorId);
  }
  const initial = await repo.legsOf(tx, [...touched]);
  const roots = new Set(
    [...nodes.values()].filter((node: TNode) => node.isCompanyRoot).map((node) => node.id),
  );

  // First on the counters alone, to learn who is paid; then on their windows, locked.
  const nobody = (id: number): TMember => ({
    userId: String(id),
    mayEarn: false,
    matchingDepth: 0,
    window: null,
  });
  const probe = computeBatch(steps, initial, roots, nobody, () => []);
  const payees = [...new Set(probe.postings.map((posting) => Number(posting.payeeId)))];
  const chains = await sponsorChains(tx, payees, PLAN.matching.levels);
  const everyone = new Set([...payees, ...[...chains.values()].flat()]);
  const state: TState = new Map((await loadMembers(tx, [...everyone])).map((row) => [row.userId, row]));
  const memberOf = (id: number) => toMember(state.get(id)!);
  const result = await computeUnderLocks(
    tx,
    state,
    () => computeBatch(steps, initial, roots, memberOf, (id) => (chains.get(id) ?? []).map(memberOf)),
    // Deeper in the sponsor tree first (an invitee registers after the mentor: a higher id), the
    // order in which every purchase locks its chain: the two never lock crosswise.
    (a: TUplineRow, b: TUplineRow) => b.userId - a.userId,
  );

  for (const step of steps) {
    const postings = result.byEvent.get(step.event.id);
    if (step.kind !== 'fold' || !postings?.length) continue;
    await postBonuses(
      tx,
      { key: `binary:${step.event.id}`, purchase: step.purchase, period: null },
      postings,
      state,
    );
  }
  for (const { userId, rank, weaker, posting } of result.ranks) {
    await postBonuses(
      tx,
      {
        key: `rank:${userId}:${rank}`,
        purchase: null,
        period: `rank:${rank}`,
        details: { rank, weaker_leg_volume: weaker.toString() },
      },
      [posting],
      state,
    );
  }
  await repo.saveLegs(tx, [...result.legs.values()]);
  await repo.markProcessed(tx, done);
  return events.length;
}

/**
 * The batch on the engine (packages/compensation), pure: each event in order, each ancestor
 * nearest first. Run twice by foldBatch (to learn the payees, then on their locked windows), so
 * it starts from the counters as read each time.
 */
function computeBatch(
  steps: readonly TStep[],
  initial: ReadonlyMap<number, TLegRow>,
  roots: ReadonlySet<number>,
  memberOf: (id: number) => TMember,
  uplineOf: (id: number) => TMember[],
): TBatchResult {
  const legs = new Map<number, TLegRow>();
  const rowOf = (id: number) => {
    let row = legs.get(id);
    if (!row) {
      row = { ...(initial.get(id) ?? repo.emptyLegs(id)) };
      legs.set(id, row);
    }
    return row;
  };
  let windows: TWindows = new Map();
  const all: TPosting[] = [];
  const byEvent = new Map<number, TPosting[]>();

  const pair = (purchase: TPurchaseRow, out: TPosting[], id: number, leg: TLeg, volume: bigint) => {
    const row = rowOf(id);
    const current: TLegs = {
      left: row.leftUnpaid,
      right: row.rightUnpaid,
      active: row.active,
      pairedTotal: row.pairedTotal,
    };
    const paired = pairBinary(PLAN, current, { leg, volume });
    if (paired.bonusGross > 0n) {
      const posted = binaryPostings(
        PLAN,
        {
          ancestor: memberOf(id),
          legs: current,
          leg,
          upline: uplineOf(id),
          purchaseId: String(purchase.id),
          buyerId: String(purchase.userId),
          volume,
        },
        windows,
      );
      windows = posted.windows;
      out.push(...posted.postings);
    }
    Object.assign(row, {
      leftUnpaid: paired.legs.left,
      rightUnpaid: paired.legs.right,
      pairedTotal: paired.legs.pairedTotal,
      leftTotal: row.leftTotal + (leg === 'left' ? volume : 0n),
      rightTotal: row.rightTotal + (leg === 'right' ? volume : 0n),
    });
  };

  for (const step of steps) {
    const { event } = step;
    if (step.kind === 'take-back') {
      // Refunded after the fold: what is still unpaid of it leaves each leg; paired volume stays paired.
      for (const { id, leg } of step.path) {
        const row = rowOf(id);
        if (leg === 'left') {
          row.leftUnpaid -= row.leftUnpaid < event.bv ? row.leftUnpaid : event.bv;
          row.leftTotal -= event.bv;
        } else {
          row.rightUnpaid -= row.rightUnpaid < event.bv ? row.rightUnpaid : event.bv;
          row.rightTotal -= event.bv;
        }
      }
      continue;
    }
    const out: TPosting[] = [];
    for (const { id, leg } of step.path) pair(step.purchase, out, id, leg, event.bv);
    const buyer = ACTIVATING_KINDS.includes(step.purchase.kind) ? rowOf(event.userId) : null;
    if (buyer && !buyer.counted) {
      buyer.counted = true;
      if (step.mentorId !== null) {
        const mentor = rowOf(step.mentorId);
        mentor.invitedBuyers += 1;
        if (!mentor.active && mentor.invitedBuyers >= PLAN.binary.activationBuyers) {
          // Active from now: what waited in the legs pairs at once.
          mentor.active = true;
          const leg = step.path.find((item) => item.id === step.mentorId)?.leg ?? 'left';
          pair(step.purchase, out, step.mentorId, leg, 0n);
        }
      }
    }
    byEvent.set(event.id, out);
    all.push(...out);
  }

  const ranks: TRankPosting[] = [];
  for (const row of legs.values()) {
    if (roots.has(row.userId)) continue;
    const weaker = row.leftTotal < row.rightTotal ? row.leftTotal : row.rightTotal;
    for (const { name, bonus } of rankReached(PLAN, weaker, row.rank)) {
      const credited = creditBonus(
        memberOf(row.userId),
        'qualification',
        bonus,
        { planVersion: PLAN.version, base: bonus, rateBp: WHOLE_BP },
        windows,
      );
      windows = credited.windows;
      ranks.push({ userId: row.userId, rank: name, weaker, posting: credited.posting });
      all.push(credited.posting);
      row.rank = name;
    }
  }
  return { postings: all, byEvent, ranks, legs };
}

/** Unprocessed volume events: the worker's backlog. */
export const pendingVolumeEvents = repo.pendingCount;

/** The binary legs (volumes, unpaid, counters) of the given partners; an empty row for one without any. */
export const binaryLegsOf = repo.legsOf;

/** Every partner on the binary paths from the given users up to the top, each once (one query). */
export const binaryPathsOf = repo.binaryPaths;
export type { TNode as TBinaryNode } from './repo';
