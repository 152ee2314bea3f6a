import { z } from 'zod';
import { ZTimestamp } from './common';
import { formatMessage, MESSAGES } from './messages';
import { zAmount, ZMoney } from './money';
import { ZPaidPrice } from './products';

// ---- event tickets (compensation-plan.md section 7; docs/shop.md "Event tickets") --------------------

/** Tickets one purchase may buy. */
export const TICKET_MAX_QUANTITY = 10;

const ticketRange = formatMessage(MESSAGES.ticketQuantityRange, { max: TICKET_MAX_QUANTITY });

/** A step of the ticket's price by date: in force from `starts_at` (null: always) until `ends_at` (excluded; null: on). */
export const ZTicketPriceStep = z.object({
  starts_at: ZTimestamp.nullable(),
  ends_at: ZTimestamp.nullable(),
  price: ZMoney,
  current: z.boolean(),
});
export type TTicketPriceStep = z.infer<typeof ZTicketPriceStep>;

/** An item of the event's programme (the product's `event_schedule` attribute, set by admins). */
export const ZEventScheduleItem = z.object({ starts_at: ZTimestamp, title: z.string() });
export type TEventScheduleItem = z.infer<typeof ZEventScheduleItem>;

/**
 * The event a ticket is for: its name and venue (the product's `event_name` and `event_venue`
 * attributes, set by admins) and its days (the programme's first and last item); null when the
 * product names no event.
 */
export const ZTicketEvent = z.object({
  name: z.string(),
  venue: z.string().nullable(),
  starts_at: ZTimestamp.nullable(),
  ends_at: ZTimestamp.nullable(),
});
export type TTicketEvent = z.infer<typeof ZTicketEvent>;

/** GET /api/v1/event_ticket/info/ */
export const ZTicketInfo = z.object({
  product_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The price of one ticket now (the schedule's step in force). */
  price: ZMoney,
  currency: z.literal('USDT'),
  seats: z.number().int(),
  seats_left: z.number().int(),
  sold_out: z.boolean(),
  max_quantity: z.number().int(),
  price_schedule: z.array(ZTicketPriceStep),
  event_schedule: z.array(ZEventScheduleItem),
  event: ZTicketEvent.nullable(),
});
export type TTicketInfo = z.infer<typeof ZTicketInfo>;

/** A gift certificate's code as typed or pasted: spaces and dashes do not matter, nor letter case. */
export const zGiftCode = z
  .string({ error: MESSAGES.giftCodeInvalid })
  .max(64, { error: MESSAGES.giftCodeInvalid })
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^GIFT[A-Z2-7]{24}$/, { error: MESSAGES.giftCodeInvalid }));

export const ZTicketBuy = z
  .object({
    quantity: z
      .preprocess(
        (value) => (typeof value === 'string' && /^\s*[0-9]{1,4}\s*$/.test(value) ? Number(value) : value),
        z.number({ error: ticketRange }).int({ error: ticketRange }),
      )
      .pipe(z.number().min(1, { error: ticketRange }).max(TICKET_MAX_QUANTITY, { error: ticketRange }))
      .default(1),
    /** A gift certificate activated to the buyer's balance right before the purchase. */
    gift_certificate_code: zGiftCode.optional(),
  })
  .strict();
export type TTicketBuy = z.infer<typeof ZTicketBuy>;

/** What a purchase paid with a gift certificate got from it (credited to the balance first). */
export const ZRedeemed = z.object({ certificate_id: z.number().int(), amount: ZMoney }).nullable();
export type TRedeemed = z.infer<typeof ZRedeemed>;

export const TICKET_STATUSES = ['active', 'refunded'] as const;

/** A purchase of tickets, as its buyer sees it. */
export const ZTicketPurchase = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  unit_price: ZMoney,
  total: ZMoney,
  currency: z.literal('USDT'),
  status: z.enum(TICKET_STATUSES),
  created_at: ZTimestamp,
});
export type TTicketPurchase = z.infer<typeof ZTicketPurchase>;
export const ZTicketPurchases = z.array(ZTicketPurchase);
export type TTicketPurchases = z.infer<typeof ZTicketPurchases>;

export const ZTicketBought = z.object({
  tickets: ZTicketPurchase,
  purchase: ZPaidPrice,
  seats_left: z.number().int(),
  gift_certificate: ZRedeemed,
});
export type TTicketBought = z.infer<typeof ZTicketBought>;

// ---- gift certificates (docs/shop.md "Gift certificates") ----------------------------------------------

/** Hours a gift certificate waits for its activation before it is canceled and refunded (spec). */
export const GIFT_CERTIFICATE_HOURS = 24;

export const GIFT_CERTIFICATE_STATUSES = ['active', 'activated', 'canceled'] as const;

export const ZGiftCertificateBuy = z.object({ amount: zAmount('USDT') }).strict();
export type TGiftCertificateBuy = z.infer<typeof ZGiftCertificateBuy>;

/** A certificate its buyer bought: never its code. */
export const ZGiftCertificate = z.object({
  id: z.number().int(),
  amount: ZMoney,
  currency: z.literal('USDT'),
  status: z.enum(GIFT_CERTIFICATE_STATUSES),
  expires_at: ZTimestamp,
  activated_at: ZTimestamp.nullable(),
  /** True when the buyer activated it themself. */
  activated_by_me: z.boolean(),
  created_at: ZTimestamp,
});
export type TGiftCertificate = z.infer<typeof ZGiftCertificate>;
export const ZGiftCertificates = z.array(ZGiftCertificate);
export type TGiftCertificates = z.infer<typeof ZGiftCertificates>;

/**
 * The purchase's answer: the code is in the answer of the call that made it, once; a replay of the
 * same Idempotency-Key answers `code: null` (only the code's hash is kept).
 */
export const ZGiftCertificateBought = z.object({
  certificate: ZGiftCertificate,
  purchase: ZPaidPrice,
  code: z.string().nullable(),
});
export type TGiftCertificateBought = z.infer<typeof ZGiftCertificateBought>;

export const ZGiftCertificateActivate = z.object({ code: zGiftCode }).strict();
export type TGiftCertificateActivate = z.infer<typeof ZGiftCertificateActivate>;

export const ZGiftCertificateActivated = z.object({
  certificate_id: z.number().int(),
  amount: ZMoney,
  currency: z.literal('USDT'),
  activated_at: ZTimestamp,
});
export type TGiftCertificateActivated = z.infer<typeof ZGiftCertificateActivated>;
