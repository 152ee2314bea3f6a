import {
  PAGE_SIZE,
  type TAdminPurchase,
  fieldErrors,
  formatMinor,
  formatMinorShort,
  parseMinor,
  type TAdminProductUpdate,
  type TCurrency,
  type TProduct,
  type TProductAttributes,
  type TProductKind,
  type TProductPriceChange,
  ZProductAttributes,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import type { purchases } from '../purchases/schema';
import { fail } from '../../http/errors';
import { audit } from '../audit/service';
import { checkAmountBound } from '../ledger/bounds';
import * as repo from './repo';
import type { TProductPriceRow, TProductRow } from './repo';

export type { TProductRow };

/** A product by id or by code, in the caller's transaction (available or not). */
export const findProduct = repo.findProduct;
export const findProductByCode = repo.findProductByCode;

/** A price made by the pricing step: what a purchase records (USDT minor units). */
export type TPricing = {
  listPrice: bigint;
  discount: bigint;
  netPrice: bigint;
  /** The product_prices row the list price comes from. */
  priceId: number;
  /** Each discount taken, by where it came from ("promocode", "black_friday"). */
  discounts: { source: string; amount: bigint }[];
};

/**
 * A pricing as JSON, kept on what is paid later (an order, a key reservation), so that the payment
 * records exactly the price that was shown, even if an admin changed it meanwhile.
 */
export type TStoredPricing = {
  product_id: number;
  list_price: string;
  discount: string;
  net_price: string;
  price_id: number;
  discounts: { source: string; amount: string }[];
};

export const storePricing = (productId: number, pricing: TPricing): TStoredPricing => ({
  product_id: productId,
  list_price: pricing.listPrice.toString(),
  discount: pricing.discount.toString(),
  net_price: pricing.netPrice.toString(),
  price_id: pricing.priceId,
  discounts: pricing.discounts.map((item) => ({ source: item.source, amount: item.amount.toString() })),
});

export const restorePricing = (stored: TStoredPricing): TPricing => ({
  listPrice: BigInt(stored.list_price),
  discount: BigInt(stored.discount),
  netPrice: BigInt(stored.net_price),
  priceId: stored.price_id,
  discounts: stored.discounts.map((item) => ({ source: item.source, amount: BigInt(item.amount) })),
});

export type TPriceRequest = {
  userId: number;
  product: TProductRow;
  /** Units bought together (1 unless the product is sold by the unit). */
  units?: number;
  /** The amount chosen, for products bought for an amount (token packs, gift certificates). */
  amount?: bigint;
  promocode?: string | null;
  now?: Date;
};

/**
 * A discount of the pricing step: given the request and its list price, the amount it takes off
 * (or null). The promotions issue plugs in promo codes and the Black Friday window here.
 */
export type TDiscountRule = (
  db: Db,
  request: TPriceRequest & { now: Date },
  listPrice: bigint,
) => Promise<{ source: string; amount: bigint } | null>;

/** Products bought for an amount the partner chooses rather than at a unit price. */
export const AMOUNT_KINDS: readonly TProductKind[] = ['token_pack', 'gift_certificate'];

/**
 * The unit list price of a product at `now`: an event ticket's price follows its schedule
 * (compensation-plan.md section 7: 500 until 30 October, 750 until 30 November, 1000 from
 * 1 December, UTC); every other product its price.
 */
export function unitPrice(product: Pick<TProductRow, 'price' | 'attributes'>, now: Date): bigint {
  const schedule = product.attributes.price_schedule ?? [];
  const step = [...schedule]
    .sort((a, b) => Date.parse(a.before) - Date.parse(b.before))
    .find((entry) => now.getTime() < Date.parse(entry.before));
  return step ? parseMinor(step.price, 'USDT')! : product.price;
}

/** The amount limits of a product bought for an amount (`min`/`max` attributes, USDT). */
export function amountLimits(product: TProductRow): { min: bigint; max: bigint } {
  const { attributes } = product;
  return {
    min: parseMinor(attributes.min ?? '0.000001', 'USDT')!,
    max: parseMinor(attributes.max ?? '1000000', 'USDT')!,
  };
}

export function toProduct(row: Omit<TProductRow, 'priceId'>, now = new Date()): TProduct {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    price: formatMinor(unitPrice(row, now), 'USDT'),
    available: row.available,
    attributes: row.attributes,
    seats: row.seats,
    sold: row.sold,
  };
}

