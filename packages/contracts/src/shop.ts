import { z } from 'zod';
import { zId, ZTimestamp } from './common';
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

export const ZAdminProductUpdate = z
  .object({
    price: zAmount('USDT').optional(),
    available: z.boolean().optional(),
    name: zSafeString(100)
      .pipe(z.string().min(1, { error: MESSAGES.fieldRequired }))
      .optional(),
    attributes: z
      .record(z.string(), z.unknown())
      .refine((value) => isSafeJson(value), { error: MESSAGES.invalidValue })
      .optional(),
  })
  .strict();
export type TAdminProductUpdate = z.infer<typeof ZAdminProductUpdate>;

export const ZProductPriceChange = z.object({
  id: z.number().int(),
  price: ZMoney,
  available: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  changed_by: z.number().int().nullable(),
  created_at: ZTimestamp,
});
export type TProductPriceChange = z.infer<typeof ZProductPriceChange>;
export const ZProductPriceHistory = z.array(ZProductPriceChange);
export type TProductPriceHistory = z.infer<typeof ZProductPriceHistory>;

export const ZProductId = z.object({ id: zId }).strict();
export type TProductId = z.infer<typeof ZProductId>;
