import { z } from 'zod';
import { ZBinarySide } from './accounts';
import { zId, ZTimestamp } from './common';
import { zText } from './fields';
import { MESSAGES } from './messages';
import { ZMoney } from './money';
import { ZNodeKind, zPromocode } from './shop';

// ---- tariffs (packages): compensation-plan.md section 2, api.md "Tariffs and purchases" -----------

/** How long a tariff purchase request keeps its price before it must be asked for again. */
export const PURCHASE_REQUEST_MINUTES = 15;

/** The version of the tariff terms a partner accepts with each purchase (kept on the purchase). */
export const TARIFF_TERMS_VERSION = '2026-11-01';

export const TARIFF_STATUSES = ['Active', 'Inactive'] as const;
export const ZTariffStatus = z.enum(TARIFF_STATUSES);
export type TTariffStatus = z.infer<typeof ZTariffStatus>;

/** How a tariff purchase stands against the partner's cap window. */
export const TARIFF_PURCHASE_KINDS = ['new', 'upgrade', 'renewal'] as const;
export const ZTariffPurchaseKind = z.enum(TARIFF_PURCHASE_KINDS);
export type TTariffPurchaseKind = z.infer<typeof ZTariffPurchaseKind>;

/**
 * A tariff as GET /api/v1/mlm/packages/ lists it (api.md). `node_kind` and `nodes` say what it
 * includes (one virtual node, or N devices), beyond the pinned fields.
 */
export const ZPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price: ZMoney,
  includes_node: z.boolean(),
  matching_depth: z.number().int(),
  bonus_cap_multiplier: z.number().int(),
  node_kind: ZNodeKind.nullable(),
  nodes: z.number().int(),
});
export type TPackage = z.infer<typeof ZPackage>;
export const ZPackages = z.array(ZPackage);
export type TPackages = z.infer<typeof ZPackages>;

/** The terms a partner accepts before paying a tariff: their version and their text. */
export const ZPackageTerms = z.object({ version: z.string(), text: z.string() });
export type TPackageTerms = z.infer<typeof ZPackageTerms>;

/** POST /api/v1/mlm/package/active/: the partner's tariff and cap window (null package: none bought). */
export const ZActivePackage = z.object({
  package: ZPackage.nullable(),
  status: ZTariffStatus,
  cap: ZMoney,
  earned: ZMoney,
  cap_left: ZMoney,
  lost_profit_pending: ZMoney,
});
export type TActivePackage = z.infer<typeof ZActivePackage>;

export const ZActivePackageRequest = z.object({}).strict();
export type TActivePackageRequest = z.infer<typeof ZActivePackageRequest>;

export const ZPackagePurchaseRequest = z
  .object({
    package_id: zId,
    mentor_confirmed: z.literal(true, { error: MESSAGES.mentorNotConfirmed }),
    terms_accepted: z.literal(true, { error: MESSAGES.termsNotAccepted }),
    promocode: zPromocode,
  })
  .strict();
export type TPackagePurchaseRequest = z.infer<typeof ZPackagePurchaseRequest>;

export const ZPackagePurchaseQuote = z.object({
  request_id: z.string(),
  /** The list price: the tariff's price, or the difference for an upgrade. */
  price: ZMoney,
  discount: ZMoney,
  total: ZMoney,
  currency: z.literal('USDT'),
  expires_at: ZTimestamp,
  kind: ZTariffPurchaseKind,
});
export type TPackagePurchaseQuote = z.infer<typeof ZPackagePurchaseQuote>;

export const ZPackagePurchaseConfirm = z
  .object({
    request_id: z
      .string({ error: MESSAGES.fieldRequired })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
        error: MESSAGES.purchaseRequestNotFound,
      }),
  })
  .strict();
export type TPackagePurchaseConfirm = z.infer<typeof ZPackagePurchaseConfirm>;

export const ZPackagePurchased = z.object({ success: z.literal(true), package: ZPackage });
export type TPackagePurchased = z.infer<typeof ZPackagePurchased>;

export const ZBinarySideRequest = z
  .object({ side: z.enum(ZBinarySide.options, { error: MESSAGES.invalidBinarySide }) })
  .strict();
export type TBinarySideRequest = z.infer<typeof ZBinarySideRequest>;
export const ZBinarySideAnswer = z.object({ side: ZBinarySide });
export type TBinarySideAnswer = z.infer<typeof ZBinarySideAnswer>;

/** Admin: a partner's new mentor (refused once the partner has paid a tariff). */
/** Support moves a partner under another mentor; the reason is kept in the audit log. */
export const ZAdminMentorChange = z
  .object({
    mentor_id: zId,
    /** Optional for older clients; the back office always sends one. */
    reason: zText(500, MESSAGES.fieldRequired, { multiline: true }).optional(),
  })
  .strict();
export type TAdminMentorChange = z.infer<typeof ZAdminMentorChange>;
export const ZAdminMentorChanged = z.object({ id: z.number().int(), mentor_id: z.number().int() });
export type TAdminMentorChanged = z.infer<typeof ZAdminMentorChanged>;
