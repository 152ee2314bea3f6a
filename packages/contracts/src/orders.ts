import { z } from 'zod';
import { ZProfile, ZRegisterRequest } from './accounts';
import { zId, zPage, zPageNumber, ZTimestamp } from './common';
import { ZCountryCode } from './countries';
import { zName, zPhone, zSafeString, zText } from './fields';
import { formatMessage, MESSAGES } from './messages';
import { ZMoney } from './money';

/**
 * A device order's statuses (product-spec.md section 4, compensation-plan.md section 7): forward
 * along ORDER_FLOW, or closed as Canceled or Failed. Completed (the spec's label): the operator
 * closes a delivered order once nothing about it is outstanding.
 */
export const ORDER_STATUSES = [
  'WAIT_PAYMENT',
  'PAID',
  'PROCESSED',
  'PREPARING_TO_SHIP',
  'SHIPPING',
  'SHIPPED',
  'Completed',
  'Canceled',
  'Failed',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUSES, { error: MESSAGES.invalidValue });
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

/** The forward path; an admin moves an order one step along it. */
export const ORDER_FLOW: readonly TOrderStatus[] = [
  'WAIT_PAYMENT',
  'PAID',
  'PROCESSED',
  'PREPARING_TO_SHIP',
  'SHIPPING',
  'SHIPPED',
  'Completed',
];

/** The statuses' labels (product-spec.md section 4: "not paid", "in transit", "delivered", "In processing", "Completed"). */
export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  WAIT_PAYMENT: 'Not paid',
  PAID: 'Paid',
  PROCESSED: 'In processing',
  PREPARING_TO_SHIP: 'Preparing to ship',
  SHIPPING: 'In transit',
  SHIPPED: 'Delivered',
  Completed: 'Completed',
  Canceled: 'Canceled',
  Failed: 'Failed',
};

/** The next status of the forward path, or null (an unpaid order moves on only by its payment). */
export function nextOrderStatus(status: TOrderStatus): TOrderStatus | null {
  if (status === 'WAIT_PAYMENT') return null;
  const at = ORDER_FLOW.indexOf(status);
  return at < 0 ? null : (ORDER_FLOW[at + 1] ?? null);
}

/** Statuses in which the partner may still change the shipping address (until it ships). */
export const ADDRESS_EDITABLE_STATUSES: readonly TOrderStatus[] = [
  'WAIT_PAYMENT',
  'PAID',
  'PROCESSED',
  'PREPARING_TO_SHIP',
];

/** Devices per order: the database's bound too. */
export const ORDER_MAX_QUANTITY = 100;

/** How long an unpaid order waits for its payment before it is canceled. */
export const ORDER_PAYMENT_HOURS = 24;

const quantityRange = formatMessage(MESSAGES.orderQuantityRange, { max: ORDER_MAX_QUANTITY });

export const ZShipping = z.object({
  full_name: zName(150, MESSAGES.nameRequired),
  phone: zPhone,
  country: ZCountryCode,
  city: zText(100),
  address: zText(300, MESSAGES.addressEmpty),
  postcode: zText(20),
});
export type TShipping = z.infer<typeof ZShipping>;

/** The order fields of create_order and of the landing flow. */
const orderFields = {
  product_id: zId,
  quantity: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\s*[0-9]{1,4}\s*$/.test(value) ? Number(value) : value),
      z.number({ error: quantityRange }).int({ error: quantityRange }),
    )
    .pipe(z.number().min(1, { error: quantityRange }).max(ORDER_MAX_QUANTITY, { error: quantityRange }))
    .default(1),
  /** The Starlink add-on (600 USDT), one per order. */
  starlink: z.boolean({ error: MESSAGES.invalidValue }).default(false),
  shipping: ZShipping,
};

export const ZCreateOrderRequest = z.object({
  ...orderFields,
  /** Pay at once from the USDT balance; otherwise the order waits for its payment. */
  pay_from_balance: z.boolean({ error: MESSAGES.invalidValue }).default(false),
});
export type TCreateOrderRequest = z.infer<typeof ZCreateOrderRequest>;

/** The landing flow: a registration (as /accounts/register/) and an order, in one call. */
export const ZCreateOrderAndRegisterRequest = ZRegisterRequest.safeExtend(orderFields);
export type TCreateOrderAndRegisterRequest = z.infer<typeof ZCreateOrderAndRegisterRequest>;

