import fc from 'fast-check';
import type { TProductKind } from '@portal/contracts';
import { applyTariff, foldEvent, type TFoldEvent, type TFoldPosting, type TTariffChange } from '../fold';
import { FoldState } from '../fold-state';
import { PLAN_V1, TARIFF_CODES, type TTariffCode } from '../plan';
import type { TLeg } from '../types';
import { tariffChange, usdt } from './network';

/**
 * Random networks and purchase sequences for the fold's property tests: partners placed by the
 * plan's rule (section 3: the bottom of the mentor's chosen leg, on its outer edge), then a
 * sequence of purchases and refunds, each decided on the state the fold has reached (a tariff is
 * new, an upgrade or a renewal as the checkout would decide it).
 */

export type TPartnerSpec = { mentor: number; side: TLeg };

export type TAction =
  | { kind: 'tariff'; buyer: number; code: TTariffCode }
  | {
      kind: 'product';
      buyer: number;
      product: Exclude<TProductKind, 'tariff' | 'gift_certificate'>;
      price: bigint;
    }
  | { kind: 'promo'; buyer: number; owner: number; code: TTariffCode; discountBp: number }
  | { kind: 'refund'; index: number }
  /** Every partner spends `share` percent of what they hold. */
  | { kind: 'spend'; share: number }
  | { kind: 'pass'; days: number };

export type TScenario = { partners: TPartnerSpec[]; actions: TAction[] };

const PRODUCTS = [
  ['device', usdt(1000)],
  ['virtual_node', usdt(100)],
  ['token_pack', usdt('250.000003')],
  ['validator_key', usdt(1500)],
  ['event_ticket', usdt(750)],
  ['starlink', usdt(600)],
] as const;

/**
 * A network of 3 to `maxPartners` partners (most of them invited by a few early ones, as in a real
 * team), where most partners buy a tariff first, then `maxActions` random purchases, refunds of
 * devices, spending and time passing: rich enough that binaries pair, windows fill, refunds undo
 * pairings and leave debts.
 */
export const scenarioArb = (maxPartners = 8, maxActions = 60): fc.Arbitrary<TScenario> =>
  fc.integer({ min: 3, max: maxPartners }).chain((count) => {
    const buyer = fc.nat(count - 1);
    return fc
      .record({
        partners: fc.tuple(
          ...Array.from({ length: count }, (_, index) =>
            fc.record({
              // Partner i is invited by one who came before (the first ones more often), or by the root.
              mentor:
                index === 0
                  ? fc.constant(-1)
                  : fc.oneof(
                      fc.integer({ min: -1, max: Math.min(1, index - 1) }),
                      fc.integer({ min: -1, max: index - 1 }),
                    ),
              side: fc.constantFrom<TLeg>('left', 'right'),
            }),
          ),
        ),
        first: fc.array(
          fc.record({
            buyer,
            code: fc.constantFrom<TTariffCode>(
              'tariff-50',
              'tariff-500',
              'tariff-500',
              'tariff-1500',
              'tariff-3000',
            ),
          }),
          {
            minLength: count - 1,
            maxLength: count + 2,
          },
        ),
        actions: fc.array(
          fc.oneof(
            {
              weight: 3,
              arbitrary: fc.record({
                kind: fc.constant('tariff' as const),
                buyer,
                code: fc.constantFrom(...TARIFF_CODES),
              }),
            },
            {
              weight: 5,
              arbitrary: fc
                .record({ buyer, product: fc.oneof(fc.constant(0), fc.nat(PRODUCTS.length - 1)) })
                .map(({ buyer: who, product }) => ({
                  kind: 'product' as const,
                  buyer: who,
                  product: PRODUCTS[product]![0],
                  price: PRODUCTS[product]![1],
                })),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant('promo' as const),
                buyer,
                owner: buyer,
                code: fc.constantFrom(...TARIFF_CODES),
                discountBp: fc.constantFrom(1000, 2000),
              }),
            },
            { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), index: fc.nat(50) }) },
            {
              weight: 2,
              arbitrary: fc.record({
                kind: fc.constant('spend' as const),
                share: fc.integer({ min: 10, max: 100 }),
              }),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant('pass' as const),
                days: fc.integer({ min: 1, max: 9 }),
              }),
            },
          ),
          { maxLength: maxActions },
        ),
      })
      .map(({ partners, first, actions }) => ({
        partners,
        actions: [...first.map((item) => ({ kind: 'tariff' as const, ...item })), ...actions],
      }));
  });

