import { randomUUID } from 'node:crypto';
import {
  BY_UNIT_KINDS,
  formatMinor,
  minor,
  packYearEnd,
  parseMinor,
  PURCHASE_CALLS,
  tokenPackYearYield,
  usdtToDxn,
  type TProductSentence,
  type TProductSentencesRequest,
  type TPurchaseByUnit,
  type TPurchaseByUnitResult,
  type TTokenPack,
  type TTokenPackBuy,
  type TUpgradeAvailability,
  type TUpgradeOption,
  type TVirtualNode,
  type TVirtualNodeBuy,
  type TVirtualNodePurchase,
  type TVirtualNodeUpgrade,
  type TVirtualNodeUpgraded,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import {
  AMOUNT_KINDS,
  amountLimits,
  unitPrice,
  type TCatalog,
  type TPricing,
  type TProductRow,
} from '../catalog/service';
import { once, type TIdempotency } from '../idempotency/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { creditParts, postTransfer } from '../ledger/service';
import { postAnnualMatching } from '../compensation/periodic';
import { paidPrice, recordPurchase } from '../purchases/service';
import { liveQuote } from '../rates/service';
import { operationStatement, recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TNodeView, TTokenPackRow } from './repo';

const tierOf = (attributes: TProductRow['attributes']): number => Number(attributes.tier ?? 0);

function toNode(row: TNodeView): TVirtualNode {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    tier: tierOf(row.attributes),
    status: row.status as TVirtualNode['status'],
    upgraded_from_id: row.upgradedFromId,
    created_at: row.createdAt.toISOString(),
  };
}

// ---- token pack payouts (also run by the job) -----------------------------------------------------

/** The pack years that have ended by `now` (0 to the pack's years). */
export function yearsEnded(pack: Pick<TTokenPackRow, 'startsAt' | 'years'>, now: Date): number {
  let ended = 0;
  while (ended < pack.years && packYearEnd(pack.startsAt, ended + 1) <= now) ended += 1;
  return ended;
}

/**
 * The token pack job: pays what packs owe by `now`: the yield of each ended pack year to the main
 * DXN balance (bonus_type token_package, reference token_pack:<id>:year:<n>) with its annual
 * matching to the owner's upline (modules/compensation), and after the last year the principal
 * from token_pack_locked to main. Drains every pack due, `batch` per transaction, claimed by the
 * due-time index (next_payout_at) with `for update skip locked`, so several processes share the
 * work and each year is paid once. Never in a partner's request: a read shows the years ended as
 * paid (toTokenPack) until the job pays them. Answers how many pack years it paid.
 */
export async function payDueTokenPacks(db: Db, now = new Date(), batch = 100): Promise<number> {
  let paid = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const packs = await repo.claimDuePacks(tx, now, batch);
      for (const pack of packs) paid += await payPack(tx, pack, now);
      return packs.length;
    });
    if (claimed < batch) return paid;
  }
}

/** A claimed pack's years ended by `now`, in the caller's transaction; how many. */
async function payPack(tx: Db, pack: TTokenPackRow, now: Date): Promise<number> {
  const due = yearsEnded(pack, now);
  await repo.advancePack(
    tx,
    pack.id,
    Math.max(due, pack.yearsPaid),
    due < pack.years ? packYearEnd(pack.startsAt, due + 1) : null,
  );
  if (due <= pack.yearsPaid) return 0;
  const yearly = tokenPackYearYield(pack.principal, pack.yieldBp);
  for (let year = pack.yearsPaid + 1; year <= due; year += 1) {
    if (yearly === 0n) continue;
    const reference = `token_pack:${pack.id}:year:${year}`;
    await postTransfer(tx, {
      operationType: 'bonus',
      bonusType: 'token_package',
      reference,
      details: { token_pack_id: pack.id, year },
      legs: [
        { account: companyAccount('DXN', COMPANY_PURPOSES.productYields), amount: minor(-yearly, 'DXN') },
        { account: userAccount(pack.userId, 'DXN'), amount: minor(yearly, 'DXN') },
      ],
    });
    await recordOperation(tx, {
      userId: pack.userId,
      operationType: 'bonus',
      bonusType: 'token_package',
      currency: 'DXN',
      amount: yearly,
      status: 'completed',
      reference,
      details: { token_pack_id: pack.id, year },
    });
    // Annual matching of this pack year's yield, with it (compensation-plan.md section 4).
    await postAnnualMatching(tx, pack, year, yearly, packYearEnd(pack.startsAt, year));
  }
  if (due === pack.years) {
    const reference = `token_pack:${pack.id}:release`;
    await postTransfer(tx, {
      operationType: 'transfer',
      reference,
      details: { token_pack_id: pack.id },
      legs: [
        {
          account: userAccount(pack.userId, 'DXN', 'token_pack_locked'),
          amount: minor(-pack.principal, 'DXN'),
        },
        { account: userAccount(pack.userId, 'DXN'), amount: minor(pack.principal, 'DXN') },
      ],
    });
    await recordOperation(tx, {
      userId: pack.userId,
      operationType: 'transfer',
      currency: 'DXN',
      amount: pack.principal,
      status: 'completed',
      reference,
      details: { token_pack_id: pack.id, released: true },
    });
  }
  return due - pack.yearsPaid;
}