export const ZUpdateOrderRequest = z.object({ order_id: zId, shipping: ZShipping });
export type TUpdateOrderRequest = z.infer<typeof ZUpdateOrderRequest>;

export const ZOrderIdRequest = z.object({ order_id: zId });
export type TOrderIdRequest = z.infer<typeof ZOrderIdRequest>;

export const ZOrdersRequest = z.object({ status: ZOrderStatus.optional() });
export type TOrdersRequest = z.infer<typeof ZOrdersRequest>;

export const ZOrderShipping = z.object({
  full_name: z.string(),
  phone: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  postcode: z.string(),
});
export type TOrderShipping = z.infer<typeof ZOrderShipping>;

export const ZOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  status: ZOrderStatus,
  status_label: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  starlink: z.boolean(),
  /** USDT: the devices' and the add-on's net prices, and their sum (0 for devices a tariff includes). */
  devices_total: ZMoney,
  starlink_total: ZMoney,
  total: ZMoney,
  currency: z.literal('USDT'),
  /** Null until the partner fills it (an order a tariff opened). */
  shipping: ZOrderShipping.nullable(),
  address_editable: z.boolean(),
  /** YYYY-MM-DD, set by an admin. */
  estimated_shipping_date: z.string().nullable(),
  track_number: z.string().nullable(),
  serial_number: z.string().nullable(),
  /** Opened by a tariff that includes devices (already paid). */
  included: z.boolean(),
  /** Paid by a chain transfer that is confirming: it will not expire meanwhile. */
  payment_confirming: z.boolean(),
  created_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
  /** When an unpaid order is canceled; null once paid. */
  expires_at: ZTimestamp.nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrdersPage = zPage(ZOrder);
export type TOrdersPage = z.infer<typeof ZOrdersPage>;

export const ZCreateOrderAndRegisterResponse = z.object({
  auth_data: z.object({ token: z.string() }),
  user: ZProfile,
  order: ZOrder,
});
export type TCreateOrderAndRegisterResponse = z.infer<typeof ZCreateOrderAndRegisterResponse>;

// ---- admin ----------------------------------------------------------------------------------------

export const ZAdminOrder = ZOrder.extend({
  user_id: z.number().int(),
  user_email: z.string(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrdersPage = zPage(ZAdminOrder);
export type TAdminOrdersPage = z.infer<typeof ZAdminOrdersPage>;

export const ZAdminOrdersQuery = z.object({ status: ZOrderStatus.optional(), page: zPageNumber });
export type TAdminOrdersQuery = z.infer<typeof ZAdminOrdersQuery>;

export const ZAdminOrderId = z.object({ id: zId }).strict();
export type TAdminOrderId = z.infer<typeof ZAdminOrderId>;

/** The status an admin moves an order to: its next one, or Canceled / Failed (refunded when paid). */
export const ZAdminOrderStatusRequest = z.object({ status: ZOrderStatus });
export type TAdminOrderStatusRequest = z.infer<typeof ZAdminOrderStatusRequest>;

/** An operator refunds a paid device order (api.md, compensation-plan.md 5a): why, for the audit log. */
export const ZAdminOrderRefundRequest = z.object({
  reason: zText(500, MESSAGES.fieldRequired, { multiline: true }),
});
export type TAdminOrderRefundRequest = z.infer<typeof ZAdminOrderRefundRequest>;

/** The order is Canceled, the buyer got `refunded` USDT back, and the fold reverses its bonuses. */
export const ZAdminOrderRefund = z.object({ status: z.literal('Canceled'), refunded: ZMoney });
export type TAdminOrderRefund = z.infer<typeof ZAdminOrderRefund>;

const zShippingDate = z.iso
  .date({ error: MESSAGES.dateInvalid })
  .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', { error: MESSAGES.dateInvalid });

/** Track number, serial number and estimated shipping date; null clears one. */
export const ZAdminOrderUpdate = z
  .object({
    track_number: zSafeString(100).nullable().optional(),
    serial_number: zSafeString(100).nullable().optional(),
    estimated_shipping_date: zShippingDate.nullable().optional(),
  })
  .strict();
export type TAdminOrderUpdate = z.infer<typeof ZAdminOrderUpdate>;
