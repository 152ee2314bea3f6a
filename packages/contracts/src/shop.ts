import { z } from 'zod';
import { zId, zPage, zPageNumber, ZTimestamp } from './common';
import { isSafeText, zSafeString } from './fields';
import { MESSAGES } from './messages';
import { zAmount, ZMoney } from './money';

/** What the company sells (compensation-plan.md sections 2, 7 and 8). */
export const PRODUCT_KINDS = [
  'tariff',
  'device',
  'virtual_node',
  'token_pack',
  'validator_key',
  'event_ticket',
  'starlink',
  'gift_certificate',
] as const;
export const ZProductKind = z.enum(PRODUCT_KINDS, { error: MESSAGES.invalidValue });
export type TProductKind = z.infer<typeof ZProductKind>;

/**
 * Kinds whose purchase carries volume (BV, compensation-plan.md section 1): event tickets and gift
 * certificates carry none.
 */
export const BV_KINDS: readonly TProductKind[] = [
  'tariff',
  'device',
  'virtual_node',
  'token_pack',
  'validator_key',
  'starlink',
];

/** The earning cap: bonuses under a tariff stop at 5 x its cost (spec). */
export const BONUS_CAP_MULTIPLIER = 5;

/** A catalogue item as partners see it: `price` is the list price now, before any discount. */
export const ZProduct = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: ZProductKind,
  name: z.string(),
  price: ZMoney,
  available: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  seats: z.number().int().nullable(),
  sold: z.number().int(),
});
export type TProduct = z.infer<typeof ZProduct>;
export const ZProducts = z.array(ZProduct);
export type TProducts = z.infer<typeof ZProducts>;

export const ZProductsQuery = z.object({ kind: ZProductKind.optional() }).strict();
export type TProductsQuery = z.infer<typeof ZProductsQuery>;

/** A price a purchase paid: list price, the discount taken off it, and the net price (USDT). */
export const ZPriced = z.object({ price: ZMoney, discount: ZMoney, total: ZMoney });
export type TPriced = z.infer<typeof ZPriced>;

/** An optional promo code in a purchase request (its rules arrive with the promotions issue). */
export const zPromocode = zSafeString(64, { error: MESSAGES.invalidPromocode }).optional();

// ---- admin: the catalogue -------------------------------------------------------------------------

/** True for JSON whose every key and text is safe text (PostgreSQL's jsonb refuses NUL), of bounded size. */
function isSafeJson(value: unknown, depth = 0): boolean {
  if (depth > 5) return false;
  if (typeof value === 'string') return value.length <= 500 && isSafeText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean' || value === null) return true;
  if (Array.isArray(value)) return value.length <= 50 && value.every((item) => isSafeJson(item, depth + 1));
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return (
      entries.length <= 50 &&
      entries.every(([key, item]) => key.length <= 60 && isSafeText(key) && isSafeJson(item, depth + 1))
    );
  }
  return false;
}

/** The most steps a price schedule has (an event ticket has three prices). */
export const MAX_SCHEDULE_STEPS = 20;

/**
 * One step of a price schedule: `price` (USDT) applies until `before` (an ISO date and time with
 * its zone), the next step after it, the product's own price after the last.
 */
export const ZPriceScheduleStep = z
  .object({
    before: z.iso
      .datetime({ offset: true, error: MESSAGES.priceScheduleInvalid })
      .refine((text) => text >= '2000' && text < '3000', { error: MESSAGES.priceScheduleInvalid }),
    price: zAmount('USDT'),
  })
  .strict();
export type TPriceScheduleStep = z.infer<typeof ZPriceScheduleStep>;

/** A whole schedule: up to MAX_SCHEDULE_STEPS steps, no two ending at the same moment; null removes it. */
export const ZPriceSchedule = z
  .array(ZPriceScheduleStep, { error: MESSAGES.priceScheduleInvalid })
  .min(1, { error: MESSAGES.priceScheduleInvalid })
  .max(MAX_SCHEDULE_STEPS, { error: MESSAGES.priceScheduleInvalid })
  .refine((steps) => new Set(steps.map((step) => Date.parse(step.before))).size === steps.length, {
    error: MESSAGES.priceScheduleInvalid,
  })
  .nullable();
export type TPriceSchedule = z.infer<typeof ZPriceSchedule>;

/** The nodes a tariff includes, and a node's kind: a virtual node or a physical device. */
export const NODE_KINDS = ['virtual', 'device'] as const;
export const ZNodeKind = z.enum(NODE_KINDS);
export type TNodeKind = z.infer<typeof ZNodeKind>;

/** A whole number from `min` to `max` that a database integer holds (a count, a depth, basis points). */
const zAttributeInt = (min: number, max = 2_147_483_647) =>
  z
    .number({ error: MESSAGES.invalidValue })
    .int({ error: MESSAGES.invalidValue })
    .min(min, { error: MESSAGES.invalidValue })
    .max(max, { error: MESSAGES.invalidValue });

/** An attribute a product may lack; null removes it. */
const unset = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** A tariff's attributes (compensation-plan.md section 2): the nodes it includes and its limits. */
const tariffAttributes = {
  includes_node: unset(z.boolean({ error: MESSAGES.invalidValue })),
  node_kind: unset(z.enum(NODE_KINDS, { error: MESSAGES.invalidValue })),
  nodes: unset(zAttributeInt(0)),
  matching_depth: unset(zAttributeInt(0)),
  bonus_cap_multiplier: unset(zAttributeInt(0)),
};

