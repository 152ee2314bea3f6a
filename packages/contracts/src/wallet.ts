import { z } from 'zod';
import { zPage, ZTimestamp } from './common';
import { zCode, zFinancePassword, zText } from './fields';
import { MESSAGES } from './messages';
import { amountProblem, type TCurrency, ZMoney } from './money';

/** api.md: the kinds of operation in a partner's statement. */
export const OPERATION_TYPES = [
  'deposit',
  'withdrawal',
  'transfer',
  'purchase',
  'bonus',
  'refund',
  'adjustment',
] as const;
export const ZOperationType = z.enum(OPERATION_TYPES);
export type TOperationType = z.infer<typeof ZOperationType>;

/** api.md: bonus types. */
export const BONUS_TYPES = [
  'invite',
  'binary',
  'matching',
  'matching_dexnet',
  'annual_matching',
  'quick_start',
  'dexid_promo',
  'ticket',
  'vp',
  'qualification',
  'leader_pool',
  'node_income',
  'dft',
  'token_package',
  'virtual_node',
  'validator_right',
  'winter_gift',
  'lost_profit',
] as const;
export const ZBonusType = z.enum(BONUS_TYPES);
export type TBonusType = z.infer<typeof ZBonusType>;

/** Where an operation stands; chain deposits confirm, withdrawals are decided by an admin. */
export const OPERATION_STATUSES = [
  'pending',
  'confirming',
  'completed',
  'approved',
  'sent',
  'rejected',
  'expired',
  'failed',
] as const;
export const ZOperationStatus = z.enum(OPERATION_STATUSES);
export type TOperationStatus = z.infer<typeof ZOperationStatus>;

/** Currencies that move on the chain: USDT and the DexNet token, both BEP-20 for deposits. */
export const ZChainCurrency = z.enum(['USDT', 'DXN'], { error: MESSAGES.currencyInvalid });
export type TChainCurrency = z.infer<typeof ZChainCurrency>;

export const NETWORKS = ['BEP-20', 'TRC-20'] as const;
export const ZNetwork = z.enum(NETWORKS, { error: MESSAGES.networkInvalid });
export type TNetwork = z.infer<typeof ZNetwork>;

/** A positive decimal amount whose places are checked against the currency beside it. */
const zAmountText = z
  .string({ error: MESSAGES.amountNotPositive })
  .trim()
  .min(1, { error: MESSAGES.amountNotPositive })
  .max(40, { error: MESSAGES.invalidValue });

/** Checks `amount` against `currency`: a plain decimal within its places, more than zero. */
function checkAmount(value: { amount: string; currency: TCurrency }, ctx: z.RefinementCtx) {
  const problem = amountProblem(value.amount, value.currency);
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
}

// ---- deposits ---------------------------------------------------------------------------------------

export const ZInvoiceRequest = z.discriminatedUnion(
  'purpose',
  [
    z
      .object({ purpose: z.literal('deposit'), currency: ZChainCurrency, amount: zAmountText })
      .superRefine(checkAmount),
    z.object({ purpose: z.literal('order'), order_id: z.coerce.number().int().positive() }),
  ],
  { error: MESSAGES.purposeInvalid },
);
export type TInvoiceRequest = z.infer<typeof ZInvoiceRequest>;

export const INVOICE_STATUSES = ['pending', 'confirming', 'paid', 'expired'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);

