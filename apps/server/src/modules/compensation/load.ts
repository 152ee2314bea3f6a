import {
  FoldState,
  PLAN_V1,
  type TFoldEvent,
  type TFoldPartner,
  type TLostEntry,
} from '@portal/compensation';
import type { Db } from '../../db/client';
import { purchaseEventsOf, type TCursor } from './events';
import * as repo from './fold-repo';
import { engineType, payoutRef } from './names';

/**
 * What one batch of the fold reads before it computes (docs/compensation.md "A batch"): the
 * partners the events reach, set-based, into a FoldState that refuses anything not loaded.
 *
 * - The binary paths of the buyers, in one recursive query (merged where they meet).
 * - Every partner on those paths, the buyers, promo code owners, the partners a mentor event
 *   moves and their new mentors, and the Diamonds when a leader pool month is folded: their legs,
 *   quick start and debt state and open window, in one query.
 * - The sponsor chains (11 levels) of the buyers and of every active partner on the paths, as
 *   they stood at the cursor, and the same state of everyone on them.
 * - Lost profit still pending for tariff buyers (recovered into the new window); open debts.
 * - For a refund: the purchase's own payouts, the binary payouts of its buyer's ancestors not
 *   wholly reversed, the matching each gave, and the balances it can take back from (locked).
 */

export type TLoaded = {
  state: FoldState;
  /** Payout ids of the postings loaded, by ref. */
  payoutIds: Map<string, number>;
  /** Lost profit and debt row ids, by the ref of their posting. */
  lostIds: Map<string, number>;
  debtIds: Map<string, number>;
  /** Spendable balances a refund may take back from, `<user>:<currency>`. */
  held: Map<string, bigint>;
};

const CHAIN_LEVELS = PLAN_V1.matching.levels + 1;

