import {
  BV_KINDS,
  formatMinor,
  minor,
  type TChainCurrency,
  type TPaidPrice,
  type TProductKind,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import type { TPricing, TProductRow } from '../catalog/service';
import { companyAccount, COMPANY_PURPOSES, userAccount } from '../ledger/accounts';
import { InsufficientFundsError, leg, postTransfer } from '../ledger/service';
import { postPurchaseBonuses, reversePurchaseBonuses, type TPromoInput } from '../compensation/service';
import { recordRedemption, takePromocodeUse } from '../promocodes/service';
import { recordOperation } from '../statement/service';
import * as repo from './repo';
import type { TPurchaseRow } from './repo';

export type { TPurchaseRow };

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
};

/** The volume of a purchase (compensation-plan.md section 1): its net USDT price, for the kinds that carry it. */
export function volumeOf(kind: TProductKind, netPrice: bigint): bigint {
  return BV_KINDS.includes(kind) ? netPrice : 0n;
}

/**
 * Records a purchase in the caller's transaction: the ledger transfer from the buyer's balance to
 * the company's sales, the purchase row that names its price, the line of the buyer's statement,
 * and the purchase event the compensation engine consumes (issue 8; until it lands, no bonus is
 * paid). "Insufficient funds on the internal balance." when the balance is short: nothing is written.
 */
export async function recordPurchase(tx: Db, input: TPurchaseInput): Promise<TPurchaseRow> {
  const kind = input.product.kind as TProductKind;
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
  let transferId: number | null = null;
  if (paid > 0n) {
    try {
      const transfer = await postTransfer(tx, {
        operationType: 'purchase',
        reference: `purchase:${input.reference}`,
        details: { product: input.product.code, units: input.units ?? 1 },
        legs: [
          leg(userAccount(input.userId, currency), minor(-paid, currency)),
          leg(companyAccount(currency, COMPANY_PURPOSES.sales), minor(paid, currency)),
        ],
      });
      if (!transfer.created) throw new Error(`Purchase ${input.reference} was recorded before`);
      transferId = transfer.id;
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw fail.request('insufficientFunds');
      throw error;
    }
  }
  const bv = volumeOf(kind, pricing.netPrice);
  const purchase = await repo.insertPurchase(tx, {
    userId: input.userId,
    productId: input.product.id,
    priceId: pricing.priceId,
    kind,
    units: input.units ?? 1,
    listPrice: pricing.listPrice,
    discount: pricing.discount,
    netPrice: pricing.netPrice,
    currency,
    paid,
    bv,
    quoteId: input.quoteId ?? null,
    promocode: input.promocode ?? null,
    reference: input.reference,
    transferId,
    details: {
      ...input.details,
      discounts: pricing.discounts.map((item) => ({ source: item.source, amount: item.amount.toString() })),
    },
  });
  await recordOperation(tx, {
    userId: input.userId,
    operationType: 'purchase',
    currency,
    amount: -paid,
    status: 'completed',
    reference: `purchase:${purchase.id}`,
    details: { product: input.product.name, kind, units: purchase.units, ...input.details },
  });
  await repo.insertEvent(tx, { purchaseId: purchase.id, userId: input.userId, kind: 'purchase', bv });
  const promo = code
    ? await recordRedemption(tx, code, {
        id: purchase.id,
        userId: input.userId,
        discount: promoDiscount!.amount,
      })
    : input.promo;
  await postPurchaseBonuses(tx, purchase, { promo, productCode: input.product.code });
  return purchase;
}

/**
 * Returns a purchase's payment to the buyer's balance, as its own transfer (never an edit of the
 * first), with its statement line and a refund event that takes its volume back. Once: false when
 * the purchase was refunded already.
 */
export async function refundPurchase(tx: Db, purchaseId: number, reason: string): Promise<boolean> {
  if (!(await repo.markRefunded(tx, purchaseId))) return false;
  const purchase = (await repo.findPurchase(tx, purchaseId))!;
  const currency = purchase.currency as TChainCurrency;
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
  await repo.insertEvent(tx, { purchaseId, userId: purchase.userId, kind: 'refund', bv: purchase.bv });
  await reversePurchaseBonuses(tx, purchase);
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
