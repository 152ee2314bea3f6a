import {
  BV_KINDS,
  formatMinor,
  minor,
  type TChainCurrency,
  type TPaidPrice,
  type TProductKind,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import type { TPricing, TProductRow } from '../catalog/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { leg, paymentParts, postTransfer } from '../ledger/service';
import { eventInsert, PLAN, recordEvent, type TEventInput, type TPromoInput } from '../compensation/service';
import { promoOf, recordRedemption, takePromocodeUse } from '../promocodes/service';
import { operationStatement, recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TAlong, TPurchaseRow } from './repo';

export type { TAlong, TPurchaseRow };

/** A purchase recorded, and the rows its `along` statements answered (raw: `rowOf` reads them), in their order. */
export type TRecordedPurchase = TPurchaseRow & { along: (Record<string, unknown>[] | null)[] };

export type TPurchaseInput = {
  userId: number;
  product: TProductRow;
  units?: number;
  pricing: TPricing;
  /** What the buyer pays in: USDT at the net price, or DXN at a quote (`paid` then in DXN). */
  currency: TChainCurrency;
  /** Minor units of `currency` taken from the buyer's balance; the net price when in USDT. */
  paid: bigint;
  quoteId?: string | null;
  promocode?: string | null;
  /** Names the purchase: one purchase, one transfer per reference (an idempotent retry buys nothing twice). */
  reference: string;
  /** Shown in the partner's statement line and kept on the purchase. */
  details?: Record<string, string | number | boolean | null>;
  /** The promo code's owner and discount, when the code names one (the promotions issue supplies it). */
  promo?: TPromoInput | null;
  /** The time the purchase is paid at (a promo code's expiry is checked at it); the system clock by default. */
  now?: Date;
  /**
   * When its bonuses are due (compensation-plan.md 5a): with the payment (the default), or once
   * the product module releases them (`releasePurchase`: a validator key when it is activated).
   */
  bonuses?: 'at_payment' | 'on_release';
  /**
   * Statements that run in the purchase's own statement, given its id as an expression of it (a
   * product row that names the purchase); those that name their table answer their rows
   * (`TRecordedPurchase`'s `along`).
   */
  along?: (purchaseId: SQL) => TAlong[];
  /** A tariff: what it does to the buyer's cap window, decided at checkout (the fold applies it). */
  tariff?: Extract<TEventInput, { kind: 'purchase' }>['tariff'];
  /** A tariff bought inside the configured Hot Winter window. */
  winter?: boolean;
};

/** The volume of a purchase (compensation-plan.md section 1): its net USDT price, for the kinds that carry it. */
export function volumeOf(kind: TProductKind, netPrice: bigint): bigint {
  return BV_KINDS.includes(kind) ? netPrice : 0n;
}

/**
 * The checkout (docs/shop.md, docs/compensation.md "The fold"): records a purchase in the
 * caller's transaction, in one statement: the ledger transfer from the buyer's balance to the
 * company's sales, the purchase row that names its price, the line of the buyer's statement, and
 * the event the fold computes its bonuses from (unless they wait for `releasePurchase`). Nothing
 * here reads or locks anyone but the buyer. "Insufficient funds on the internal balance." when the
 * balance is short: the error rolls the caller's transaction back, so nothing is kept.
 */
export async function recordPurchase(tx: Db, input: TPurchaseInput): Promise<TRecordedPurchase> {
  const kind = input.product.kind;
  const { pricing, currency, paid } = input;
  // A price with a promo code's discount spends one use of the code here, in the payment's
  // transaction, before any money moves: a code used up meanwhile refuses the whole purchase.
  const promoDiscount = pricing.discounts.find((item) => item.source === 'promocode');
  const code =
    input.promocode && promoDiscount
      ? await takePromocodeUse(tx, {
          code: input.promocode,
          buyerId: input.userId,
          now: input.now ?? new Date(),
        })
      : null;
  // The payment goes into the purchase's own statement (one round trip, docs/performance.md "Purchases").
  const payment =
    paid > 0n
      ? paymentParts({
          operationType: 'purchase',
          reference: `purchase:${input.reference}`,
          details: { product: input.product.code, units: input.units ?? 1 },
          from: userAccount(input.userId, currency),
          to: COMPANY_PURPOSES.sales,
          amount: minor(paid, currency),
        })
      : undefined;
  const bv = volumeOf(kind, pricing.netPrice);
  const units = input.units ?? 1;
  // The promo code's owner and discount: known before the purchase is written (its redemption
  // needs the purchase's id, and follows it).
  const promo = code ? promoOf(code) : (input.promo ?? null);
  // The promotions module checks a code before pricing with it; one that breaks the plan's rules
  // here is a defect, and the purchase is refused whole.
  if (promo && (promo.ownerId === input.userId || !PLAN.promo.discountsBp.includes(promo.discountBp)))
    throw new Error(`Purchase ${input.reference} names a promo code the plan refuses`);
  const facts = {
    userId: input.userId,
    kind,
    units,
    bv,
    listPrice: pricing.listPrice,
    netPrice: pricing.netPrice,
  };
  const extra = input.along?.(repo.PURCHASE_ID) ?? [];
  const {
    purchase,
    paid: paidThrough,
    along,
  } = await repo.insertPurchase(
    tx,
    {
      userId: input.userId,
      productId: input.product.id,
      priceId: pricing.priceId,
      kind,
      units,
      listPrice: pricing.listPrice,
      discount: pricing.discount,
      netPrice: pricing.netPrice,
      currency,
      paid,
      bv,
      quoteId: input.quoteId ?? null,
      promocode: input.promocode ?? null,
      reference: input.reference,
      transferId: payment?.transferId ?? null,
      details: {
        ...input.details,
        discounts: pricing.discounts.map((item) => ({ source: item.source, amount: item.amount.toString() })),
      },
    },
    [
      // Its statement line and, unless its bonuses wait for a release, its event: in the same statement.
      operationStatement({
        userId: input.userId,
        operationType: 'purchase',
        currency,
        amount: -paid,
        status: 'completed',
        reference: sql`'purchase:' || ${repo.PURCHASE_ID}`,
        details: { product: input.product.name, kind, units, ...input.details },
      }),
      ...extra,
      ...((input.bonuses ?? 'at_payment') === 'at_payment'
        ? [
            eventInsert(
              purchaseEvent({ id: 0, ...facts }, { promo, tariff: input.tariff, winter: input.winter }),
              repo.PURCHASE_ID,
            ),
          ]
        : []),
    ],
    payment,
  );
  // Short: nothing of the payment was written, and the rest of the statement goes with the
  // caller's transaction, which this error rolls back.
  if (!paidThrough) throw fail.request('insufficientFunds');
  if (code)
    await recordRedemption(tx, code, {
      id: purchase.id,
      userId: input.userId,
      discount: promoDiscount!.amount,
    });
  return { ...purchase, along: along.slice(1, 1 + extra.length) };
}

/** The fold's event of a purchase: the facts its bonuses are computed from, as they are now. */
function purchaseEvent(
  purchase: Pick<TPurchaseRow, 'id' | 'userId' | 'bv' | 'kind' | 'listPrice' | 'netPrice'>,
  extra: { promo?: TPromoInput | null; tariff?: TPurchaseInput['tariff']; winter?: boolean },
): TEventInput {
  return {
    kind: 'purchase',
    purchaseId: purchase.id,
    userId: purchase.userId,
    bv: purchase.bv,
    productKind: purchase.kind,
    listPrice: purchase.listPrice,
    netPrice: purchase.netPrice,
    promo: extra.promo ?? null,
    tariff: extra.tariff ?? null,
    winter: extra.winter ?? false,
  };
}

/**
 * Releases the bonuses of a purchase recorded with `bonuses: 'on_release'` (a validator key, when
 * it is activated): its event goes to the fold now, dated now. Once: a second call writes nothing.
 */
export async function releasePurchase(tx: Db, purchaseId: number): Promise<void> {
  const purchase = await repo.findPurchase(tx, purchaseId);
  if (!purchase || purchase.status !== 'completed') return;
  await recordEvent(tx, purchaseEvent(purchase, {}));
}

/**
 * Returns a purchase's payment to the buyer's balance, as its own transfer (never an edit of the
 * first), with its statement line and a refund event: the fold reverses the bonuses the purchase
 * paid and takes its volume back (compensation-plan.md 5a). Once: false when the purchase was
 * refunded already.
 */
export async function refundPurchase(tx: Db, purchaseId: number, reason: string): Promise<boolean> {
  if (!(await repo.markRefunded(tx, purchaseId))) return false;
  const purchase = (await repo.findPurchase(tx, purchaseId))!;
  const currency = purchase.currency;
  if (purchase.paid > 0n) {
    await postTransfer(tx, {
      operationType: 'refund',
      reference: `purchase:${purchase.reference}:refund`,
      details: { purchase_id: purchase.id, reason },
      legs: [
        leg(companyAccount(currency, COMPANY_PURPOSES.sales), minor(-purchase.paid, currency)),
        leg(userAccount(purchase.userId, currency), minor(purchase.paid, currency)),
      ],
    });
  }
  await recordOperation(tx, {
    userId: purchase.userId,
    operationType: 'refund',
    currency,
    amount: purchase.paid,
    status: 'completed',
    reference: `purchase:${purchase.id}:refund`,
    details: { purchase_id: purchase.id, kind: purchase.kind, reason },
  });
  await recordEvent(tx, { kind: 'refund', purchaseId, userId: purchase.userId, bv: purchase.bv });
  return true;
}

/** What a purchase cost, as the shop's answers show it (list price, discount, total paid). */
export function paidPrice(purchase: TPurchaseRow): TPaidPrice {
  return {
    purchase_id: purchase.id,
    price: formatMinor(purchase.listPrice, 'USDT'),
    discount: formatMinor(purchase.discount, 'USDT'),
    total: formatMinor(purchase.netPrice, 'USDT'),
    currency: 'USDT',
  };
}

export const findPurchase = repo.findPurchase;
export const userPurchases = repo.userPurchases;
