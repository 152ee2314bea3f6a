import type { TFoldEvent } from '../fold';
import { PLAN_V1 } from '../plan';
import type { TLeg } from '../types';

/**
 * A second, plain reading of compensation-plan.md sections 2-5 for purchases (no refunds), written
 * apart from the engine and as directly as the text reads, to check the fold against: one purchase
 * at a time, every rule a loop over plain maps. Amounts are bigint minor units; rates basis points.
 * It answers, per event, the postings as [payee, bonus type, gross, credited] in the plan's order.
 */

const plan = PLAN_V1;
const DAY = 86_400_000;
const bp = (amount: bigint, rate: number) => (amount * BigInt(rate)) / 10_000n;

type TRefPartner = {
  window: { cap: bigint; filled: bigint; depth: number; price: bigint } | null;
  left: bigint;
  right: bigint;
  leftTotal: bigint;
  rightTotal: bigint;
  invitedBuyers: number;
  active: boolean;
  counted: boolean;
  rank: number;
  firstTariffAt: number | null;
  qsInvitees: number;
  qsCounted: boolean;
  qsPaid: boolean;
  lost: { amount: bigint; taken: bigint; at: number }[];
};

export type TRefPosting = [payee: string, type: string, gross: bigint, credited: bigint];

export function referenceFold(
  events: readonly TFoldEvent[],
  trees: { mentor: Map<string, string>; parent: Map<string, { id: string; leg: TLeg }> },
): TRefPosting[][] {
  const partners = new Map<string, TRefPartner>();
  const get = (id: string) => {
    let partner = partners.get(id);
    if (!partner) {
      partner = {
        window: null,
        left: 0n,
        right: 0n,
        leftTotal: 0n,
        rightTotal: 0n,
        invitedBuyers: 0,
        active: false,
        counted: false,
        rank: 0,
        firstTariffAt: null,
        qsInvitees: 0,
        qsCounted: false,
        qsPaid: false,
        lost: [],
      };
      partners.set(id, partner);
    }
    return partner;
  };
  const mentorOf = (id: string) => trees.mentor.get(id) ?? null;

  return events.map((event) => {
    const out: TRefPosting[] = [];
    if (event.kind !== 'purchase') return out;
    const at = event.at.getTime();

    /** Pays `gross` to `payee` under the cap; answers what was credited. */
    const pay = (payee: string, type: string, gross: bigint): bigint => {
      if (gross <= 0n) return -1n;
      if (payee === 'root') {
        out.push([payee, type, gross, gross]);
        return gross;
      }
      const partner = get(payee);
      const window = partner.window;
      let credited = 0n;
      if (window && window.filled < window.cap) {
        credited = gross <= window.cap - window.filled ? gross : window.cap - window.filled;
        window.filled += credited;
      }
      if (gross > credited) partner.lost.push({ amount: gross - credited, taken: 0n, at });
      out.push([payee, type, gross, credited]);
      return credited;
    };
    const depthOf = (id: string) => (id === 'root' ? plan.matching.levels : (get(id).window?.depth ?? 0));
    const matching = (of: string, credited: bigint) => {
      const share = bp(credited, plan.matching.rateBp);
      if (share <= 0n) return;
      let level = 0;
      for (let up = mentorOf(of); up !== null && level < plan.matching.levels; up = mentorOf(up)) {
        level += 1;
        if (depthOf(up) >= level) pay(up, 'matching', share);
      }
    };
    const pair = (id: string, partner: TRefPartner) => {
      const paired = partner.left < partner.right ? partner.left : partner.right;
      if (paired === 0n) return;
      partner.left -= paired;
      partner.right -= paired;
      const credited = pay(id, 'binary', bp(paired, plan.binary.rateBp));
      if (credited >= 0n) matching(id, credited);
    };

    const buyer = get(event.buyerId);
    const mentor = mentorOf(event.buyerId);

    // 1. A tariff: the window, then lost profit of the last 7 days, oldest first.
    if (event.tariff) {
      const t = event.tariff;
      if (t.kind === 'upgrade' && buyer.window) {
        buyer.window.cap += t.capGrowth;
        buyer.window.depth = t.depth;
        buyer.window.price = t.price;
      } else {
        buyer.window = { cap: t.capGrowth, filled: 0n, depth: t.depth, price: t.price };
      }
      if (buyer.firstTariffAt === null) buyer.firstTariffAt = at;
      for (const entry of [...buyer.lost].sort((a, b) => a.at - b.at)) {
        if (entry.at < at - plan.lostProfitDays * DAY) continue;
        const room = buyer.window.cap - buyer.window.filled;
        const take = entry.amount - entry.taken < room ? entry.amount - entry.taken : room;
        if (take <= 0n) continue;
        entry.taken += take;
        buyer.window.filled += take;
        out.push([event.buyerId, 'lost_profit', take, take]);
      }
    }

    // 2. The invite and its matching.
    if (mentor !== null && event.bv > 0n) {
      const credited = pay(mentor, 'invite', bp(event.bv, plan.invite.rateBp));
      if (credited >= 0n) matching(mentor, credited);
    }

    // 3. The binary: the buyer's first tariff or device counts for the mentor first.
    let activated: string | null = null;
    if ((event.productKind === 'tariff' || event.productKind === 'device') && !buyer.counted) {
      buyer.counted = true;
      if (mentor !== null) {
        const m = get(mentor);
        m.invitedBuyers += 1;
        if (!m.active && m.invitedBuyers >= plan.binary.activationBuyers) {
          m.active = true;
          activated = mentor;
        }
      }
    }
    const path: string[] = [];
    if (event.bv > 0n) {
      for (let step = trees.parent.get(event.buyerId); step; step = trees.parent.get(step.id)) {
        path.push(step.id);
        const ancestor = get(step.id);
        if (step.leg === 'left') {
          ancestor.left += event.bv;
          ancestor.leftTotal += event.bv;
        } else {
          ancestor.right += event.bv;
          ancestor.rightTotal += event.bv;
        }
        if (ancestor.active) pair(step.id, ancestor);
      }
    }
    if (activated !== null && !path.includes(activated)) pair(activated, get(activated));

    // 4. The promo code owner, the ticket, VP.
    if (event.promo)
      pay(
        event.promo.ownerId,
        'promo_owner',
        bp(event.listPrice, plan.promo.budgetBp - event.promo.discountBp),
      );
    if (mentor !== null && event.productKind === 'event_ticket')
      pay(mentor, 'ticket', bp(event.netPrice, plan.ticket.rateBp));
    if (event.productKind === 'validator_key') {
      let level = 0;
      for (let up = mentor; up !== null && level < plan.vp.levels; up = mentorOf(up)) {
        level += 1;
        pay(up, 'vp', bp(event.netPrice, plan.vp.rateBp));
      }
    }

    // 5. Quick start: the buyer, then the inviter.
    if (event.tariff) {
      const inviter = mentor !== null && mentor !== 'root' ? mentor : null;
      if (
        inviter !== null &&
        event.tariff.price >= plan.quickStart.minInviteeTariffPrice &&
        !buyer.qsCounted
      ) {
        buyer.qsCounted = true;
        const m = get(inviter);
        if (m.firstTariffAt === null || at <= m.firstTariffAt + plan.quickStart.withinDays * DAY)
          m.qsInvitees += 1;
      }
      for (const id of [event.buyerId, ...(inviter ? [inviter] : [])]) {
        const p = get(id);
        if (p.qsPaid || !p.window || p.window.price < plan.quickStart.minTariffPrice) continue;
        if (p.qsInvitees < plan.quickStart.invitees) continue;
        p.qsPaid = true;
        pay(id, 'quick_start', plan.quickStart.amount);
      }
    }

    // 6. Qualification, nearest first.
    for (const id of path) {
      if (id === 'root') continue;
      const p = get(id);
      const weaker = p.leftTotal < p.rightTotal ? p.leftTotal : p.rightTotal;
      while (p.rank < plan.ranks.length && plan.ranks[p.rank]!.weakerLegVolume <= weaker) {
        pay(id, 'qualification', plan.ranks[p.rank]!.bonus);
        p.rank += 1;
      }
    }
    return out;
  });
}
