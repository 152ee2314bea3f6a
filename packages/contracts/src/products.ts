import { z } from 'zod';
import { zId, zWholeNumber, ZTimestamp } from './common';
import { MESSAGES } from './messages';
import { parseMinor, zAmount, ZMoney } from './money';
import { ZProductKind, zPromocode, type TProductKind } from './shop';

// ---- the arithmetic the server and the web share (docs/shop.md, "Token packs") ----------------------

/** A token pack's yearly yield in basis points, by lock years (compensation-plan.md section 7). */
export const TOKEN_PACK_YIELD_BP: Record<number, number> = { 1: 1500, 2: 2000 };

/**
 * DXN (minor units, 8 places) bought with `amount` USDT (minor units, 6 places) at `rate` USDT per
 * 1 DXN (a decimal string of at most 8 places, as quotes carry it), rounded down: amount / rate.
 */
export function usdtToDxn(amount: bigint, rate: string): bigint {
  const usdtPerDxn = parseMinor(rate, 'DXN');
  if (usdtPerDxn === null || usdtPerDxn <= 0n) throw new Error(`Not a rate: ${rate}`);
  // amount / 10^6 USDT divided by usdtPerDxn / 10^8 USDT per DXN, in DXN minor units (x 10^8).
  return (amount * 10n ** 10n) / usdtPerDxn;
}

/** USDT (minor units) that buy `dxn` DXN minor units at `rate`, rounded up: dxn x rate. */
export function dxnToUsdt(dxn: bigint, rate: string): bigint {
  const usdtPerDxn = parseMinor(rate, 'DXN');
  if (usdtPerDxn === null || usdtPerDxn <= 0n) throw new Error(`Not a rate: ${rate}`);
  const scaled = dxn * usdtPerDxn;
  const divisor = 10n ** 10n;
  return scaled / divisor + (scaled % divisor === 0n ? 0n : 1n);
}

/** One pack year's yield on `principal` DXN minor units: principal x yield_bp / 10000, rounded down. */
export function tokenPackYearYield(principal: bigint, yieldBp: number): bigint {
  return (principal * BigInt(yieldBp)) / 10000n;
}

export type TTokenPackProfit = {
  /** DXN bought and locked (minor units). */
  principal: bigint;
  /** The yield paid at the end of each pack year (minor units), one entry per year. */
  yearly: bigint[];
  /** All the yields together. */
  profit: bigint;
  /** What the partner holds after the last year: principal and yields. */
  total: bigint;
};

/**
 * The token-pack calculator (spec: profit for 1 or 2 years): `amount` USDT minor units bought at
 * `rate` and locked for `years`. The server credits and pays exactly these figures.
 */
export function tokenPackProfit(
  amount: bigint,
  years: number,
  rate: string,
  yieldBp: number = TOKEN_PACK_YIELD_BP[years] ?? 0,
): TTokenPackProfit {
  const principal = usdtToDxn(amount, rate);
  const yearly = Array.from({ length: years }, () => tokenPackYearYield(principal, yieldBp));
  const profit = yearly.reduce((sum, item) => sum + item, 0n);
  return { principal, yearly, profit, total: principal + profit };
}

/** When pack year `year` (1-based) of a pack started at `start` ends: the same UTC date `year` years on. */
export function packYearEnd(start: Date, year: number): Date {
  const end = new Date(start.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + year);
  return end;
}

// ---- virtual nodes -----------------------------------------------------------------------------------

export const NODE_STATUSES = ['active', 'upgraded'] as const;

/** A partner's virtual node: its tier's product, and the node it replaced when it came from an upgrade. */
export const ZVirtualNode = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  tier: z.number().int(),
  status: z.enum(NODE_STATUSES),
  upgraded_from_id: z.number().int().nullable(),
  created_at: ZTimestamp,
});
export type TVirtualNode = z.infer<typeof ZVirtualNode>;
export const ZVirtualNodes = z.array(ZVirtualNode);
export type TVirtualNodes = z.infer<typeof ZVirtualNodes>;

export const ZVirtualNodeBuy = z.object({ product_id: zId, promocode: zPromocode }).strict();
export type TVirtualNodeBuy = z.infer<typeof ZVirtualNodeBuy>;

/** A purchase's price as it was paid (list price, discount, net), in USDT. */
export const ZPaidPrice = z.object({
  purchase_id: z.number().int(),
  price: ZMoney,
  discount: ZMoney,
  total: ZMoney,
  currency: z.literal('USDT'),
});
export type TPaidPrice = z.infer<typeof ZPaidPrice>;

export const ZVirtualNodePurchase = z.object({ nodes: ZVirtualNodes, purchase: ZPaidPrice });
export type TVirtualNodePurchase = z.infer<typeof ZVirtualNodePurchase>;

export const ZUpgradeQuery = z.object({ promocode: zPromocode }).strict();
export type TUpgradeQuery = z.infer<typeof ZUpgradeQuery>;

/** A higher tier a node can become, at the price difference after the pricing step. */
export const ZUpgradeOption = z.object({
  product_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  tier: z.number().int(),
  price: ZMoney,
  discount: ZMoney,
  total: ZMoney,
});
export type TUpgradeOption = z.infer<typeof ZUpgradeOption>;