/**
 * A team built for the binary: everyone invited by p0 or p1, placed left or right, each buying a
 * tariff of 500 or more first, then devices bought, refunded and spent around: binaries pair, ranks
 * are reached, refunds undo pairings and leave debts.
 */
export const binaryScenarioArb = (maxPartners = 9, maxActions = 60): fc.Arbitrary<TScenario> =>
  fc.integer({ min: 4, max: maxPartners }).chain((count) => {
    const buyer = fc.integer({ min: 1, max: count - 1 });
    return fc
      .record({
        partners: fc.tuple(
          ...Array.from({ length: count }, (_, index) =>
            fc.record({
              mentor: index === 0 ? fc.constant(-1) : fc.constantFrom(0, Math.min(1, index - 1)),
              side: fc.constantFrom<TLeg>('left', 'right'),
            }),
          ),
        ),
        actions: fc.array(
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc.record({
                kind: fc.constant('product' as const),
                buyer,
                product: fc.constant('device' as const),
                price: fc.constantFrom(usdt(1000), usdt(5000), usdt('1000.000005')),
              }),
            },
            { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), index: fc.nat(50) }) },
            {
              weight: 2,
              arbitrary: fc.record({
                kind: fc.constant('spend' as const),
                share: fc.integer({ min: 30, max: 100 }),
              }),
            },
            {
              weight: 1,
              arbitrary: fc.record({
                kind: fc.constant('tariff' as const),
                buyer,
                code: fc.constantFrom(...TARIFF_CODES),
              }),
            },
          ),
          { maxLength: maxActions },
        ),
      })
      .map(({ partners, actions }) => ({
        partners,
        actions: [
          ...partners.map((_, index) => ({
            kind: 'tariff' as const,
            buyer: index,
            code: 'tariff-500' as const,
          })),
          ...actions,
        ],
      }));
  });

/** The partners' ids ('p0', 'p1', ...) with their mentors and binary places, by the plan's rule. */
export function placeTrees(partners: readonly TPartnerSpec[]) {
  const children = new Map<string, { left?: string; right?: string }>();
  const mentor = new Map<string, string>();
  const parent = new Map<string, { id: string; leg: TLeg }>();
  const sideOf = new Map<string, TLeg>([['root', 'left']]);
  partners.forEach((spec, index) => {
    const id = `p${index}`;
    const by = spec.mentor < 0 ? 'root' : `p${spec.mentor}`;
    mentor.set(id, by);
    sideOf.set(id, spec.side);
    const leg = sideOf.get(by)!;
    let at = by;
    for (let next = children.get(at)?.[leg]; next; next = children.get(at)?.[leg]) at = next;
    children.set(at, { ...children.get(at), [leg]: id });
    parent.set(id, { id: at, leg });
  });
  return { mentor, parent };
}

export function newState(partners: readonly TPartnerSpec[], complete = true): FoldState {
  const state = new FoldState({ complete });
  state.setTree('root', { mentorId: null, parent: null, root: true });
  const { mentor, parent } = placeTrees(partners);
  for (const [id, by] of mentor) state.setTree(id, { mentorId: by, parent: parent.get(id)! });
  return state;
}

