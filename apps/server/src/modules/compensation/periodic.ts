import {
  applyBp,
  dxnMatchingPostings,
  nodeIncome,
  type TMember,
  type TNodeKind,
  type TPosting,
} from '@portal/compensation';
import type { Db } from '../../db/client';
import { recordEvent } from './events';
import * as repo from './repo';
import type { TDueNode, TUplineRow } from './repo';
import { PLAN } from './plan';
import { writePeriodPostings } from './write';

/**
 * The bonuses of compensation-plan.md section 4 that come with time, not with a purchase: node
 * income with its DexNet matching (daily job), the annual matching of token pack yields (with the
 * yield), both in DXN and outside the fold (no cap window, no lost profit, so their order does not
 * matter); and the leader pool, which is USDT under the cap rules and so is paid by the fold: the
 * monthly job only records the closed month as an event. docs/compensation.md has a worked example
 * of each.
 */

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' (UTC) of an instant. */
const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** An upline as a DXN matching payee: the depth of the tariff held (no cap, no status for DXN). */
const dxnMember = (row: TUplineRow): TMember => ({
  userId: String(row.userId),
  mayEarn: true,
  matchingDepth: row.isCompanyRoot ? PLAN.matching.levels : row.depth,
  window: null,
});

// ---- token pack yields ------------------------------------------------------------------------------

/**
 * Annual matching (section 4): 1% of a pack year's yield to each of the owner's sponsor levels
 * 1..10 whose depth reaches it, in DXN, in the transaction that pays the yield (modules/products
 * payDueTokenPacks). Once per pack year: its transfers are named `bonus:token_pack:<id>:year:<n>:...`.
 */
export async function postAnnualMatching(
  tx: Db,
  pack: { id: number; userId: number; purchaseId: number },
  year: number,
  yieldAmount: bigint,
  yearEndedAt: Date,
): Promise<void> {
  const chain = await repo.sponsorChain(tx, pack.userId, PLAN.matching.levels);
  const postings = dxnMatchingPostings(
    PLAN,
    {
      bonusType: 'token_pack_yield',
      payeeId: String(pack.userId),
      amount: yieldAmount,
      sourcePurchaseId: String(pack.purchaseId),
    },
    chain.map(dxnMember),
  );
  await writePeriodPostings(
    tx,
    { key: `token_pack:${pack.id}:year:${year}`, period: utcDate(yearEndedAt), purchaseId: null },
    postings,
  );
}

// ---- node income (daily job) ------------------------------------------------------------------------

const NODE_KINDS: Readonly<Record<string, TNodeKind>> = { device: 'device', virtual: 'virtual_node' };

/**
 * The node income job: every active node earns its daily DXN reward for each whole day since it
 * was paid up to (`nodes.income_paid_until`, which starts at the node's creation): 80% to the
 * owner, 20% to the host (the order's, else the owner's mentor, else the company), and the DexNet
 * matching of the owner's share over their sponsor upline. Drains every node due by `now`, `batch`
 * per transaction, claimed by the due-time index with `for update skip locked` and advanced in the
 * same transaction, so several processes share the work and each day is paid once; missed days are
 * paid together (one posting per payee for all of them). Answers how many nodes it paid.
 */
export async function payNodeIncome(db: Db, now = new Date(), batch = 100): Promise<number> {
  const dueBefore = new Date(now.getTime() - DAY_MS);
  for (let total = 0; ;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await repo.claimDueNodes(tx, dueBefore, batch);
      const chains = new Map<number, TUplineRow[]>();
      for (const node of due) await payNode(tx, node, now, chains);
      return due.length;
    });
    total += claimed;
    if (claimed < batch) return total;
  }
}

async function payNode(tx: Db, node: TDueNode, now: Date, chains: Map<number, TUplineRow[]>) {
  const days = Math.floor((now.getTime() - node.incomePaidUntil.getTime()) / DAY_MS);
  const paidUntil = new Date(node.incomePaidUntil.getTime() + days * DAY_MS);
  await repo.advanceNodeIncome(tx, node.id, paidUntil);
  const kind = NODE_KINDS[node.kind];
  if (!kind || days <= 0) return;

  // The owner's chain, read once per owner in a batch.
  let chain = chains.get(node.userId);
  if (!chain) {
    chain = await repo.sponsorChain(tx, node.userId, PLAN.matching.levels);
    chains.set(node.userId, chain);
  }
  const source = String(node.purchaseId ?? node.orderId ?? node.id);
  const income = nodeIncome(
    PLAN,
    {
      orderId: source,
      kind,
      ownerId: String(node.userId),
      hostId: node.hostingUserId === null ? null : String(node.hostingUserId),
      ownerMentorId: chain[0] ? String(chain[0].userId) : null,
    },
    days,
  );
  const own = income.find((posting) => posting.payeeId === String(node.userId));
  const matching: TPosting[] = own
    ? dxnMatchingPostings(
        PLAN,
        { bonusType: 'node_income', payeeId: own.payeeId, amount: own.credited, sourcePurchaseId: source },
        chain.map(dxnMember),
      )
    : [];
  await writePeriodPostings(
    tx,
    {
      key: `node_income:${node.id}:${paidUntil.toISOString()}`,
      period: utcDate(paidUntil),
      purchaseId: node.purchaseId,
    },
    [...income, ...matching],
  );
}

// ---- leader pool (monthly job) ----------------------------------------------------------------------

/** The calendar month (UTC) before the one `now` is in: 'YYYY-MM' and its bounds [from, to). */
export function previousMonth(now: Date): { period: string; from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { period: from.toISOString().slice(0, 7), from, to };
}

/**
 * The leader pool job (section 4): on or after the 1st, closes the previous calendar month once
 * (leader_pool_months, taken first): its company BV (purchases made in it and not refunded) and
 * pool (1%) are recorded, and a leader_pool event goes to the fold, which pays the equal shares to
 * the Diamonds of that moment under the cap rules, in the order of every other bonus. Answers the
 * month's BV and pool, or null when it was closed before.
 */
export async function queueLeaderPool(db: Db, now = new Date()) {
  const { period, from, to } = previousMonth(now);
  return db.transaction(async (tx) => {
    const bv = await repo.volumeBetween(tx, from, to);
    const pool = applyBp(bv, PLAN.leaderPool.rateBp);
    if (!(await repo.claimLeaderPoolMonth(tx, { period, bv, pool }))) return null;
    await recordEvent(tx, { kind: 'leader_pool', period, bv });
    return { period, bv, pool };
  });
}
