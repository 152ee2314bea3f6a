import { z } from 'zod';
import { ZTimestamp } from './common';
import { MESSAGES } from './messages';
import { zSafeString } from './fields';
import { ZPackagePurchaseRequest } from './tariffs';

// ---- promo codes (compensation-plan.md section 6; docs/decisions.md "Promo codes") ---------------

export const PROMOCODE_KINDS = ['personal', 'public', 'private'] as const;
export const ZPromocodeKind = z.enum(PROMOCODE_KINDS, { error: MESSAGES.invalidValue });
export type TPromocodeKind = z.infer<typeof ZPromocodeKind>;

/** The discounts a code gives, in percent of the list price; a personal (DexID) code gives 10 only. */
export const PROMOCODE_DISCOUNTS = [10, 20] as const;
export const ZPromocodeDiscount = z.union([z.literal(10), z.literal(20)], { error: MESSAGES.invalidValue });
export type TPromocodeDiscount = z.infer<typeof ZPromocodeDiscount>;

/** Hours a public or private code is valid from its creation (spec: 24 hours). */
export const PROMOCODE_VALID_HOURS = 24;

/** POST /api/v1/promotions/promocode/create/ */
export const ZPromocodeCreate = z
  .object({ kind: ZPromocodeKind, discount: ZPromocodeDiscount })
  .strict()
  .refine((body) => body.kind !== 'personal' || body.discount === 10, {
    path: ['discount'],
    error: MESSAGES.personalPromocodeDiscount,
  });
export type TPromocodeCreate = z.infer<typeof ZPromocodeCreate>;

/** 201 answer of a creation. */
export const ZPromocodeCreated = z.object({
  promocode: z.string(),
  kind: ZPromocodeKind,
  discount: ZPromocodeDiscount,
  expires_at: ZTimestamp.nullable(),
});
export type TPromocodeCreated = z.infer<typeof ZPromocodeCreated>;

/** One of the caller's codes: `active` while it can still be used (not expired, uses left). */
export const ZPromocode = ZPromocodeCreated.extend({
  uses: z.number().int(),
  active: z.boolean(),
  created_at: ZTimestamp,
});
export type TPromocode = z.infer<typeof ZPromocode>;

/** GET /api/v1/promotions/promocodes/: the caller's codes, newest first. */
export const ZPromocodes = z.array(ZPromocode);
export type TPromocodes = z.infer<typeof ZPromocodes>;

/** A code named by a partner (activate, purchase request). */
export const zPromocodeName = zSafeString(64, { error: MESSAGES.invalidPromocode });

/** POST /api/v1/promotions/promocode/activate/ */
export const ZPromocodeActivate = z.object({ promocode: zPromocodeName }).strict();
export type TPromocodeActivate = z.infer<typeof ZPromocodeActivate>;

/** The answer of an activation: the code can be used by the caller (it is not used up by this). */
export const ZPromocodeActivated = z.object({
  success: z.literal(true),
  promocode: z.string(),
  discount: ZPromocodeDiscount,
  kind: ZPromocodeKind,
  expires_at: ZTimestamp.nullable(),
});
export type TPromocodeActivated = z.infer<typeof ZPromocodeActivated>;

/**
 * POST /api/v1/promotions/promocode/purchase/request/: the tariff purchase request with a code
 * (required here); it answers the tariff quote (ZPackagePurchaseQuote).
 */
export const ZPromocodePurchaseRequest = ZPackagePurchaseRequest.extend({
  promocode: zPromocodeName,
}).strict();
export type TPromocodePurchaseRequest = z.infer<typeof ZPromocodePurchaseRequest>;