export const ZInvoice = z.object({
  id: z.string(),
  address: z.string(),
  network: z.literal('BEP-20'),
  currency: ZChainCurrency,
  amount: ZMoney,
  status: ZInvoiceStatus,
  confirmations_required: z.number().int(),
  expires_at: ZTimestamp,
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZPaymentStatusRequest = z.object({ invoice_id: zText(64) });
export const ZPaymentStatus = z.object({
  status: ZInvoiceStatus,
  confirmations: z.number().int(),
  hash: z.string().nullable(),
});
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** Development chain only (api.md). */
export const ZDevTransferRequest = z
  .object({ to: zText(64), currency: ZChainCurrency, amount: zAmountText })
  .superRefine(checkAmount);
export const ZDevTransferResponse = z.object({ hash: z.string() });
export const ZDevMineRequest = z.object({ blocks: z.coerce.number().int().min(1).max(1000).default(1) });
export const ZDevMineResponse = z.object({ height: z.number().int() });

// ---- statement ---------------------------------------------------------------------------------------

export const FINANCE_ORDERINGS = ['date', '-date', 'amount', '-amount'] as const;
export const FINANCE_PERIODS = ['day', 'week', 'month', 'year'] as const;

const zDate = z.iso.date({ error: MESSAGES.dateInvalid });

export const ZFinancesRequest = z
  .object({
    operation_type: ZOperationType.optional(),
    bonus_type: ZBonusType.optional(),
    currency: z.enum(['USDT', 'DXN', 'DFT']).optional(),
    date_from: zDate.optional(),
    date_to: zDate.optional(),
    /** The last day, week, month or year up to now. */
    period: z.enum(FINANCE_PERIODS).optional(),
    ordering: z.enum(FINANCE_ORDERINGS).default('-date'),
  })
  .refine((value) => !value.date_from || !value.date_to || value.date_from <= value.date_to, {
    error: MESSAGES.dateRangeInvalid,
    path: ['date_to'],
  });
export type TFinancesRequest = z.infer<typeof ZFinancesRequest>;

export const ZTransaction = z.object({
  id: z.number().int(),
  operation_type: ZOperationType,
  bonus_type: ZBonusType.nullable(),
  currency: z.enum(['USDT', 'DXN', 'DFT']),
  /** Signed: what the operation adds to (or takes from) the partner's balance. */
  amount: ZMoney,
  date: ZTimestamp,
  status: ZOperationStatus,
  confirmations: z.number().int().nullable(),
  hash: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type TTransaction = z.infer<typeof ZTransaction>;
export const ZFinancesPage = zPage(ZTransaction);

// ---- withdrawals -------------------------------------------------------------------------------------

export const ZAddressValidationRequest = z.object({ address: z.string().max(200).default('') });
export const ZAddressValidation = z.object({ valid: z.boolean(), network: ZNetwork.nullable() });

export const ZWithdrawRequest = z
  .object({
    currency: ZChainCurrency,
    network: ZNetwork,
    address: z
      .string({ error: MESSAGES.addressEmpty })
      .trim()
      .min(1, { error: MESSAGES.addressEmpty })
      .max(100, { error: MESSAGES.addressInvalid }),
    amount: zAmountText,
    finance_password: zFinancePassword,
    code: zCode.optional(),
  })
  .superRefine(checkAmount);
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'sent', 'rejected'] as const;
export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatus>;

export const ZWithdrawResponse = z.object({
  id: z.number().int(),
  status: ZWithdrawalStatus,
  amount: ZMoney,
  fee: ZMoney,
});

/** What a withdrawal costs and allows, per currency (from configuration), for the form. */
export const ZWithdrawalLimits = z.array(
  z.object({ currency: ZChainCurrency, networks: z.array(ZNetwork), fee: ZMoney, min: ZMoney, max: ZMoney }),
);

export const ZDftTransferResponse = z.object({ amount: ZMoney, next_unlock_at: ZTimestamp.nullable() });

// ---- rates -------------------------------------------------------------------------------------------

/** A DexNet price fixed for 30 minutes (spec): `rate` is the USDT price of 1 DXN. */
export const ZRateQuote = z.object({
  quote_id: z.string(),
  rate: z.string(),
  dexnet_per_usdt: z.string(),
  expires_at: ZTimestamp,
});
export const ZEuroRate = z.object({ rate: z.string() });

// ---- card top-up -------------------------------------------------------------------------------------

export const ZCardPaymentRequest = z.object({
  amount: zAmountText,
  card_number: z
    .string({ error: MESSAGES.cardNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{12,19}$/, { error: MESSAGES.cardNumberInvalid })),
  expiry_month: z.coerce
    .number({ error: MESSAGES.cardExpiryInvalid })
    .int()
    .min(1)
    .max(12, { error: MESSAGES.cardExpiryInvalid }),
  expiry_year: z.coerce
    .number({ error: MESSAGES.cardExpiryInvalid })
    .int()
    .min(2000)
    .max(2100, { error: MESSAGES.cardExpiryInvalid }),
  cvc: z.string({ error: MESSAGES.cardCvcInvalid }).regex(/^[0-9]{3,4}$/, { error: MESSAGES.cardCvcInvalid }),
  holder_name: zText(100),
});
export type TCardPaymentRequest = z.infer<typeof ZCardPaymentRequest>;

export const ZCardPayment = z.object({
  id: z.number().int(),
  status: z.literal('approved'),
  amount: ZMoney,
  amount_eur: ZMoney,
  card: z.object({ brand: z.string(), last4: z.string(), country: z.string() }),
});

/** The card top-up rules the form shows (product-spec.md section 9). */
export const ZCardLimits = z.object({
  min: ZMoney,
  max: ZMoney,
  kyc_above: ZMoney,
  attempts_per_day: z.number().int(),
  attempts_per_month: z.number().int(),
  allowed_countries: z.array(z.string()),
});

// ---- admin -------------------------------------------------------------------------------------------

export const ZAdminWithdrawal = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  currency: ZChainCurrency,
  network: ZNetwork,
  address: z.string(),
  amount: ZMoney,
  fee: ZMoney,
  status: ZWithdrawalStatus,
  tx_hash: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: ZTimestamp,
  decided_at: ZTimestamp.nullable(),
});
export const ZAdminWithdrawalsQuery = z.object({
  status: ZWithdrawalStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export const ZAdminWithdrawalsPage = zPage(ZAdminWithdrawal);
export const ZRejectWithdrawal = z.object({ reason: zText(500) });
export const ZSendWithdrawal = z.object({
  tx_hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: MESSAGES.txHashInvalid }),
});

export const ZAdjustmentRequest = z.object({
  user_id: z.number().int().positive(),
  currency: z.enum(['USDT', 'DXN', 'DFT']),
  /** Signed: a credit, or (with a minus) a debit. */
  amount: z
    .string()
    .trim()
    .regex(/^-?[0-9]+(\.[0-9]+)?$/, { error: MESSAGES.invalidValue }),
  reason: zText(500),
});

export const ZLedgerHealth = z.object({
  ok: z.boolean(),
  currencies: z.array(z.object({ currency: z.string(), postings_sum: z.string(), balanced: z.boolean() })),
  unbalanced_transfers: z.number().int(),
  mismatched_accounts: z.array(
    z.object({ account_id: z.number().int(), cached: z.string(), postings: z.string() }),
  ),
  negative_user_accounts: z.number().int(),
});