/** What the checkout decides for a tariff purchase, on the window the fold has left. */
export function decideTariff(
  state: FoldState,
  buyer: string,
  code: TTariffCode,
): { change: TTariffChange; paid: bigint } | null {
  const window = state.partner(buyer).window;
  const price = PLAN_V1.tariffPrices[code];
  if (!window) return { change: tariffChange(code, 'new'), paid: price };
  if (window.filled >= window.cap) return { change: tariffChange(code, 'renewal'), paid: price };
  const difference = price - window.price;
  if (difference <= 0n) return null; // "already purchased": refused at checkout, nothing recorded
  return { change: tariffChange(code, 'upgrade', difference), paid: difference };
}

/**
 * Turns a scenario into events, folding each as it goes on `state` (so that each tariff is
 * decided on the state reached). Balances are simulated so that a refund's reversals take back
 * what the payee holds; `spend` actions spend part of a partner's balance. Answers the events and
 * every posting, in order.
 */
export function playScenario(scenario: TScenario, state = newState(scenario.partners)) {
  const events: TFoldEvent[] = [];
  const postings: TFoldPosting[] = [];
  const balance = new Map<string, bigint>();
  const refundable: string[] = [];
  let at = new Date('2026-03-01T00:00:00Z').getTime();
  let purchases = 0;
  const available = (userId: string) => balance.get(userId) ?? 0n;
  const fold = (event: TFoldEvent) => {
    events.push(event);
    const made = foldEvent(PLAN_V1, state, event, {
      available: (userId, currency) => (currency === 'USDT' ? available(userId) : 0n),
    });
    for (const posting of made) {
      if (posting.toCompany || posting.currency !== 'USDT') continue;
      const moved = posting.reversesRef === null ? posting.credited - posting.debtRepaid : -posting.taken;
      balance.set(posting.payeeId, available(posting.payeeId) + moved);
    }
    postings.push(...made);
  };
  const purchase = (
    buyer: string,
    productKind: TProductKind,
    price: bigint,
    extra: Partial<Extract<TFoldEvent, { kind: 'purchase' }>> = {},
  ) => {
    const purchaseId = `q${++purchases}`;
    const carriesBv = (PLAN_V1.bvKinds as readonly string[]).includes(productKind);
    fold({
      kind: 'purchase',
      id: `e${events.length + 1}`,
      at: new Date(at),
      purchaseId,
      buyerId: buyer,
      productKind,
      bv: carriesBv ? (extra.netPrice ?? price) : 0n,
      listPrice: price,
      netPrice: price,
      promo: null,
      tariff: null,
      winter: false,
      ...extra,
    });
    return purchaseId;
  };
  for (const action of scenario.actions) {
    at += 3_600_000;
    switch (action.kind) {
      case 'tariff': {
        const decided = decideTariff(state, `p${action.buyer}`, action.code);
        if (decided) purchase(`p${action.buyer}`, 'tariff', decided.paid, { tariff: decided.change });
        break;
      }
      case 'product': {
        const id = purchase(`p${action.buyer}`, action.product, action.price);
        if (action.product === 'device') refundable.push(id);
        break;
      }
      case 'promo': {
        if (action.owner === action.buyer) break;
        const decided = decideTariff(state, `p${action.buyer}`, action.code);
        if (!decided) break;
        const discount = (decided.paid * BigInt(action.discountBp)) / 10_000n;
        purchase(`p${action.buyer}`, 'tariff', decided.paid, {
          tariff: decided.change,
          netPrice: decided.paid - discount,
          promo: { ownerId: `p${action.owner}`, discountBp: action.discountBp },
        });
        break;
      }
      case 'refund': {
        const id = refundable.splice(action.index % Math.max(1, refundable.length), 1)[0];
        if (id) fold({ kind: 'refund', id: `e${events.length + 1}`, at: new Date(at), purchaseId: id });
        break;
      }
      case 'spend':
        for (const [who, held] of balance) balance.set(who, held - (held * BigInt(action.share)) / 100n);
        break;
      case 'pass':
        at += action.days * 86_400_000;
        break;
    }
  }
  return { events, postings, balance };
}

export { applyTariff };
