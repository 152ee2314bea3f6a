import { z } from 'zod';
import { zId, ZTimestamp } from './common';
import { zSafeString } from './fields';
import { MESSAGES } from './messages';
import { ZMoney } from './money';
import { ZChainCurrency } from './wallet';

// ---- validator keys (compensation-plan.md section 8; docs/shop.md "Validator keys") ------------------

/** A bought slot waits this long for its payment (spec). */
export const VALIDATOR_KEY_PAY_MINUTES = 15;
/** A paid key must be activated within this many hours (spec), else it is released and refunded. */
export const VALIDATOR_KEY_ACTIVATE_HOURS = 24;
/** The part of the configured daily chain fee shared among activated keys (spec: up to 90%). */
export const VALIDATOR_FEE_SHARE_PERCENT = 90;

export const VALIDATOR_KEY_STATUSES = ['reserved', 'paid', 'activated', 'released', 'expired'] as const;
export const ZValidatorKeyStatus = z.enum(VALIDATOR_KEY_STATUSES);
export type TValidatorKeyStatus = z.infer<typeof ZValidatorKeyStatus>;

/** GET or POST /api/v1/validator_keys/summary/ (product-spec.md section 3: allowance, bought, available). */
export const ZValidatorKeySummary = z.object({
  allowance: z.number().int(),
  bought: z.number().int(),
  available: z.number().int(),
  /** The key's price paid in USDT. */
  price_usdt: ZMoney,
  /** The USDT worth of DXN the key costs paid in DXN (at a quote). */
  price_dxn_usdt: ZMoney,
});
export type TValidatorKeySummary = z.infer<typeof ZValidatorKeySummary>;

/** A partner's key: reserved -> paid -> activated, or released (unpaid in time) / expired (not activated in time, refunded). */
export const ZValidatorKey = z.object({
  id: z.number().int(),
  status: ZValidatorKeyStatus,
  currency: ZChainCurrency,
  /** What is due (reserved) or was paid, in `currency`. */
  amount: ZMoney,
  /** The USDT price it stands for (1500, or 1200 paid in DXN). */
  price_usdt: ZMoney,
  /** USDT per 1 DXN of the quote, for a key paid in DXN; else null. */
  rate: z.string().nullable(),
  reserved_at: ZTimestamp,
  /** Until when the reservation waits for its payment. */
  reserved_until: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
  /** Until when a paid key can be activated. */
  activate_until: ZTimestamp.nullable(),
  activated_at: ZTimestamp.nullable(),
  /** The deadline that applies now (payment while reserved, activation while paid), else null. */
  expires_at: ZTimestamp.nullable(),
  /** A chain payment was seen and is confirming: the reservation waits for it. */
  payment_confirming: z.boolean(),
  /** The activation code was issued (shown once); false for a key paid by chain until it is asked for. */
  code_issued: z.boolean(),
});
export type TValidatorKey = z.infer<typeof ZValidatorKey>;
export const ZValidatorKeys = z.array(ZValidatorKey);
export type TValidatorKeys = z.infer<typeof ZValidatorKeys>;

/** POST /api/v1/validator_keys/purchase/ (Idempotency-Key). */
export const ZValidatorKeyPurchase = z
  .object({
    currency: ZChainCurrency,
    /** Required for DXN: the quote of POST /api/v1/mlm/usdt_dexnet_rate/ (fixed 30 minutes). */
    quote_id: z
      .string({ error: MESSAGES.quoteExpired })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
        error: MESSAGES.quoteExpired,
      })
      .optional(),
    /** Pay at once from the balance; otherwise the key waits 15 minutes for its payment. */
    pay_from_balance: z.boolean({ error: MESSAGES.invalidValue }).default(false),
  })
  .strict();
export type TValidatorKeyPurchase = z.infer<typeof ZValidatorKeyPurchase>;

export const ZValidatorKeyIdRequest = z.object({ key_id: zId }).strict();
export type TValidatorKeyIdRequest = z.infer<typeof ZValidatorKeyIdRequest>;

/**
 * A purchase or payment answer: the key and, only in the answer of the call that paid it, its
 * activation code (never stored, never shown again; a replay of the call answers null).
 */
export const ZValidatorKeyAnswer = z.object({
  key: ZValidatorKey,
  activation_code: z.string().nullable(),
});
export type TValidatorKeyAnswer = z.infer<typeof ZValidatorKeyAnswer>;

export const ZValidatorKeyActivate = z
  .object({
    code: zSafeString(64, { error: MESSAGES.validatorKeyInvalidCode }).pipe(
      z.string().min(1, { error: MESSAGES.fieldRequired }),
    ),
  })
  .strict();
export type TValidatorKeyActivate = z.infer<typeof ZValidatorKeyActivate>;
