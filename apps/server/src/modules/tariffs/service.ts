import { randomUUID } from 'node:crypto';
import {
  BONUS_CAP_MULTIPLIER,
  formatMinor,
  PURCHASE_REQUEST_MINUTES,
  TARIFF_TERMS_VERSION,
  type TActivePackage,
  type TAdminMentorChanged,
  type TBinarySideAnswer,
  type TPackage,
  type TPackagePurchased,
  type TPackagePurchaseQuote,
  type TPackagePurchaseRequest,
  type TPackageTerms,
  type TTariffPurchaseKind,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { audit } from '../audit/service';
import { findProduct, unitPrice, type TCatalog, type TPricing, type TProductRow } from '../catalog/service';
import { isActive, pendingLostProfit, PLAN, recordMentorMoved, tariffNow } from '../compensation/service';
import { dftGrantCredit, dftGrantStatements } from '../dft/service';
import { once, type TIdempotency } from '../idempotency/service';
import * as network from '../network/service';
import { includedOrderEntries } from '../orders/service';
import { recordPurchase } from '../purchases/service';
import { rebaseSponsorCounters } from '../team-stats/service';
import * as repo from './repo';

/** USDT (6 places) to DFT (8 places): 1 USDT of price grants 1 DFT. */
const USDT_TO_DFT = 100n;

const TERMS_TEXT = [
  'A tariff is paid once from the USDT balance and is not refundable.',
  `Bonuses under a tariff stop at ${BONUS_CAP_MULTIPLIER} times its cost; the tariff is then Inactive until renewed.`,
  'While a tariff is Active it can only be upgraded to a higher one, paying the price difference.',
  'Each tariff purchase grants DFT equal to its USDT price, locked; 1/12 unlocks every 30 days.',
  'Your mentor cannot be changed after your first paid tariff.',
].join('\n');

export function toPackage(product: TProductRow, now = new Date()): TPackage {
  const { attributes } = product;
  return {
    id: product.id,
    name: product.name,
    price: formatMinor(unitPrice(product, now), 'USDT'),
    includes_node: Boolean(attributes.includes_node),
    matching_depth: Number(attributes.matching_depth ?? 0),
    bonus_cap_multiplier: Number(attributes.bonus_cap_multiplier ?? BONUS_CAP_MULTIPLIER),
    node_kind: attributes.includes_node ? (attributes.node_kind ?? null) : null,
    nodes: attributes.includes_node ? Number(attributes.nodes ?? 0) : 0,
  };
}

/** Nodes of `kind` a tariff includes. */
function included(product: TProductRow | undefined, kind: 'virtual' | 'device'): number {
  if (!product) return 0;
  const { attributes } = product;
  return attributes.includes_node && attributes.node_kind === kind ? Number(attributes.nodes ?? 0) : 0;
}

export { isActive };

/**
 * Tariffs (packages): the list, the partner's tariff and cap window, the purchase in two steps
 * (a priced request, then its confirmation paid from the USDT balance), the binary side and the
 * mentor rule (compensation-plan.md section 2; docs/shop.md "Tariffs").
 */
export function createTariffs(deps: {
  db: Db;
  catalog: TCatalog;
  /** The Hot Winter promo window (config.hotWinter); the plan's when not given. */
  hotWinter?: { from: string; to: string };
  /** The time a request is priced and a confirmation paid at, when not given (the system clock by default). */
  clock?: () => Date;
}) {
  const { db, catalog } = deps;
  const clock = deps.clock ?? (() => new Date());

  /**
   * The tariff `id` the partner asks for (available, or 404) and what buying it is now, given
   * their window: new (never bought), renewal (Inactive) or upgrade (Active, to a higher tariff, at
   * the difference). The same or a lower tariff while Active is refused with the spec's message.
   * The tariff and the one held are read in one statement.
   */
  async function plan(
    tx: Db,
    userId: number,
    id: number,
    now: Date,
  ): Promise<{ target: TProductRow; kind: TTariffPurchaseKind; current?: TProductRow; listPrice: bigint }> {
    const window = await tariffNow(tx, userId);
    const active = window !== null && isActive(window);
    const found = await catalog.availableWith(tx, id, active ? Number(window.productId) : null);
    const target = found.product;
    if (target.kind !== 'tariff') throw fail.field('package_id', 'notATariff');
    const price = unitPrice(target, now);
    if (!window) return { target, kind: 'new', listPrice: price };
    if (!active) return { target, kind: 'renewal', listPrice: price };
    const current = found.with!;
    const difference = price - unitPrice(current, now);
    if (difference <= 0n) throw fail.request('tariffAlreadyPurchased');
    return { target, kind: 'upgrade', current, listPrice: difference };
  }

  function priceOf(
    tx: Db,
    userId: number,
    target: TProductRow,
    listPrice: bigint,
    now: Date,
    promocode?: string,
  ) {
    // The pricing step prices the tariff at what is due (the difference for an upgrade).
    return catalog.price(tx, {
      userId,
      product: { ...target, price: listPrice, attributes: {} },
      promocode,
      now,
    });
  }

  return {
    async list(): Promise<TPackage[]> {
      const now = new Date();
      const answer: TPackage[] = [];
      for (const listed of await catalog.list('tariff')) {
        answer.push(toPackage(await catalog.available(db, listed.id), now));
      }
      return answer;
    },

    terms(): TPackageTerms {
      return { version: TARIFF_TERMS_VERSION, text: TERMS_TEXT };
    },

    async active(userId: number): Promise<TActivePackage> {
      const window = await tariffNow(db, userId);
      const zero = formatMinor(0n, 'USDT');
      const lostProfit = formatMinor(await pendingLostProfit(db, userId), 'USDT');
      if (!window) {
        return {
          package: null,
          status: 'Inactive',
          cap: zero,
          earned: zero,
          cap_left: zero,
          lost_profit_pending: lostProfit,
        };
      }
      const product = (await findProduct(db, Number(window.productId)))!;
      return {
        package: toPackage(product),
        status: isActive(window) ? 'Active' : 'Inactive',
        cap: formatMinor(window.cap, 'USDT'),
        earned: formatMinor(window.filled, 'USDT'),
        cap_left: formatMinor(window.cap - window.filled, 'USDT'),
        lost_profit_pending: lostProfit,
      };
    },

    /** Prices a tariff purchase for the partner and keeps the quote for PURCHASE_REQUEST_MINUTES. */
    async request(
      userId: number,
      input: TPackagePurchaseRequest,
      now = clock(),
    ): Promise<TPackagePurchaseQuote> {
      return db.transaction(async (tx) => {
        const { target, kind, listPrice } = await plan(tx, userId, input.package_id, now);
        const pricing = await priceOf(tx, userId, target, listPrice, now, input.promocode);
        const row = await repo.insertRequest(tx, {
          id: randomUUID(),
          userId,
          productId: target.id,
          priceId: pricing.priceId,
          kind,
          listPrice: pricing.listPrice,
          discount: pricing.discount,
          total: pricing.netPrice,
          promocode: input.promocode ?? null,
          discounts: pricing.discounts.map((item) => ({
            source: item.source,
            amount: item.amount.toString(),
          })),
          expiresAt: new Date(now.getTime() + PURCHASE_REQUEST_MINUTES * 60_000),
        });
        return {
          request_id: row.id,
          price: formatMinor(row.listPrice, 'USDT'),
          discount: formatMinor(row.discount, 'USDT'),
          total: formatMinor(row.total, 'USDT'),
          currency: 'USDT',
          expires_at: row.expiresAt.toISOString(),
          kind,
        };
      });
    },

    /**
     * Pays a request from the USDT balance, in one transaction with the Idempotency-Key: the
     * purchase (recordPurchase) with what it does to the buyer's window (the fold opens or grows
     * it, recovers lost profit into it and pays the bonuses), the DFT grant (locked) and the nodes
     * the tariff includes. The user row is locked first, so two confirmations of one partner run
     * one after the other and the second sees what the first bought.
     */
    confirm(
      userId: number,
      requestId: string,
      idempotency: TIdempotency | null,
      now = clock(),
    ): Promise<TPackagePurchased> {
      return once(db, idempotency, 200, async (tx) => {
        const locked = await repo.lockUserWithRequest(tx, userId, requestId);
        if (!locked) throw fail.notFound('purchaseRequestNotFound');
        const { user, request } = locked;
        if (request.purchaseId !== null) throw fail.request('purchaseRequestUsed');
        if (request.expiresAt <= now) throw fail.request('purchaseRequestExpired');
        const { target, kind, current, listPrice } = await plan(tx, userId, request.productId, now);
        // Another purchase (or a price change) since the request: its price no longer holds.
        if (kind !== request.kind || listPrice !== request.listPrice)
          throw fail.request('purchaseRequestStale');
        const pricing: TPricing = {
          listPrice: request.listPrice,
          discount: request.discount,
          netPrice: request.total,
          priceId: request.priceId,
          discounts: request.discounts.map((item) => ({ source: item.source, amount: BigInt(item.amount) })),
        };
        const { attributes } = target;
        const dft = listPrice * USDT_TO_DFT;
        const hotWinter = deps.hotWinter ?? PLAN.hotWinter;
        const purchase = await recordPurchase(tx, {
          userId,
          product: target,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          promocode: request.promocode,
          now,
          reference: `tariff:${request.id}`,
          details: {
            tariff_purchase: kind,
            from_product: current?.code ?? null,
            terms_version: TARIFF_TERMS_VERSION,
            mentor_id: user.mentorId,
          },
          tariff: {
            kind,
            productId: target.id,
            code: target.code,
            depth: Number(attributes.matching_depth ?? 0),
            price: unitPrice(target, now),
            capGrowth: listPrice * BigInt(BONUS_CAP_MULTIPLIER),
          },
          winter: now >= new Date(hotWinter.from) && now < new Date(hotWinter.to),
          // The DFT grant (locked), its statement line and its transfer, in the purchase's own statement.
          along: (purchaseId) => {
            const reference = sql`'tariff:' || ${purchaseId}`;
            return [
              ...dftGrantStatements(tx, { userId, amount: dft, reference, grantedAt: now }),
              ...dftGrantCredit({ userId, amount: dft, reference }),
            ];
          },
        });
        // An upgrade adds what the higher tariff includes beyond the one held; a new or renewed tariff all of it.
        const held = kind === 'upgrade' ? current : undefined;
        const virtual = Math.max(0, included(target, 'virtual') - included(held, 'virtual'));
        const devices = Math.max(0, included(target, 'device') - included(held, 'device'));
        const opened = await repo.markRequestPaid(
          tx,
          { id: request.id, purchaseId: purchase.id, userId, virtual },
          includedOrderEntries(tx, { userId, purchaseId: purchase.id, quantity: devices }, now),
        );
        if (opened !== virtual) throw new Error('No virtual node product in the catalogue');
        return { success: true as const, package: toPackage(target, now) };
      });
    },

    async setBinarySide(userId: number, side: 'left' | 'right'): Promise<TBinarySideAnswer> {
      await db.transaction(async (tx) => {
        await network.setBinarySide(tx, userId, side);
        await audit(tx, { userId, action: 'binary_side.changed', details: { side } });
      });
      return { side };
    },

    /** Admin: a partner's new mentor; refused once the partner has paid a tariff (spec). */
    async changeMentor(
      adminId: number,
      userId: number,
      mentorId: number,
      reason: string | null = null,
    ): Promise<TAdminMentorChanged> {
      return db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user || user.isCompanyRoot) throw fail.notFound();
        if (await repo.hasPaidTariff(tx, userId)) throw fail.request('mentorFixed');
        const mentor = await repo.findUser(tx, mentorId);
        if (!mentor) throw fail.field('mentor_id', 'mentorNotFound');
        if (await network.inSponsorDownline(tx, userId, mentorId))
          throw fail.field('mentor_id', 'mentorInvalid');
        await network.setMentor(tx, userId, mentorId);
        // The fold sees the move in the order of the partner's purchases.
        await recordMentorMoved(tx, userId, user.mentorId, mentorId);
        await rebaseSponsorCounters(tx, [user.mentorId, mentorId]);
        await audit(tx, {
          userId,
          actorId: adminId,
          action: 'mentor.changed',
          reason,
          before: { mentor_id: user.mentorId },
          after: { mentor_id: mentorId },
          details: { from: user.mentorId, to: mentorId },
        });
        return { id: userId, mentor_id: mentorId };
      });
    },

    /** The cleanup job: unpaid requests a day past their expiry (they answer "expired" until then). */
    cleanup: (now = new Date()) => repo.deleteExpiredRequests(db, new Date(now.getTime() - 24 * 3600_000)),
  };
}

export type TTariffs = ReturnType<typeof createTariffs>;
