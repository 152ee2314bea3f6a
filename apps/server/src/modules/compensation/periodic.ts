import {
  creditBonus,
  dxnMatchingPostings,
  hotWinterGift,
  leaderPool,
  nodeIncome,
  quickStartDue,
  type TNodeKind,
  type TPosting,
  type TWindows,
} from '@portal/compensation';
import type { Db } from '../../db/client';
import type { TPurchaseRow } from '../purchases/service';
import * as repo from './repo';
import type { TDueNode, TUplineRow } from './repo';
import { computeUnderLocks, PLAN, postBonuses, toMember, type TState } from './service';

/**
 * The bonuses of compensation-plan.md section 4 that are not a purchase's invite or matching:
 * quick start and the Hot Winter gift (checked when a tariff is bought), node income with its
 * DexNet matching (daily job), the annual matching of token pack yields (with the yield) and the
 * leader pool (monthly job). docs/compensation.md has a worked example of each.
 */

const DAY_MS = 86_400_000;

/** The USDT price of a tariff by its product code (the plan's), 0 for anything else. */
const tariffPrice = (code: string): bigint =>
  (PLAN.tariffPrices as Readonly<Record<string, bigint>>)[code] ?? 0n;

const stateOf = (rows: TUplineRow[]): TState => new Map(rows.map((row) => [row.userId, row]));

/** 'YYYY-MM-DD' (UTC) of an instant. */
const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

// ---- at a tariff purchase ---------------------------------------------------------------------------

/**
 * What a tariff purchase checks after its window is opened or grown (modules/tariffs confirm, in
 * its transaction): the Hot Winter gift to the buyer's inviter when `now` is inside the promo
 * window and the buyer brought no gift before, then quick start for the buyer (who may now hold a tariff of 500 or more) and for their
 * inviter (who has one more invitee with a tariff): buyer first, then the inviter, the order every
 * purchase locks windows in. `hotWinter` is the configured promo window (HOT_WINTER_FROM/TO), the
 * plan's by default.
 */
export async function postTariffBonuses(
  tx: Db,
  purchase: TPurchaseRow,
  now = new Date(),
  hotWinter: { from: string; to: string } = PLAN.hotWinter,
): Promise<void> {
  const [mentor] = await repo.sponsorChain(tx, purchase.userId, 1);
  // A partner registered without a code has no inviter: the company root gets no gift, no quick start.
  const inviter = mentor && !mentor.isCompanyRoot ? mentor : null;
  const gift = hotWinterGift(
    { ...PLAN, hotWinter: { ...PLAN.hotWinter, ...hotWinter } },
    { id: String(purchase.id), buyerId: String(purchase.userId), at: now },
    inviter ? String(inviter.userId) : null,
  );
  // Once per invited partner (spec: "1000 tokens per invited partner"): an upgrade or a renewal in
  // the window gives no second gift; a refunded first purchase (its gift reversed) lets a later one.
  if (gift && inviter && !(await repo.hasHotWinterGiftFor(tx, purchase.userId))) {
    await postBonuses(
      tx,
      { key: `purchase:${purchase.id}`, purchase, period: null },
      [gift],
      stateOf([inviter]),
    );
  }
  await postQuickStart(tx, purchase.userId, purchase);
  if (inviter) await postQuickStart(tx, inviter.userId, purchase);
}

/**
 * Quick start (300 USDT, once per partner, cap rules apply): the partner's open window is locked
 * first, so two purchases that could each complete it run one after the other and the second sees
 * the first's payout (a lost one counts too: paid once means decided once). The unique index
 * payouts_quick_start_key backs it.
 */