/** A pack as its owner sees it at `now` (after the payouts due by then). */
export function toTokenPack(
  row: Awaited<ReturnType<typeof repo.userTokenPacks>>[number],
  now: Date,
): TTokenPack {
  const { pack } = row;
  const yearly = tokenPackYearYield(pack.principal, pack.yieldBp);
  // What a read shows even before any payout ran: the years ended by `now` count as paid.
  const yearsPaid = Math.max(pack.yearsPaid, yearsEnded(pack, now));
  const next = yearsPaid < pack.years ? yearsPaid + 1 : null;
  return {
    id: pack.id,
    code: row.code,
    name: row.name,
    paid: formatMinor(row.paid, 'USDT'),
    rate: String((row.details as { rate?: string }).rate ?? ''),
    principal: formatMinor(pack.principal, 'DXN'),
    years: pack.years,
    yield_bp: pack.yieldBp,
    yearly_yield: formatMinor(yearly, 'DXN'),
    years_paid: yearsPaid,
    yield_paid: formatMinor(yearly * BigInt(yearsPaid), 'DXN'),
    status: next === null ? 'completed' : 'locked',
    starts_at: pack.startsAt.toISOString(),
    ends_at: packYearEnd(pack.startsAt, pack.years).toISOString(),
    next_payout_at: next === null ? null : packYearEnd(pack.startsAt, next).toISOString(),
    next_payout:
      next === null ? null : formatMinor(next === pack.years ? yearly + pack.principal : yearly, 'DXN'),
  };
}

/**
 * Virtual nodes, token packs, the offers of product screens and purchases by the unit
 * (compensation-plan.md section 7; docs/shop.md). Every purchase goes through the catalogue's
 * pricing step and `recordPurchase`, in one transaction with its Idempotency-Key.
 */
