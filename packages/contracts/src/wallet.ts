import { z } from 'zod';
import { zDate, zId, zPage, zPageNumber, ZTimestamp, zWholeNumber } from './common';
import { isSafeText, zCode, zFinancePassword, zSafeString, zText } from './fields';
import { MESSAGES } from './messages';
import { amountProblem, CURRENCIES, type TCurrency, ZMoney } from './money';

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
export const CHAIN_CURRENCIES = ['USDT', 'DXN'] as const;
export const ZChainCurrency = z.enum(CHAIN_CURRENCIES, { error: MESSAGES.currencyInvalid });
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
    z.object({ purpose: z.literal('order'), order_id: zId }),
    z.object({ purpose: z.literal('validator_key'), validator_key_id: zId }),
  ],
  { error: MESSAGES.purposeInvalid },
);
export type TInvoiceRequest = z.infer<typeof ZInvoiceRequest>;

export const INVOICE_STATUSES = ['pending', 'confirming', 'paid', 'expired'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

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
export type TPaymentStatusRequest = z.infer<typeof ZPaymentStatusRequest>;
export const ZPaymentStatus = z.object({
  status: ZInvoiceStatus,
  confirmations: z.number().int(),
  hash: z.string().nullable(),
});
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** The deposit window (api.md): what reached the partner's address since the invoice was made. */
export const ZDepositWindowRequest = z.object({ invoice_id: zText(64) });
export type TDepositWindowRequest = z.infer<typeof ZDepositWindowRequest>;
export const DEPOSIT_TRANSFER_STATUSES = ['confirming', 'credited', 'rejected'] as const;
export const ZDepositTransfer = z.object({
  hash: z.string(),
  log_index: z.number().int(),
  currency: ZChainCurrency,
  amount: ZMoney,
  confirmations: z.number().int(),
  status: z.enum(DEPOSIT_TRANSFER_STATUSES),
  /** The invoice this transfer pays; null: credited to the balance without one. */
  invoice_id: z.string().nullable(),
  seen_at: ZTimestamp,
});
export type TDepositTransfer = z.infer<typeof ZDepositTransfer>;
export const ZDepositWindow = z.object({
  invoice: ZInvoice.extend({
    /** Paid: the transfer that paid it; waiting: what arrived since it was made that paid no invoice. */
    received: ZMoney,
    confirmations: z.number().int(),
    hash: z.string().nullable(),
  }),
  /** Every transfer to the address since the invoice was made, newest first (at most 50). */
  transfers: z.array(ZDepositTransfer),
});
export type TDepositWindow = z.infer<typeof ZDepositWindow>;

/** Admin: a chain log the watcher could not take (too large for the ledger, malformed). */
export const ZRejectedChainLog = z.object({
  id: z.number().int(),
  chain: z.string(),
  tx_hash: z.string(),
  log_index: z.number().int(),
  block_number: z.number().int(),
  contract: z.string(),
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  /** The token's own units, as the log says. */
  raw_amount: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  reason: z.string(),
  created_at: ZTimestamp,
});
export type TRejectedChainLog = z.infer<typeof ZRejectedChainLog>;
export const ZRejectedChainLogsPage = zPage(ZRejectedChainLog);
export type TRejectedChainLogsPage = z.infer<typeof ZRejectedChainLogsPage>;

/** Development chain only (api.md). */
export const ZDevTransferRequest = z
  .object({ to: zText(64), currency: ZChainCurrency, amount: zAmountText })
  .superRefine(checkAmount);
export type TDevTransferRequest = z.infer<typeof ZDevTransferRequest>;
export const ZDevTransferResponse = z.object({ hash: z.string() });
export type TDevTransferResponse = z.infer<typeof ZDevTransferResponse>;
export const ZDevMineRequest = z.object({
  blocks: zWholeNumber(MESSAGES.invalidValue).pipe(z.number().min(1).max(1000)).default(1),
});
export type TDevMineRequest = z.infer<typeof ZDevMineRequest>;
export const ZDevMineResponse = z.object({ height: z.number().int() });
export type TDevMineResponse = z.infer<typeof ZDevMineResponse>;

// ---- statement ---------------------------------------------------------------------------------------

export const FINANCE_ORDERINGS = ['date', '-date', 'amount', '-amount'] as const;
export const FINANCE_PERIODS = ['day', 'week', 'month', 'year'] as const;

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
export type TFinancesPage = z.infer<typeof ZFinancesPage>;

/** The first month a monthly statement covers; the last is the current one (the server's clock). */
export const STATEMENT_FIRST_MONTH = '2000-01';

/** The monthly PDF statement of one currency (`finances/statement/`): `?month=YYYY-MM&currency=`. */
export const ZStatementPdfQuery = z.object({
  month: z
    .string({ error: MESSAGES.monthInvalid })
    .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { error: MESSAGES.monthInvalid }),
  currency: z.enum(CURRENCIES, { error: MESSAGES.currencyInvalid }),
});
export type TStatementPdfQuery = z.infer<typeof ZStatementPdfQuery>;