async function postQuickStart(tx: Db, userId: number, purchase: TPurchaseRow): Promise<void> {
  const window = await repo.lockOpenWindowOf(tx, userId);
  if (!window || (await repo.hasQuickStart(tx, userId))) return;
  const invitees = await repo.inviteeTariffPurchases(tx, userId);
  const due = quickStartDue(PLAN, {
    alreadyPaid: false,
    firstTariffAt: await repo.firstTariffAt(tx, userId),
    heldTariffPrice: tariffPrice(window.code),
    inviteeTariffPurchases: invitees.map((item) => ({
      inviteeId: String(item.inviteeId),
      price: tariffPrice(item.code),
      at: item.at,
    })),
  });
  if (due === 0n) return;
  const state = stateOf([(await repo.member(tx, userId))!]);
  const { postings } = await computeUnderLocks(tx, state, () => ({
    postings: [
      creditBonus(toMember(state.get(userId)!), 'quick_start', due, {
        planVersion: PLAN.version,
        sourcePurchaseId: String(purchase.id),
        buyerId: String(purchase.userId),
        base: due,
        rateBp: 10_000,
      }).posting,
    ],
  }));
  await postBonuses(tx, { key: `quick_start:${userId}`, purchase, period: null }, postings, state);
}

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
    chain.map(toMember),
  );
  await postBonuses(
    tx,
    { key: `token_pack:${pack.id}:year:${year}`, purchase: null, period: utcDate(yearEndedAt) },
    postings,
    stateOf(chain),
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
      const chains = new Map<number, { chain: TUplineRow[]; owner: TUplineRow }>();
      for (const node of due) await payNode(tx, node, now, chains);
      return due.length;
    });
    total += claimed;
    if (claimed < batch) return total;
  }
}

async function payNode(
  tx: Db,
  node: TDueNode,
  now: Date,
  chains: Map<number, { chain: TUplineRow[]; owner: TUplineRow }>,
) {
  const days = Math.floor((now.getTime() - node.incomePaidUntil.getTime()) / DAY_MS);
  const paidUntil = new Date(node.incomePaidUntil.getTime() + days * DAY_MS);
  await repo.advanceNodeIncome(tx, node.id, paidUntil);
  const kind = NODE_KINDS[node.kind];
  if (!kind || days <= 0) return;

  // The owner's chain and row, read once per owner in a batch (DXN fills no window: nothing to re-read).
  let people = chains.get(node.userId);
  if (!people) {
    const upline = await repo.sponsorChain(tx, node.userId, PLAN.matching.levels);
    people = { chain: upline, owner: (await repo.member(tx, node.userId))! };
    chains.set(node.userId, people);
  }
  const { chain } = people;
  const state = stateOf([people.owner, ...chain]);
  if (node.hostingUserId !== null && !state.has(node.hostingUserId)) {
    const host = await repo.member(tx, node.hostingUserId);
    if (host) state.set(host.userId, host);
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
        chain.map(toMember),
      )
    : [];
  await postBonuses(
    tx,
    { key: `node_income:${node.id}:${paidUntil.toISOString()}`, purchase: null, period: utcDate(paidUntil) },
    [...income, ...matching],
    state,
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
 * The leader pool job (section 4): on or after the 1st, pays the previous calendar month once
 * (leader_pool_months, taken first in the paying transaction): 1% of the month's company BV
 * (purchases made in it and not refunded), equal shares to the partners whose rank is Diamond
 * now, each credited under the cap rules (lost profit when it does not fit); payouts with no
 * purchase and period 'YYYY-MM'; the remainder stays with the company. Answers the month's
 * figures, or null when it was paid before.
 */
export async function payLeaderPool(db: Db, now = new Date()) {
  const { period, from, to } = previousMonth(now);
  return db.transaction(async (tx) => {
    if (!(await repo.claimLeaderPoolMonth(tx, period))) return null;
    const bv = await repo.volumeBetween(tx, from, to);
    const diamonds = await repo.partnersOfRank(tx, PLAN.leaderPool.rank);
    const pool = leaderPool(PLAN, bv, diamonds.map(String));
    const state: TState = new Map();
    for (const id of diamonds) {
      const row = await repo.member(tx, id);
      if (row) state.set(id, row);
    }
    const { postings } = await computeUnderLocks(tx, state, () => {
      let windows: TWindows | undefined;
      const postings =
        pool.share === 0n
          ? []
          : [...state.values()].map((row) => {
              const credited = creditBonus(
                toMember(row),
                'leader_pool',
                pool.share,
                { planVersion: PLAN.version, base: bv, rateBp: PLAN.leaderPool.rateBp },
                windows,
              );
              windows = credited.windows;
              return credited.posting;
            });
      return { postings };
    });
    await postBonuses(tx, { key: `leader_pool:${period}`, purchase: null, period }, postings, state);
    const paid = BigInt(postings.length) * pool.share;
    const figures = {
      period,
      bv,
      pool: pool.pool,
      share: pool.share,
      payees: postings.length,
      companyRemainder: pool.pool - paid,
    };
    await repo.recordLeaderPoolMonth(tx, figures);
    return figures;
  });
}