export function createProducts(deps: { db: Db; catalog: TCatalog }) {
  const { db, catalog } = deps;

  /** The list price of an upgrade is the difference of the two tiers' unit prices now. */
  async function upgradePricing(
    tx: Db,
    userId: number,
    from: TNodeView,
    target: TProductRow,
    promocode: string | undefined,
    now: Date,
  ): Promise<TPricing> {
    const difference = unitPrice(target, now) - unitPrice(from, now);
    // The pricing step prices the target tier at the difference: its discounts apply to what is paid.
    return catalog.price(tx, {
      userId,
      product: { ...target, price: difference > 0n ? difference : 0n },
      promocode: promocode ?? null,
      now,
    });
  }

  /** N virtual nodes of one tier: one purchase of N units, N nodes. In the caller's transaction. */
  async function buyNodes(
    tx: Db,
    userId: number,
    product: TProductRow,
    units: number,
    promocode: string | undefined,
  ): Promise<TVirtualNodePurchase> {
    if (product.kind !== 'virtual_node') throw fail.field('product_id', 'notAVirtualNode');
    const pricing = await catalog.price(tx, { userId, product, units, promocode: promocode ?? null });
    const purchase = await recordPurchase(tx, {
      userId,
      product,
      units,
      pricing,
      currency: 'USDT',
      paid: pricing.netPrice,
      promocode: promocode ?? null,
      reference: `virtual_node:${randomUUID()}`,
      details: { tier: tierOf(product.attributes) },
      // Its nodes, in its own statement.
      along: (purchaseId) => [
        repo.nodesInsert(
          Array.from({ length: units }, () => ({
            userId,
            kind: 'virtual' as const,
            productId: product.id,
            purchaseId,
          })),
        ),
      ],
    });
    const { code, name, price, attributes } = product;
    return {
      nodes: repo
        .nodeRows(purchase.along[0]!)
        .map((row) => toNode({ ...row, code, name, price, attributes })),
      purchase: paidPrice(purchase),
    };
  }

  return {
    async nodes(userId: number): Promise<TVirtualNode[]> {
      return (await repo.userVirtualNodes(db, userId)).map(toNode);
    },

    buyNode(
      userId: number,
      input: TVirtualNodeBuy,
      idempotency: TIdempotency | null,
    ): Promise<TVirtualNodePurchase> {
      return once(db, idempotency, 201, async (tx) =>
        buyNodes(tx, userId, await catalog.available(tx, input.product_id), 1, input.promocode),
      );
    },

    /** Each active virtual node of the partner with the higher tiers on sale and their price difference. */
    async availableForUpgrade(
      userId: number,
      promocode: string | undefined,
      now = new Date(),
    ): Promise<TUpgradeAvailability> {
      const tiers: TProductRow[] = [];
      for (const product of await catalog.list('virtual_node')) {
        tiers.push(await catalog.available(db, product.id));
      }
      const active = (await repo.userVirtualNodes(db, userId)).filter((node) => node.status === 'active');
      const answer: TUpgradeAvailability = [];
      for (const node of active) {
        const upgrades: TUpgradeOption[] = [];
        for (const target of tiers.filter((tier) => tierOf(tier.attributes) > tierOf(node.attributes))) {
          const pricing = await upgradePricing(db, userId, node, target, promocode, now);
          upgrades.push({
            product_id: target.id,
            code: target.code,
            name: target.name,
            tier: tierOf(target.attributes),
            price: formatMinor(pricing.listPrice, 'USDT'),
            discount: formatMinor(pricing.discount, 'USDT'),
            total: formatMinor(pricing.netPrice, 'USDT'),
          });
        }
        answer.push({ node: toNode(node), upgrades });
      }
      // A promo code is checked by the pricing step even when there is nothing to upgrade.
      const priced = answer.some((item) => item.upgrades.length > 0);
      if (promocode && !priced && tiers[0]) {
        await catalog.price(db, { userId, product: tiers[0], promocode, now });
      }
      return answer;
    },

    /**
     * Upgrades the partner's own active virtual node to a higher tier, paying the difference: a
     * purchase of the higher tier whose list price is the difference; the old node becomes
     * `upgraded` and the new one names it.
     */
    upgrade(
      userId: number,
      input: TVirtualNodeUpgrade,
      idempotency: TIdempotency | null,
      now = new Date(),
    ): Promise<TVirtualNodeUpgraded> {
      return once(db, idempotency, 200, async (tx) => {
        const node = await repo.lockOwnVirtualNode(tx, userId, input.node_id);
        if (!node) throw fail.notFound('virtualNodeNotFound');
        if (node.status !== 'active') throw fail.request('nodeAlreadyUpgraded');
        const [from] = await repo.nodeViews(tx, [node.id]);
        const target = await catalog.available(tx, input.product_id);
        if (target.kind !== 'virtual_node') throw fail.field('product_id', 'notAVirtualNode');
        if (tierOf(target.attributes) <= tierOf(from!.attributes))
          throw fail.field('product_id', 'upgradeNotHigher');
        const pricing = await upgradePricing(tx, userId, from!, target, input.promocode, now);
        const purchase = await recordPurchase(tx, {
          userId,
          product: target,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          promocode: input.promocode ?? null,
          // A node is upgraded once: its upgrade names it.
          reference: `virtual_node:${node.id}:upgrade`,
          details: { upgrade_from_node: node.id, from_product: from!.code, tier: tierOf(target.attributes) },
        });
        const [created] = await repo.insertNodes(tx, [
          { userId, kind: 'virtual', productId: target.id, purchaseId: purchase.id, upgradedFromId: node.id },
        ]);
        await repo.markUpgraded(tx, node.id);
        const [view] = await repo.nodeViews(tx, [created!.id]);
        return { node: toNode(view!), purchase: paidPrice(purchase) };
      });
    },

    /**
     * Buys DXN with USDT at a live quote and locks it in a token pack: the USDT leaves through
     * `recordPurchase`; amount / rate DXN (rounded down) moves from company:product_yields to the
     * partner's token_pack_locked account in the same transaction.
     */
    buyTokenPack(
      userId: number,
      input: TTokenPackBuy,
      idempotency: TIdempotency | null,
      now = new Date(),
    ): Promise<TTokenPack> {
      return once(db, idempotency, 201, async (tx) => {
        const product = await catalog.available(tx, input.product_id);
        if (product.kind !== 'token_pack') throw fail.field('product_id', 'notATokenPack');
        const quote = await liveQuote(tx, input.quote_id, now);
        if (!quote) throw fail.field('quote_id', 'quoteExpired');
        const amount = parseMinor(input.amount, 'USDT')!;
        const pricing = await catalog.price(tx, {
          userId,
          product,
          amount,
          promocode: input.promocode ?? null,
          now,
        });
        const principal = usdtToDxn(pricing.listPrice, quote.rate);
        if (principal <= 0n) throw fail.field('amount', 'amountNotPositive');
        const { attributes } = product;
        const years = Number(attributes.lock_years ?? 1);
        const yieldBp = Number(attributes.yield_bp ?? 0);
        const dxn = formatMinor(principal, 'DXN');
        const purchase = await recordPurchase(tx, {
          userId,
          product,
          pricing,
          currency: 'USDT',
          paid: pricing.netPrice,
          quoteId: quote.id,
          promocode: input.promocode ?? null,
          reference: `token_pack:${randomUUID()}`,
          details: { dxn, rate: quote.rate, years, yield_bp: yieldBp },
          // The pack, its locked DXN and that DXN's statement line, in the purchase's own statement.
          along: (purchaseId) => {
            const packId = sql`(select id from token_pack)`;
            const reference = sql`'token_pack:' || ${packId} || ':lock'`;
            return [
              repo.tokenPackInsert('token_pack', {
                userId,
                purchaseId,
                principal,
                years,
                yieldBp,
                startsAt: now,
                nextPayoutAt: packYearEnd(now, 1),
              }),
              ...creditParts({
                name: 'token_pack_lock',
                operationType: 'purchase',
                reference,
                details: sql`jsonb_build_object('token_pack_id', ${packId}, 'purchase_id', ${purchaseId}, 'rate', ${quote.rate}::text)`,
                from: COMPANY_PURPOSES.productYields,
                to: userAccount(userId, 'DXN', 'token_pack_locked'),
                amount: minor(principal, 'DXN'),
              }),
              operationStatement({
                userId,
                operationType: 'purchase',
                currency: 'DXN',
                amount: principal,
                status: 'completed',
                reference,
                details: sql`jsonb_build_object('token_pack_id', ${packId}, 'locked', true, 'rate', ${quote.rate}::text, 'years', ${years}::numeric)`,
              }),
            ];
          },
        });
        const pack = repo.tokenPackRow(purchase.along[0]!);
        return toTokenPack(
          { pack, code: product.code, name: product.name, paid: purchase.paid, details: purchase.details },
          now,
        );
      });
    },

    /** The partner's packs with their next payout (the years ended by `now` show as paid; the job pays them). */
    async tokenPacks(userId: number, now = new Date()): Promise<TTokenPack[]> {
      return (await repo.userTokenPacks(db, userId)).map((row) => toTokenPack(row, now));
    },

    /**
     * The offers of product screens (docs/shop.md): each product on sale (of one kind, or all)
     * with its price now after the pricing step: for 1 unit, or for the minimum amount of a
     * product bought for an amount.
     */
    async sentences(
      userId: number,
      input: TProductSentencesRequest,
      now = catalog.now(),
    ): Promise<TProductSentence[]> {
      const answer: TProductSentence[] = [];
      for (const listed of await catalog.list(input.kind)) {
        const product = await catalog.available(db, listed.id);
        const byAmount = AMOUNT_KINDS.includes(product.kind);
        const limits = byAmount ? amountLimits(product) : null;
        const pricing = await catalog.price(db, {
          userId,
          product,
          ...(limits ? { amount: limits.min } : {}),
          promocode: input.promocode ?? null,
          now,
        });
        answer.push({
          product_id: product.id,
          code: product.code,
          kind: product.kind,
          name: product.name,
          price: formatMinor(pricing.listPrice, 'USDT'),
          discount: formatMinor(pricing.discount, 'USDT'),
          total: formatMinor(pricing.netPrice, 'USDT'),
          currency: 'USDT',
          min_amount: limits ? formatMinor(limits.min, 'USDT') : null,
          max_amount: limits ? formatMinor(limits.max, 'USDT') : null,
          by_unit: BY_UNIT_KINDS.includes(product.kind),
          seats_left: product.seats === null ? null : product.seats - product.sold,
          attributes: product.attributes,
        });
      }
      return answer;
    },

    /**
     * N units of a product sold by the unit (virtual nodes); a kind with its own flow is refused
     * with the call it is bought through.
     */
    purchaseByUnit(
      userId: number,
      input: TPurchaseByUnit,
      idempotency: TIdempotency | null,
    ): Promise<TPurchaseByUnitResult> {
      return once(db, idempotency, 200, async (tx) => {
        const product = await catalog.available(tx, input.product_id);
        const kind = product.kind;
        if (!BY_UNIT_KINDS.includes(kind))
          throw fail.field('product_id', 'notSoldByUnit', { call: PURCHASE_CALLS[kind] });
        const bought = await buyNodes(tx, userId, product, input.units, input.promocode);
        return { kind, units: input.units, ...bought };
      });
    },
  };
}

export type TProducts = ReturnType<typeof createProducts>;