// ---- withdrawals -------------------------------------------------------------------------------------

export const ZAddressValidationRequest = z.object({ address: zSafeString(200).default('') });
export type TAddressValidationRequest = z.infer<typeof ZAddressValidationRequest>;
export const ZAddressValidation = z.object({ valid: z.boolean(), network: ZNetwork.nullable() });
export type TAddressValidation = z.infer<typeof ZAddressValidation>;

export const ZWithdrawRequest = z
  .object({
    currency: ZChainCurrency,
    network: ZNetwork,
    address: z
      .string({ error: MESSAGES.addressEmpty })
      .trim()
      .min(1, { error: MESSAGES.addressEmpty })
      .max(100, { error: MESSAGES.addressInvalid })
      .refine((address) => isSafeText(address), { error: MESSAGES.addressInvalid }),
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
export type TWithdrawResponse = z.infer<typeof ZWithdrawResponse>;

/** What a withdrawal costs and allows, per currency (from configuration), for the form. */
export const ZWithdrawalLimits = z.array(
  z.object({ currency: ZChainCurrency, networks: z.array(ZNetwork), fee: ZMoney, min: ZMoney, max: ZMoney }),
);
export type TWithdrawalLimits = z.infer<typeof ZWithdrawalLimits>;

export const ZDftTransferResponse = z.object({ amount: ZMoney, next_unlock_at: ZTimestamp.nullable() });
export type TDftTransferResponse = z.infer<typeof ZDftTransferResponse>;

// ---- rates -------------------------------------------------------------------------------------------

/** A DexNet price fixed for 30 minutes (spec): `rate` is the USDT price of 1 DXN. */
export const ZRateQuote = z.object({
  quote_id: z.string(),
  rate: z.string(),
  dexnet_per_usdt: z.string(),
  expires_at: ZTimestamp,
});
export type TRateQuote = z.infer<typeof ZRateQuote>;
export const ZEuroRate = z.object({ rate: z.string() });
export type TEuroRate = z.infer<typeof ZEuroRate>;

// ---- card top-up -------------------------------------------------------------------------------------

/**
 * Fields of a card that a top-up request must never carry: the card is typed on the provider's
 * hosted page (api.md), so a request with any of them is refused (400) before anything happens.
 */
export const CARD_DATA_FIELDS = [
  'card_number',
  'number',
  'pan',
  'cvc',
  'cvv',
  'expiry_month',
  'expiry_year',
  'holder_name',
  'card',
] as const;

/** A card top-up: the amount only; the partner pays on the provider's page (api.md). */
export const ZCardPaymentRequest = z
  .looseObject({ amount: zAmountText })
  .superRefine((value, context) => {
    for (const field of CARD_DATA_FIELDS)
      if (field in value)
        context.addIssue({ code: 'custom', path: [field], message: MESSAGES.cardDataRefused });
  })
  .transform(({ amount }) => ({ amount }));
export type TCardPaymentRequest = z.infer<typeof ZCardPaymentRequest>;

/**
 * A card payment's statuses as the partner sees them: pending (the provider's page is open),
 * processing (authorized or captured, being credited), approved (credited), declined (by the
 * bank), refused (by the portal's rules: the card's country or its attempts), failed (the provider
 * gave no answer).
 */
export const CARD_PAYMENT_STATUSES = [
  'pending',
  'processing',
  'approved',
  'declined',
  'refused',
  'failed',
] as const;
export const ZCardPaymentStatus = z.enum(CARD_PAYMENT_STATUSES);
export type TCardPaymentStatus = z.infer<typeof ZCardPaymentStatus>;

/** The session opened for a top-up: `url` is the provider's hosted page (api.md). */
export const ZCardPaymentSession = z.object({
  payment_id: z.number().int(),
  url: z.string(),
  status: z.literal('pending'),
});
export type TCardPaymentSession = z.infer<typeof ZCardPaymentSession>;

export const ZCardPaymentParams = z.object({ id: zId });
export type TCardPaymentParams = z.infer<typeof ZCardPaymentParams>;

/** A card payment as its partner follows it. `reason` says why it was declined or refused. */
export const ZCardPayment = z.object({
  payment_id: z.number().int(),
  status: ZCardPaymentStatus,
  amount: ZMoney,
  amount_eur: ZMoney,
  card: z.object({ brand: z.string(), last4: z.string(), country: z.string().nullable() }).nullable(),
  reason: z.string().nullable(),
  created_at: ZTimestamp,
});
export type TCardPayment = z.infer<typeof ZCardPayment>;

/** The card top-up rules the form shows (product-spec.md section 9). */
export const ZCardLimits = z.object({
  min: ZMoney,
  max: ZMoney,
  kyc_above: ZMoney,
  attempts_per_day: z.number().int(),
  attempts_per_month: z.number().int(),
  allowed_countries: z.array(z.string()),
});
export type TCardLimits = z.infer<typeof ZCardLimits>;

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
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;
/** The withdrawal queue's filters (the list and its CSV). */
export const ZAdminWithdrawalsFilter = z.object({
  status: ZWithdrawalStatus.optional(),
  currency: ZChainCurrency.optional(),
  network: ZNetwork.optional(),
});
export type TAdminWithdrawalsFilter = z.infer<typeof ZAdminWithdrawalsFilter>;
export const ZAdminWithdrawalsQuery = ZAdminWithdrawalsFilter.extend({ page: zPageNumber });
export type TAdminWithdrawalsQuery = z.infer<typeof ZAdminWithdrawalsQuery>;

/** The most withdrawals one bulk approval takes. */
export const BULK_APPROVE_MAX = 100;

/** Several pending withdrawals approved at once (finance). */
export const ZBulkApproveWithdrawals = z.object({
  ids: z
    .array(zId, { error: MESSAGES.invalidValue })
    .min(1, { error: MESSAGES.invalidValue })
    .max(BULK_APPROVE_MAX, { error: MESSAGES.invalidValue })
    .transform((ids) => [...new Set(ids)]),
});
export type TBulkApproveWithdrawals = z.infer<typeof ZBulkApproveWithdrawals>;
/** Each withdrawal approved, and each not, with why (it was no longer pending, or is unknown). */
export const ZBulkApproveResult = z.object({
  approved: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), detail: z.string() })),
});
export type TBulkApproveResult = z.infer<typeof ZBulkApproveResult>;
export const ZAdminWithdrawalsPage = zPage(ZAdminWithdrawal);
export type TAdminWithdrawalsPage = z.infer<typeof ZAdminWithdrawalsPage>;
export const ZRejectWithdrawal = z.object({
  reason: zText(500, MESSAGES.fieldRequired, { multiline: true }),
});
export type TRejectWithdrawal = z.infer<typeof ZRejectWithdrawal>;
export const ZSendWithdrawal = z.object({
  tx_hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: MESSAGES.txHashInvalid }),
});
export type TSendWithdrawal = z.infer<typeof ZSendWithdrawal>;

export const ZAdjustmentRequest = z.object({
  user_id: zId,
  currency: z.enum(['USDT', 'DXN', 'DFT']),
  /** Signed: a credit, or (with a minus) a debit. */
  amount: z
    .string()
    .trim()
    .max(40, { error: MESSAGES.invalidValue })
    .regex(/^-?[0-9]+(\.[0-9]+)?$/, { error: MESSAGES.invalidValue }),
  reason: zText(500, MESSAGES.fieldRequired, { multiline: true }),
});
export type TAdjustmentRequest = z.infer<typeof ZAdjustmentRequest>;

export const ZLedgerHealth = z.object({
  ok: z.boolean(),
  currencies: z.array(z.object({ currency: z.string(), postings_sum: z.string(), balanced: z.boolean() })),
  unbalanced_transfers: z.number().int(),
  mismatched_accounts: z.array(
    z.object({ account_id: z.number().int(), cached: z.string(), postings: z.string() }),
  ),
  negative_user_accounts: z.number().int(),
});
export type TLedgerHealth = z.infer<typeof ZLedgerHealth>;