export async function loadState(tx: Db, events: readonly TFoldEvent[], cursor: TCursor): Promise<TLoaded> {
  const state = new FoldState();
  const payoutIds = new Map<string, number>();
  const lostIds = new Map<string, number>();
  const debtIds = new Map<string, number>();
  let held = new Map<string, bigint>();

  const buyers = new Set<number>();
  const tariffBuyers = new Set<number>();
  const others = new Set<number>();
  let minAt: Date | null = null;
  const refunds = events.filter((event) => event.kind === 'refund');
  const refunded = await purchaseEventsOf(
    tx,
    refunds.map((event) => Number(event.purchaseId)),
  );
  for (const row of refunded) {
    state.addPurchase({
      purchaseId: String(row.purchaseId),
      eventId: String(row.id),
      buyerId: String(row.userId),
      bv: row.bv,
      refunded: false,
    });
    buyers.add(row.userId!);
  }
  for (const event of events) {
    if (!minAt || event.at < minAt) minAt = event.at;
    if (event.kind === 'purchase') {
      buyers.add(Number(event.buyerId));
      if (event.tariff) tariffBuyers.add(Number(event.buyerId));
      if (event.promo) others.add(Number(event.promo.ownerId));
    } else if (event.kind === 'mentor') {
      others.add(Number(event.userId));
      if (event.mentorId !== null) others.add(Number(event.mentorId));
    } else if (event.kind === 'leader_pool') {
      for (const id of await repo.holdersOf(tx, PLAN_V1.leaderPool.rank)) others.add(id);
    }
  }

  // The binary paths.
  const cache = await repo.binaryPlaces(tx, [...buyers]);
  const onPaths = new Set<number>();
  const refundPaths = new Map<number, number[]>();
  for (const buyer of buyers) {
    const path: number[] = [];
    for (let place = cache.get(buyer); place && place.parent !== null; place = cache.get(place.parent)) {
      if (!cache.has(place.parent))
        throw new Error(`The binary parent ${place.parent} of the fold's buyers was not read`);
      path.push(place.parent);
    }
    for (const id of path) onPaths.add(id);
    refundPaths.set(buyer, path);
  }

  // The partners, then the sponsor chains of the buyers and of the active partners on the paths.
  const rows = new Map<number, repo.TPartnerRow>();
  const load = async (ids: Iterable<number>) => {
    const missing = [...new Set(ids)].filter((id) => !rows.has(id));
    for (const row of await repo.partnerRows(tx, missing)) rows.set(row.id, row);
  };
  await load([...buyers, ...onPaths, ...others]);
  const roots = [...buyers, ...others, ...[...onPaths].filter((id) => rows.get(id)?.active)];
  const mentors = await repo.mentorsUp(tx, roots, CHAIN_LEVELS, cursor);
  await load([...mentors.keys(), ...[...mentors.values()].filter((id): id is number => id !== null)]);

  // A refund: the payouts it reverses and their payees.
  const ancestors = refunded.flatMap((row) =>
    (refundPaths.get(row.userId!) ?? []).filter((id) => (rows.get(id)?.pairedTotal ?? 0n) > 0n),
  );
  const records =
    refunded.length > 0
      ? await repo.payoutRecords(tx, { events: refunded.map((row) => row.id), binaryOf: ancestors })
      : [];
  const payees = [...new Set(records.map((record) => record.payeeId))];
  await load(payees);

  for (const row of rows.values()) {
    if (row.root) state.setRoot(String(row.id));
    state.addPartner(toPartner(row));
  }
  for (const [id, mentor] of mentors) state.setMentor(String(id), mentor === null ? null : String(mentor));
  for (const id of [...buyers, ...onPaths]) {
    const place = cache.get(id);
    if (!place) continue;
    if (place.root) state.setRoot(String(id));
    state.setParent(
      String(id),
      place.parent === null || place.leg === null ? null : { id: String(place.parent), leg: place.leg },
    );
  }

  // Lost profit a tariff recovers, and open debts.
  if (tariffBuyers.size > 0 && minAt) {
    for (const id of tariffBuyers) state.markLostLoaded(String(id));
    for (const lost of await repo.pendingLost(tx, [...tariffBuyers], minAt)) {
      const ref = payoutRef({ id: lost.payoutId, eventId: lost.eventId, ordinal: lost.ordinal });
      lostIds.set(ref, lost.id);
      payoutIds.set(ref, lost.payoutId);
      state.addLost(toLost(ref, lost));
    }
  }
  const indebted = [...rows.values()].filter((row) => row.debt > 0n).map((row) => row.id);
  for (const debt of await repo.openDebts(tx, indebted)) {
    const ref = payoutRef({ id: debt.payoutId, eventId: debt.eventId, ordinal: debt.ordinal });
    debtIds.set(ref, debt.id);
    payoutIds.set(ref, debt.payoutId);
    state.addDebt({
      ref,
      userId: String(debt.userId),
      amount: debt.amount,
      repaid: debt.repaid,
      createdAt: debt.createdAt,
    });
  }

  // A refund: what it reverses, and what the payees hold.
  if (refunded.length > 0) {
    for (const id of ancestors) state.markBinaryLoaded(String(id));
    const refById = new Map(records.map((record) => [record.id, payoutRef(record)]));
    for (const record of records) {
      const ref = refById.get(record.id)!;
      payoutIds.set(ref, record.id);
      state.addPosting({
        ref,
        eventId: record.eventId === null ? `legacy:${record.id}` : String(record.eventId),
        payeeId: String(record.payeeId),
        bonusType: engineType(record.bonusType),
        currency: record.currency,
        gross: record.gross,
        credited: record.credited,
        lost: record.lost,
        toCompany: record.toCompany,
        windowKey: record.windowId === null ? null : String(record.windowId),
        sourceRef: record.sourcePayoutId === null ? null : (refById.get(record.sourcePayoutId) ?? null),
        leg: record.leg,
        level: record.level,
        base: record.base,
        rateBp: record.rateBp,
        reversedGross: record.reversed,
        reversedCredited: record.reversedCredited,
      });
    }
    for (const lost of await repo.lostOfPayouts(
      tx,
      records.map((record) => record.id),
    )) {
      const ref = refById.get(lost.payoutId)!;
      lostIds.set(ref, lost.id);
      state.addLost(toLost(ref, lost));
    }
    held = await repo.lockSpendable(tx, payees);
  }

  return { state, payoutIds, lostIds, debtIds, held };
}

function toPartner(row: repo.TPartnerRow): TFoldPartner {
  const id = String(row.id);
  return {
    id,
    root: row.root,
    window: row.window && {
      key: String(row.window.id),
      userId: id,
      cap: row.window.cap,
      filled: row.window.earned,
      productId: String(row.window.productId),
      code: row.window.code,
      depth: row.window.depth,
      price: row.window.price,
      openedAt: row.window.openedAt,
      closedAt: null,
    },
    legs: {
      leftUnpaid: row.leftUnpaid,
      rightUnpaid: row.rightUnpaid,
      leftTotal: row.leftTotal,
      rightTotal: row.rightTotal,
      pairedTotal: row.pairedTotal,
      invitedBuyers: row.invitedBuyers,
      active: row.active,
      counted: row.counted,
      rank: row.rank,
    },
    firstTariffAt: row.firstTariffAt,
    qsInvitees: row.qsInvitees,
    qsCounted: row.qsCounted,
    qsPaid: row.qsPaid,
    winterGiven: row.winterGiven,
    debt: row.debt,
  };
}

const toLost = (ref: string, lost: repo.TLostRow): TLostEntry => ({
  ref,
  userId: String(lost.userId),
  amount: lost.amount,
  recovered: lost.recovered,
  dropped: lost.dropped,
  createdAt: lost.createdAt,
  expiresAt: lost.expiresAt,
});