function toPriceChange(
  row: TProductPriceRow,
  email: string | null,
  previous: TProductPriceRow | undefined,
): TProductPriceChange {
  return {
    id: row.id,
    price: formatMinor(row.price, 'USDT'),
    available: row.available,
    attributes: row.attributes,
    previous_price: previous ? formatMinor(previous.price, 'USDT') : null,
    changed_by: row.changedBy,
    changed_by_email: email,
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminPurchase(item: {
  purchase: typeof purchases.$inferSelect;
  email: string;
  productName: string;
}): TAdminPurchase {
  const { purchase } = item;
  const currency = purchase.currency;
  return {
    id: purchase.id,
    user_id: purchase.userId,
    user_email: item.email,
    product_id: purchase.productId,
    product_name: item.productName,
    kind: purchase.kind,
    units: purchase.units,
    list_price: formatMinor(purchase.listPrice, 'USDT'),
    discount: formatMinor(purchase.discount, 'USDT'),
    net_price: formatMinor(purchase.netPrice, 'USDT'),
    currency,
    paid: formatMinor(purchase.paid, currency),
    bv: formatMinor(purchase.bv, 'USDT'),
    status: purchase.status,
    created_at: purchase.createdAt.toISOString(),
  };
}

/**
 * Refuses attributes about to be written (a change merged with what is kept) that their contract
 * refuses, as the fields of `attributes` a bad request names; then those that would price wrongly:
 * every step of a schedule and the `min`/`max` bounds within the configured bound of amounts, and
 * `min` not above `max`.
 */
function checkAttributes(attributes: TProductAttributes, amountMax: Record<TCurrency, bigint>): void {
  const parsed = ZProductAttributes.safeParse(attributes);
  if (!parsed.success)
    throw fail.fields(
      fieldErrors(parsed.error.issues.map((issue) => ({ ...issue, path: ['attributes', ...issue.path] }))),
    );
  const schedule = attributes.price_schedule ?? [];
  schedule.forEach((step, index) =>
    checkAmountBound(
      parseMinor(step.price, 'USDT')!,
      'USDT',
      amountMax,
      `attributes.price_schedule.${index}.price`,
    ),
  );
  const bound = (name: 'min' | 'max') => {
    const text = attributes[name];
    if (typeof text !== 'string') return null;
    const amount = parseMinor(text, 'USDT');
    if (amount === null) throw fail.field(`attributes.${name}`, 'invalidValue');
    checkAmountBound(amount, 'USDT', amountMax, `attributes.${name}`);
    return amount;
  };
  const min = bound('min');
  const max = bound('max');
  if (min !== null && max !== null && min > max) throw fail.field('attributes.min', 'amountRangeInvalid');
}

/**
 * The catalogue (products in the database, every change kept) and the one pricing step every
 * purchase goes through: list price, then discounts.
 */
export function createCatalog(deps: {
  db: Db;
  /** The configured bound of amounts (AMOUNT_MAX_USDT): no price passes it. */
  amountMax: Record<TCurrency, bigint>;
  /** Discounts applied to every price, in order (none until promotions). */
  discounts?: TDiscountRule[];
  /** The rule that reads a promo code; without it, any code named is unknown. */
  promocode?: TDiscountRule;
  /** The time a price is decided at when the request names none (the system clock by default). */
  clock?: () => Date;
}) {
  const { db } = deps;

  /** A product partners can buy now, or 404. */
  async function available(tx: Db, id: number): Promise<TProductRow> {
    const product = await repo.findProduct(tx, id);
    if (!product?.available) throw fail.notFound('productNotFound');
    return product;
  }

  /**
   * `available(id)`, and the product `other` names (by id or by code; available or not; null when
   * not asked or not there) read with it in one statement.
   */
  async function availableWith(
    tx: Db,
    id: number,
    other: number | string | null,
  ): Promise<{ product: TProductRow; with: TProductRow | null }> {
    const rows = await repo.findProducts(
      tx,
      typeof other === 'number' ? [id, other] : [id],
      typeof other === 'string' ? [other] : [],
    );
    const product = rows.find((row) => row.id === id);
    if (!product?.available) throw fail.notFound('productNotFound');
    const found = rows.find((row) => (typeof other === 'number' ? row.id === other : row.code === other));
    return { product, with: found ?? null };
  }

  const clock = deps.clock ?? (() => new Date());

  return {
    /** The time prices are decided at (the app's clock). */
    now: clock,

    async list(kind?: TProductKind): Promise<TProduct[]> {
      const now = new Date();
      return (await repo.listProducts(db, kind))
        .filter((row) => row.available)
        .map((row) => toProduct(row, now));
    },

    available,
    availableWith,
    findByCode: findProductByCode,

    /**
     * The price of a purchase at `now`: the list price (unit price x units, or the amount chosen),
     * then each discount, never below zero. In the caller's transaction, so that the price record
     * named is the one in force when the purchase commits.
     */
    async price(tx: Db, request: TPriceRequest): Promise<TPricing> {
      const now = request.now ?? clock();
      const { product } = request;
      const units = request.units ?? 1;
      let listPrice: bigint;
      if (AMOUNT_KINDS.includes(product.kind)) {
        if (request.amount === undefined) throw fail.field('amount', 'fieldRequired');
        const { min, max } = amountLimits(product);
        if (request.amount < min)
          throw fail.field('amount', 'amountBelowMinimum', {
            min: formatMinorShort(min, 'USDT'),
            currency: 'USDT',
          });
        if (request.amount > max)
          throw fail.field('amount', 'amountAboveMaximum', {
            max: formatMinorShort(max, 'USDT'),
            currency: 'USDT',
          });
        listPrice = request.amount * BigInt(units);
      } else {
        listPrice = unitPrice(product, now) * BigInt(units);
      }
      const discounts: TPricing['discounts'] = [];
      const full = { ...request, now };
      for (const rule of deps.discounts ?? []) {
        const taken = await rule(tx, full, listPrice);
        if (taken && taken.amount > 0n) discounts.push(taken);
      }
      if (request.promocode) {
        if (!deps.promocode) throw fail.field('promocode', 'promocodeNotExists');
        const taken = await deps.promocode(tx, full, listPrice);
        if (taken && taken.amount > 0n) discounts.push(taken);
      }
      const discount = discounts.reduce((sum, item) => sum + item.amount, 0n);
      const capped = discount > listPrice ? listPrice : discount;
      return {
        listPrice,
        discount: capped,
        netPrice: listPrice - capped,
        priceId: product.priceId,
        discounts,
      };
    },

    // ---- admin ----

    async adminList(): Promise<TProduct[]> {
      const now = new Date();
      return (await repo.listProducts(db)).map((row) => toProduct(row, now));
    },

    async history(id: number): Promise<TProductPriceChange[]> {
      if (!(await repo.findProduct(db, id))) throw fail.notFound('productNotFound');
      const rows = await repo.priceHistory(db, id);
      return rows.map((item, index) => toPriceChange(item.row, item.email, rows[index + 1]?.row));
    },

    /** Everyone's purchases, newest first, of one kind and/or of buyers whose email contains `email`. */
    async adminPurchases(filter: { kind?: TProductKind; email?: string }, page: number) {
      const { count, rows } = await repo.purchasesPage(db, filter, page, PAGE_SIZE);
      return { count, pageSize: PAGE_SIZE, results: rows.map(toAdminPurchase) };
    },

    /** Changes a product; the change is kept with its time and its admin, in the same transaction. */
    async update(id: number, patch: TAdminProductUpdate, adminId: number): Promise<TProduct> {
      const price = patch.price === undefined ? undefined : parseMinor(patch.price, 'USDT');
      if (price === null || (price !== undefined && price < 0n)) throw fail.field('price', 'invalidValue');
      if (price !== undefined) checkAmountBound(price, 'USDT', deps.amountMax, 'price');
      return db.transaction(async (tx) => {
        const current = await repo.lockProduct(tx, id);
        if (!current) throw fail.notFound('productNotFound');
        const attributes =
          patch.attributes === undefined ? undefined : { ...current.attributes, ...patch.attributes };
        if (attributes) checkAttributes(attributes, deps.amountMax);
        // A change that changes nothing (an empty body, the same price again) is not a change: no record.
        const unchanged =
          (price === undefined || price === current.price) &&
          (patch.available === undefined || patch.available === current.available) &&
          (patch.name === undefined || patch.name === current.name) &&
          (attributes === undefined || JSON.stringify(attributes) === JSON.stringify(current.attributes));
        if (unchanged) return toProduct(current);
        const row = await repo.updateProduct(tx, id, {
          ...(price === undefined ? {} : { price }),
          ...(patch.available === undefined ? {} : { available: patch.available }),
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(attributes === undefined ? {} : { attributes }),
        });
        await repo.insertPrice(tx, {
          productId: id,
          price: row.price,
          available: row.available,
          attributes: row.attributes,
          changedBy: adminId,
        });
        await audit(tx, {
          userId: adminId,
          actorId: adminId,
          action: 'product.updated',
          details: { product_id: id, ...patch },
        });
        return toProduct(row);
      });
    },

    takeSeats: repo.takeSeats,
    returnSeats: repo.returnSeats,
    lockProduct: repo.lockProduct,
  };
}

export type TCatalog = ReturnType<typeof createCatalog>;
