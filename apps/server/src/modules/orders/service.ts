import {
  ADDRESS_EDITABLE_STATUSES,
  formatMinor,
  nextOrderStatus,
  ORDER_PAYMENT_HOURS,
  ORDER_STATUS_LABELS,
  type TAdminOrder,
  type TAdminOrderRefund,
  type TAdminOrderUpdate,
  type TCreateOrderAndRegisterRequest,
  type TCreateOrderAndRegisterResponse,
  type TCreateOrderRequest,
  type TAuthResponse,
  type TOrder,
  type TOrderStatus,
  type TRegisterRequest,
  type TShipping,
  type TUpdateOrderRequest,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { audit } from '../audit/service';
import {
  findProduct,
  restorePricing,
  storePricing,
  type TStoredPricing,
  type TCatalog,
  type TPricing,
  type TProductRow,
} from '../catalog/service';
import { once, type TIdempotency } from '../idempotency/service';
import { findPurchase, recordPurchase, refundPurchase, type TPurchaseInput } from '../purchases/service';
import type { TClientMeta } from '../sessions/service';
import * as repo from './repo';
import type { TOrderRow } from './repo';

export type { TOrderRow };

/** One part of an order as the pricing step priced it (kept on the order: its payment records it). */
type TStoredPrice = TStoredPricing & { units: number };
type TOrderPricing = { device?: TStoredPrice; starlink?: TStoredPrice };

const store = (productId: number, units: number, pricing: TPricing): TStoredPrice => ({
  ...storePricing(productId, pricing),
  units,
});

/** What an order's status is now: an unpaid order past its time is Canceled even before the job runs. */
export function orderStatusAt(order: TOrderRow, paymentConfirming: boolean, now: Date): TOrderStatus {
  if (
    order.status === 'WAIT_PAYMENT' &&
    order.expiresAt !== null &&
    order.expiresAt <= now &&
    !paymentConfirming
  ) {
    return 'Canceled';
  }
  return order.status;
}

const CLOSED: readonly TOrderStatus[] = ['Canceled', 'Failed'];
const NEEDS_ADDRESS: readonly TOrderStatus[] = ['PREPARING_TO_SHIP', 'SHIPPING', 'SHIPPED', 'Completed'];
/** Delivered: it can no longer be cancelled or refunded. */
const DELIVERED: readonly TOrderStatus[] = ['SHIPPED', 'Completed'];

function toOrder(order: TOrderRow, productName: string, confirming: boolean, now: Date): TOrder {
  const status = orderStatusAt(order, confirming, now);
  const pricing = order.pricing as TOrderPricing;
  const shipping = order.shipping as Partial<TShipping>;
  return {
    id: order.id,
    number: order.number,
    status,
    status_label: ORDER_STATUS_LABELS[status],
    product_id: order.productId,
    product_name: productName,
    quantity: order.quantity,
    starlink: order.starlink,
    devices_total: formatMinor(BigInt(pricing.device?.net_price ?? 0), 'USDT'),
    starlink_total: formatMinor(BigInt(pricing.starlink?.net_price ?? 0), 'USDT'),
    total: formatMinor(order.total, 'USDT'),
    currency: 'USDT',
    shipping:
      shipping.address === undefined
        ? null
        : {
            full_name: shipping.full_name ?? '',
            phone: shipping.phone ?? '',
            country: shipping.country ?? '',
            city: shipping.city ?? '',
            address: shipping.address,
            postcode: shipping.postcode ?? '',
          },
    address_editable: ADDRESS_EDITABLE_STATUSES.includes(status),
    estimated_shipping_date: order.estimatedShippingDate,
    track_number: order.trackNumber,
    serial_number: order.serialNumber,
    included: order.sourcePurchaseId !== null,
    payment_confirming: status === 'WAIT_PAYMENT' && confirming,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: status === 'WAIT_PAYMENT' ? (order.expiresAt?.toISOString() ?? null) : null,
  };
}

/**
 * Pays a locked unpaid order from its owner's USDT balance in the caller's transaction: the
 * devices and the add-on are each a purchase (recordPurchase, at the prices of the order), then
 * the order is PAID and its devices become nodes. "Insufficient funds on the internal balance."
 * when short: nothing is written.
 */
async function payLocked(
  tx: Db,
  order: TOrderRow,
  how: 'balance' | 'invoice',
  /** The products of the order's prices, when the caller has them. */
  known: TProductRow[] = [],
): Promise<TOrderRow> {
  const pricing = order.pricing as TOrderPricing;
  const details = { order_id: order.id, order_number: order.number, paid_by: how };
  const buy = async (part: 'device' | 'starlink', stored: TStoredPrice, along?: TPurchaseInput['along']) => {
    const product =
      known.find((item) => item.id === stored.product_id) ?? (await findProduct(tx, stored.product_id))!;
    const priced = restorePricing(stored);
    return recordPurchase(tx, {
      userId: order.userId,
      product,
      units: stored.units,
      pricing: priced,
      currency: 'USDT',
      paid: priced.netPrice,
      reference: `order:${order.id}:${part}`,
      details,
      along,
    });
  };
  // The devices first, then the add-on; the last of them marks the order paid in its statement.
  const device = pricing.starlink ? await buy('device', pricing.device!) : null;
  const last = await buy(
    pricing.starlink ? 'starlink' : 'device',
    pricing.starlink ?? pricing.device!,
    (purchaseId) => {
      const devicePurchaseId = device?.id ?? purchaseId;
      return repo.orderPaidParts(
        tx,
        order.id,
        {
          status: 'PAID',
          purchaseId: devicePurchaseId,
          starlinkPurchaseId: device ? purchaseId : null,
          paidAt: new Date(),
          expiresAt: null,
        },
        devicePurchaseId,
      );
    },
  );
  return repo.paidOrder(last.along[0]!);
}

/**
 * Closes a locked order as Canceled or Failed: a paid one has each of its purchases refunded
 * (refundPurchase: the payment back as its own transfer, and the fold reverses its bonuses) and
 * its nodes stopped. Answers the order and what was refunded.
 */
async function close(
  tx: Db,
  order: TOrderRow,
  target: 'Canceled' | 'Failed',
  reason: string,
): Promise<{ order: TOrderRow; refunded: bigint }> {
  let refunded = 0n;
  for (const purchaseId of [order.purchaseId, order.starlinkPurchaseId]) {
    if (purchaseId === null) continue;
    if (await refundPurchase(tx, purchaseId, reason)) refunded += (await findPurchase(tx, purchaseId))!.paid;
  }
  await repo.cancelNodes(tx, order.id);
  return { order: await repo.updateOrder(tx, order.id, { status: target }), refunded };
}

/**
 * The chain payment of an order (modules/deposits/watcher.ts, in the transaction that credits the
 * transfer to the partner's balance): the order is paid from that balance if it still waits;
 * otherwise (paid from the balance meanwhile, canceled) the deposit simply stays on the balance.
 * Answers whether the order was paid.
 */
export async function payOrderByInvoice(
  tx: Db,
  invoice: { orderId: number; userId: number },
): Promise<boolean> {
  const order = await repo.lockOrder(tx, invoice.orderId, invoice.userId);
  // The transfer was seen while the invoice was open, so the order waits however long it took.
  if (order?.status !== 'WAIT_PAYMENT') return false;
  await payLocked(tx, order, 'invoice');
  return true;
}

/** Locks an order that a chain credit is about to pay (watcher.ts), before the balance moves. */
export async function lockOrderForPayment(tx: Db, orderId: number): Promise<void> {
  await repo.lockOrder(tx, orderId, null);
}

/**
 * The order an invoice is made for (modules/deposits): the partner's own unpaid order, locked,
 * with what it costs and until when it waits. 404 for another partner's order.
 */
export async function orderToPay(
  tx: Db,
  userId: number,
  orderId: number,
  now: Date,
): Promise<{ id: number; total: bigint; expiresAt: Date }> {
  const order = await repo.lockOrder(tx, orderId, userId);
  if (!order) throw fail.notFound('orderNotFound');
  const status = orderStatusAt(order, await repo.paymentConfirming(tx, order.id), now);
  if (status !== 'WAIT_PAYMENT' || order.expiresAt === null) throw fail.request('orderNotAwaitingPayment');
  return { id: order.id, total: order.total, expiresAt: order.expiresAt };
}

/**
 * The device order a tariff includes (compensation-plan.md section 2), as `with` entries of the
 * tariff purchase's own statement (null when it includes none): one PAID order of `quantity`
 * devices of the catalogue's device, total 0, naming the tariff's purchase, with no address yet
 * (the partner fills it); its devices are nodes at once.
 */
export function includedOrderEntries(
  tx: Db,
  input: { userId: number; purchaseId: number; quantity: number },
  now: Date,
): SQL | null {
  if (input.quantity <= 0) return null;
  return repo.orderInsertEntries(
    tx,
    'included_order',
    {
      userId: input.userId,
      // The catalogue's device (the insert is refused without one).
      productId: sql`(select id from products where code = 'device')`,
      quantity: input.quantity,
      starlink: false,
      total: 0n,
      status: 'PAID',
      shipping: {},
      sourcePurchaseId: input.purchaseId,
      pricing: {},
      paidAt: now,
      expiresAt: null,
    },
    { purchaseId: input.purchaseId },
  );
}

const PAGE_SIZE = 20;

/** The sign-up of the landing flow (modules/accounts, wired in app.ts), run with the order in its transaction. */
type TRegister = (
  input: TRegisterRequest,
  meta: TClientMeta,
  within?: (tx: Db, userId: number) => Promise<void>,
) => Promise<TAuthResponse>;

export function createOrders(deps: { db: Db; catalog: TCatalog; accounts: { register: TRegister } }) {
  const { db, catalog } = deps;

  /** Prices and opens an unpaid order of the partner (a device, and the add-on when asked). */
  async function open(
    tx: Db,
    userId: number,
    input: Pick<TCreateOrderRequest, 'product_id' | 'quantity' | 'starlink' | 'shipping'>,
    now: Date,
  ): Promise<{ order: TOrderRow; products: TProductRow[] }> {
    const found = await catalog.availableWith(tx, input.product_id, input.starlink ? 'starlink' : null);
    const product = found.product;
    if (product.kind !== 'device') throw fail.field('product_id', 'orderProductNotDevice');
    let starlinkProduct: TProductRow | undefined;
    if (input.starlink) {
      starlinkProduct = found.with ?? undefined;
      if (!starlinkProduct?.available) throw fail.field('starlink', 'productNotFound');
    }
    const devicePrice = await catalog.price(tx, { userId, product, units: input.quantity, now });
    const starlinkPrice = starlinkProduct
      ? await catalog.price(tx, { userId, product: starlinkProduct, units: 1, now })
      : null;
    const pricing: TOrderPricing = {
      device: store(product.id, input.quantity, devicePrice),
      ...(starlinkProduct && starlinkPrice ? { starlink: store(starlinkProduct.id, 1, starlinkPrice) } : {}),
    };
    const order = await repo.insertOrder(tx, {
      userId,
      productId: product.id,
      quantity: input.quantity,
      starlink: input.starlink,
      total: devicePrice.netPrice + (starlinkPrice?.netPrice ?? 0n),
      status: 'WAIT_PAYMENT',
      shipping: input.shipping,
      pricing,
      expiresAt: new Date(now.getTime() + ORDER_PAYMENT_HOURS * 3600_000),
    });
    return { order, products: starlinkProduct ? [product, starlinkProduct] : [product] };
  }

  async function answer(tx: Db, order: TOrderRow, now = new Date()): Promise<TOrder> {
    const productName = (await findProduct(tx, order.productId))!.name;
    return toOrder(order, productName, await repo.paymentConfirming(tx, order.id), now);
  }

  /** The answer of an order opened in this transaction: no invoice of it can be confirming yet. */
  const answerOpened = (order: TOrderRow, products: TProductRow[], now: Date): TOrder =>
    toOrder(order, products[0]!.name, false, now);

  /** The partner's own order, locked, with its status now; 404 for anyone else's. */
  async function lockOwn(tx: Db, userId: number, orderId: number, now: Date) {
    const order = await repo.lockOrder(tx, orderId, userId);
    if (!order) throw fail.notFound('orderNotFound');
    return { order, status: orderStatusAt(order, await repo.paymentConfirming(tx, order.id), now) };
  }

  return {
    /** A device order: paid at once from the balance, or waiting for its payment. */
    async create(
      userId: number,
      input: TCreateOrderRequest,
      idempotency: TIdempotency | null,
    ): Promise<TOrder> {
      return once(db, idempotency, 201, async (tx) => {
        const now = new Date();
        const { order, products } = await open(tx, userId, input, now);
        const paid = input.pay_from_balance ? await payLocked(tx, order, 'balance', products) : order;
        return answerOpened(paid, products, now);
      });
    },

    /**
     * The landing flow: registers the partner (exactly as /accounts/register/) and opens the order
     * in the same transaction, so that an order refused registers nobody.
     */
    async createAndRegister(
      input: TCreateOrderAndRegisterRequest,
      meta: TClientMeta,
    ): Promise<TCreateOrderAndRegisterResponse> {
      const { product_id, quantity, starlink, shipping, ...registration } = input;
      let order: TOrder | undefined;
      const { token, user } = await deps.accounts.register(registration, meta, async (tx, userId) => {
        const now = new Date();
        const opened = await open(tx, userId, { product_id, quantity, starlink, shipping }, now);
        order = answerOpened(opened.order, opened.products, now);
      });
      return { auth_data: { token }, user, order: order! };
    },

    /** Pays the partner's unpaid order from the balance. */
    async pay(userId: number, orderId: number, idempotency: TIdempotency | null): Promise<TOrder> {
      return once(db, idempotency, 200, async (tx) => {
        const now = new Date();
        const { order, status } = await lockOwn(tx, userId, orderId, now);
        if (status !== 'WAIT_PAYMENT') throw fail.request('orderNotAwaitingPayment');
        return answer(tx, await payLocked(tx, order, 'balance'), now);
      });
    },

    /** Changes the shipping address, until the order is in transit. */
    async update(userId: number, input: TUpdateOrderRequest): Promise<TOrder> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const { order, status } = await lockOwn(tx, userId, input.order_id, now);
        if (CLOSED.includes(status)) throw fail.request('orderClosed');
        if (!ADDRESS_EDITABLE_STATUSES.includes(status)) throw fail.request('orderAddressLocked');
        const updated = await repo.updateOrder(tx, order.id, { shipping: input.shipping });
        await audit(tx, { userId, action: 'order.address_changed', details: { order_id: order.id } });
        return answer(tx, updated, now);
      });
    },

    async get(userId: number, orderId: number): Promise<TOrder> {
      const found = await repo.findOrder(db, orderId, userId);
      if (!found) throw fail.notFound('orderNotFound');
      return toOrder(found.order, found.productName, found.confirming, new Date());
    },

    async list(userId: number, status: TOrderStatus | undefined, page: number) {
      const now = new Date();
      const { count, rows } = await repo.ordersPage(db, { userId, status, now }, page, PAGE_SIZE);
      return {
        count,
        pageSize: PAGE_SIZE,
        results: rows.map((row) => toOrder(row.order, row.productName, row.confirming, now)),
      };
    },

    // ---- admin ----

    async adminList(status: TOrderStatus | undefined, page: number) {
      const now = new Date();
      const { count, rows } = await repo.ordersPage(db, { userId: null, status, now }, page, PAGE_SIZE);
      return {
        count,
        pageSize: PAGE_SIZE,
        results: rows.map((row): TAdminOrder => ({
          ...toOrder(row.order, row.productName, row.confirming, now),
          user_id: row.order.userId,
          user_email: row.email,
        })),
      };
    },

    /**
     * Moves an order one step forward, or closes it as Canceled or Failed: a paid order is then
     * refunded (`close`). Audited.
     */
    async adminMove(adminId: number, orderId: number, target: TOrderStatus): Promise<TAdminOrder> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const order = await repo.lockOrder(tx, orderId, null);
        if (!order) throw fail.notFound('orderNotFound');
        const status = orderStatusAt(order, await repo.paymentConfirming(tx, order.id), now);
        let updated: TOrderRow;
        if (target === 'Canceled' || target === 'Failed') {
          if (CLOSED.includes(status) || DELIVERED.includes(status)) throw fail.request('orderClosed');
          updated = (await close(tx, order, target, `order ${order.number} ${target.toLowerCase()}`)).order;
        } else {
          if (CLOSED.includes(status)) throw fail.request('orderClosed');
          if (status === 'WAIT_PAYMENT') throw fail.request('orderNotPaid');
          if (nextOrderStatus(status) !== target) throw fail.field('status', 'orderStatusNotNext');
          // From PREPARING_TO_SHIP on, the order needs somewhere to go.
          const hasAddress = (order.shipping as Partial<TShipping>).address !== undefined;
          if (NEEDS_ADDRESS.includes(target) && !hasAddress) throw fail.request('orderNoShippingAddress');
          updated = await repo.updateOrder(tx, order.id, { status: target });
        }
        await audit(tx, {
          userId: order.userId,
          actorId: adminId,
          action: 'order.status_changed',
          details: { order_id: order.id, from: status, to: target },
        });
        return adminAnswer(tx, updated, now);
      });
    },

    /**
     * An operator refunds a paid device order (api.md; compensation-plan.md 5a): Canceled, the
     * buyer's payment back, its nodes stopped, and the fold reverses every bonus it paid. Audited
     * with its reason. Once: an order refunded (or closed) before answers 409 and moves nothing;
     * an unpaid one 400; a shipped one cannot be cancelled (400).
     */
    async adminRefund(
      adminId: number,
      orderId: number,
      reason: string,
      idempotency: TIdempotency | null = null,
    ): Promise<TAdminOrderRefund> {
      return once(db, idempotency, 200, async (tx) => {
        const now = new Date();
        const order = await repo.lockOrder(tx, orderId, null);
        if (!order) throw fail.notFound('orderNotFound');
        const status = orderStatusAt(order, await repo.paymentConfirming(tx, order.id), now);
        if (CLOSED.includes(status)) throw fail.conflict('orderRefundedAlready');
        if (status === 'WAIT_PAYMENT') throw fail.request('orderNotPaid');
        if (DELIVERED.includes(status)) throw fail.request('orderClosed');
        const { refunded } = await close(tx, order, 'Canceled', reason);
        await audit(tx, {
          userId: order.userId,
          actorId: adminId,
          action: 'order.refunded',
          details: { order_id: order.id, from: status, refunded: formatMinor(refunded, 'USDT'), reason },
        });
        return { status: 'Canceled', refunded: formatMinor(refunded, 'USDT') };
      });
    },

    /** Sets the track number, serial number and estimated shipping date. Audited. */
    async adminUpdate(adminId: number, orderId: number, patch: TAdminOrderUpdate): Promise<TAdminOrder> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const order = await repo.lockOrder(tx, orderId, null);
        if (!order) throw fail.notFound('orderNotFound');
        const updated = await repo.updateOrder(tx, order.id, {
          ...(patch.track_number === undefined ? {} : { trackNumber: patch.track_number || null }),
          ...(patch.serial_number === undefined ? {} : { serialNumber: patch.serial_number || null }),
          ...(patch.estimated_shipping_date === undefined
            ? {}
            : { estimatedShippingDate: patch.estimated_shipping_date }),
        });
        await audit(tx, {
          userId: order.userId,
          actorId: adminId,
          action: 'order.updated',
          details: { order_id: order.id, ...patch },
        });
        return adminAnswer(tx, updated, now);
      });
    },

    /** Marks unpaid orders past their time Canceled (reads already show them so). */
    expire: () => repo.expireOrders(db, new Date()),
  };

  async function adminAnswer(tx: Db, order: TOrderRow, now: Date): Promise<TAdminOrder> {
    const found = (await repo.findOrder(tx, order.id, null))!;
    const owner = (await repo.findOwnerEmail(tx, order.userId))!;
    return {
      ...toOrder(found.order, found.productName, found.confirming, now),
      user_id: order.userId,
      user_email: owner,
    };
  }
}

export type TOrders = ReturnType<typeof createOrders>;