/**
 * A node's attributes (compensation-plan.md section 7): a virtual node's tier (an upgrade goes to a
 * higher one), the DXN a node yields a day, and a device's radio.
 */
const nodeAttributes = {
  tier: unset(zAttributeInt(0)),
  daily_dxn: unset(zAmount('DXN')),
  radio_range_km: unset(
    z.number({ error: MESSAGES.invalidValue }).nonnegative({ error: MESSAGES.invalidValue }),
  ),
  frequencies_mhz: unset(
    z.array(z.number({ error: MESSAGES.invalidValue }).positive({ error: MESSAGES.invalidValue }), {
      error: MESSAGES.invalidValue,
    }),
  ),
};

/** A token pack's lock (1 or 2 years, as token_packs holds it) and yearly yield in basis points. */
const tokenPackAttributes = {
  lock_years: unset(zAttributeInt(1, 2)),
  yield_bp: unset(zAttributeInt(0)),
};

/** A validator key paid in DXN costs this USDT worth of DXN (compensation-plan.md section 8). */
const validatorKeyAttributes = { dxn_price_usdt: unset(zAmount('USDT')) };

/** An event ticket's event (compensation-plan.md section 7): its name, venue and programme. */
const eventTicketAttributes = {
  event_name: unset(z.string({ error: MESSAGES.invalidValue })),
  event_venue: unset(z.string({ error: MESSAGES.invalidValue })),
  event_schedule: unset(
    z.array(
      z
        .object({
          starts_at: z.iso.datetime({ offset: true, error: MESSAGES.invalidValue }),
          title: z.string({ error: MESSAGES.invalidValue }),
        })
        .loose(),
      { error: MESSAGES.invalidValue },
    ),
  ),
};

/**
 * A product's attributes (products.attributes, and each price record's copy): any safe JSON, in
 * which every key the server or the web reads is typed, each kind's beside the others (a key is
 * checked whatever the product's kind). The ones prices are read from are checked further by the
 * catalogue (a malformed schedule or bound would break every later price): `price_schedule`, and
 * `min`/`max`. An admin's change is checked at the call, and once merged with what is kept before
 * it is written (modules/catalog).
 */
export const ZProductAttributes = z
  .record(z.string(), z.unknown())
  .refine((value) => isSafeJson(value), { error: MESSAGES.invalidValue, abort: true })
  .pipe(
    z
      .object({
        price_schedule: ZPriceSchedule.optional(),
        /** The bounds of a product bought for an amount (a token pack, a gift certificate; USDT). */
        min: unset(zAmount('USDT')),
        max: unset(zAmount('USDT')),
        ...tariffAttributes,
        ...nodeAttributes,
        ...tokenPackAttributes,
        ...validatorKeyAttributes,
        ...eventTicketAttributes,
      })
      .loose(),
  );
export type TProductAttributes = z.infer<typeof ZProductAttributes>;

export const ZAdminProductUpdate = z
  .object({
    price: zAmount('USDT').optional(),
    available: z.boolean().optional(),
    name: zSafeString(100)
      .pipe(z.string().min(1, { error: MESSAGES.fieldRequired }))
      .optional(),
    attributes: ZProductAttributes.optional(),
  })
  .strict();
export type TAdminProductUpdate = z.infer<typeof ZAdminProductUpdate>;

export const ZProductPriceChange = z.object({
  id: z.number().int(),
  price: ZMoney,
  available: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  /** The price before this change (null for the first record). */
  previous_price: ZMoney.nullable(),
  /** The admin who made the change; null for the seed. */
  changed_by: z.number().int().nullable(),
  changed_by_email: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TProductPriceChange = z.infer<typeof ZProductPriceChange>;
export const ZProductPriceHistory = z.array(ZProductPriceChange);
export type TProductPriceHistory = z.infer<typeof ZProductPriceHistory>;

export const ZProductId = z.object({ id: zId }).strict();
export type TProductId = z.infer<typeof ZProductId>;

// ---- admin: purchases ---------------------------------------------------------------------------------

export const ZAdminPurchasesQuery = z
  .object({
    kind: ZProductKind.optional(),
    /** Part of the buyer's email, any case. */
    email: zSafeString(254).optional(),
    page: zPageNumber,
  })
  .strict();
export type TAdminPurchasesQuery = z.infer<typeof ZAdminPurchasesQuery>;

/** A purchase is completed when paid, and refunded when its money went back (never edited otherwise). */
export const PURCHASE_STATUSES = ['completed', 'refunded'] as const;
export const ZPurchaseStatus = z.enum(PURCHASE_STATUSES);
export type TPurchaseStatus = z.infer<typeof ZPurchaseStatus>;

/** A purchase as operators see it: what was bought, its price, what was paid and by whom. */
export const ZAdminPurchase = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_email: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  kind: ZProductKind,
  units: z.number().int(),
  /** USDT: list price, discount, net price. */
  list_price: ZMoney,
  discount: ZMoney,
  net_price: ZMoney,
  /** What left the buyer's balance, in `currency`. */
  currency: z.string(),
  paid: ZMoney,
  bv: ZMoney,
  status: ZPurchaseStatus,
  created_at: ZTimestamp,
});
export type TAdminPurchase = z.infer<typeof ZAdminPurchase>;
export const ZAdminPurchasesPage = zPage(ZAdminPurchase);
export type TAdminPurchasesPage = z.infer<typeof ZAdminPurchasesPage>;