/** GET /api/v1/mlm/virtual_node/available-for-upgrade/: each active node with the tiers above it. */
export const ZUpgradeAvailability = z.array(
  z.object({ node: ZVirtualNode, upgrades: z.array(ZUpgradeOption) }),
);
export type TUpgradeAvailability = z.infer<typeof ZUpgradeAvailability>;

export const ZVirtualNodeUpgrade = z
  .object({ node_id: zId, product_id: zId, promocode: zPromocode })
  .strict();
export type TVirtualNodeUpgrade = z.infer<typeof ZVirtualNodeUpgrade>;

export const ZVirtualNodeUpgraded = z.object({ node: ZVirtualNode, purchase: ZPaidPrice });
export type TVirtualNodeUpgraded = z.infer<typeof ZVirtualNodeUpgraded>;

// ---- token packs ---------------------------------------------------------------------------------------

export const ZTokenPackBuy = z
  .object({
    product_id: zId,
    /** USDT paid for the DXN. */
    amount: zAmount('USDT'),
    /** The quote of POST /api/v1/mlm/usdt_dexnet_rate/, fixed for 30 minutes. */
    quote_id: z
      .string({ error: MESSAGES.fieldRequired })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
        error: MESSAGES.quoteExpired,
      }),
    promocode: zPromocode,
  })
  .strict();
export type TTokenPackBuy = z.infer<typeof ZTokenPackBuy>;

export const TOKEN_PACK_STATUSES = ['locked', 'completed'] as const;

export const ZTokenPack = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** USDT paid. */
  paid: ZMoney,
  rate: z.string(),
  /** DXN locked. */
  principal: ZMoney,
  years: z.number().int(),
  yield_bp: z.number().int(),
  /** DXN paid at each pack year's end. */
  yearly_yield: ZMoney,
  years_paid: z.number().int(),
  /** DXN yields paid so far. */
  yield_paid: ZMoney,
  status: z.enum(TOKEN_PACK_STATUSES),
  starts_at: ZTimestamp,
  ends_at: ZTimestamp,
  /** The end of the next unpaid pack year; null once the pack has ended and its principal is released. */
  next_payout_at: ZTimestamp.nullable(),
  /** What that payout brings to the DXN balance (the yield, and the principal at the last year). */
  next_payout: ZMoney.nullable(),
});
export type TTokenPack = z.infer<typeof ZTokenPack>;
export const ZTokenPacks = z.array(ZTokenPack);
export type TTokenPacks = z.infer<typeof ZTokenPacks>;

// ---- offers and purchases by the unit -------------------------------------------------------------------

export const ZProductSentencesRequest = z
  .object({ kind: ZProductKind.optional(), promocode: zPromocode })
  .strict();
export type TProductSentencesRequest = z.infer<typeof ZProductSentencesRequest>;

/**
 * An offer shown on a product screen: a product on sale with its price now after the pricing step
 * (for 1 unit, or for the minimum amount of a product bought for an amount) and its attributes.
 */
export const ZProductSentence = z.object({
  product_id: z.number().int(),
  code: z.string(),
  kind: ZProductKind,
  name: z.string(),
  price: ZMoney,
  discount: ZMoney,
  total: ZMoney,
  currency: z.literal('USDT'),
  /** For products bought for an amount (token packs, gift certificates): the bounds, else null. */
  min_amount: ZMoney.nullable(),
  max_amount: ZMoney.nullable(),
  /** True when bought N at a time through process_purchase_by_unit. */
  by_unit: z.boolean(),
  seats_left: z.number().int().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});
export type TProductSentence = z.infer<typeof ZProductSentence>;
export const ZProductSentences = z.array(ZProductSentence);
export type TProductSentences = z.infer<typeof ZProductSentences>;

export const MAX_UNITS = 100;

export const ZPurchaseByUnit = z
  .object({
    product_id: zId,
    units: zWholeNumber(MESSAGES.unitsOutOfRange).pipe(
      z
        .number()
        .min(1, { error: MESSAGES.unitsOutOfRange })
        .max(MAX_UNITS, { error: MESSAGES.unitsOutOfRange }),
    ),
    promocode: zPromocode,
  })
  .strict();
export type TPurchaseByUnit = z.infer<typeof ZPurchaseByUnit>;

export const ZPurchaseByUnitResult = z.object({
  kind: ZProductKind,
  units: z.number().int(),
  purchase: ZPaidPrice,
  nodes: ZVirtualNodes,
});
export type TPurchaseByUnitResult = z.infer<typeof ZPurchaseByUnitResult>;

/** Kinds sold N units at a time by process_purchase_by_unit. */
export const BY_UNIT_KINDS: readonly TProductKind[] = ['virtual_node'];

/** The call a product of a kind that has its own flow is bought through (named by the refusal). */
export const PURCHASE_CALLS: Record<TProductKind, string> = {
  tariff: 'POST /api/v1/mlm/package/purchase/request/',
  device: 'POST /api/v1/products/create_order/',
  starlink: 'POST /api/v1/products/create_order/',
  virtual_node: 'POST /api/v1/payments/process_purchase_by_unit/',
  token_pack: 'POST /api/v1/token_pack/purchase/',
  validator_key: 'POST /api/v1/validator_keys/purchase/',
  event_ticket: 'POST /api/v1/event_ticket/purchase/',
  gift_certificate: 'POST /api/v1/gift_certificates/purchase/',
};
