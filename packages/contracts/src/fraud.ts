import { z } from 'zod';
import { zReason } from './admin';
import { zId, zPage, ZPageQuery, ZTimestamp } from './common';
import { ZNetwork } from './wallet';

/**
 * The fraud signals support reviews (docs/decisions.md "The back office"): accounts that share a
 * device, an address or a payout wallet, sign-up bursts from one address, disposable email
 * domains, and sponsor loops (two linked accounts that also share something).
 */
export const FRAUD_SIGNAL_KINDS = [
  'device',
  'ip',
  'wallet',
  'signup_burst',
  'disposable_email',
  'sponsor_loop',
] as const;
export const ZFraudSignalKind = z.enum(FRAUD_SIGNAL_KINDS);
export type TFraudSignalKind = z.infer<typeof ZFraudSignalKind>;

/** Open until support decides; a decided signal opens again when new accounts join it. */
export const FRAUD_SIGNAL_STATUSES = ['open', 'confirmed', 'dismissed'] as const;
export const ZFraudSignalStatus = z.enum(FRAUD_SIGNAL_STATUSES);
export type TFraudSignalStatus = z.infer<typeof ZFraudSignalStatus>;

/** How the two accounts of a sponsor loop are linked: one invited the other, or bought with their code. */
export const ZFraudLink = z.enum(['mentor', 'promocode']);
export type TFraudLink = z.infer<typeof ZFraudLink>;

/** One thing the two accounts of a sponsor loop share: a device (`<ip> <user agent>`), an IP, a wallet. */
export const ZFraudShare = z.object({ kind: z.enum(['device', 'ip', 'wallet']), value: z.string() });
export type TFraudShare = z.infer<typeof ZFraudShare>;

/** What the accounts of a signal share, by its kind: the `details` the detection found. */
export const ZFraudSignalDetails = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('device'), ip: z.string(), user_agent: z.string() }),
  z.object({ kind: z.literal('ip'), ip: z.string() }),
  z.object({ kind: z.literal('wallet'), address: z.string(), networks: z.array(ZNetwork) }),
  z.object({
    kind: z.literal('signup_burst'),
    ip: z.string(),
    /** The window the threshold counts in (FRAUD_SIGNUP_BURST_MINUTES). */
    window_minutes: z.number().int(),
    /** The most accounts opened from the address inside one window. */
    most_in_window: z.number().int(),
  }),
  z.object({ kind: z.literal('disposable_email'), domain: z.string() }),
  z.object({ kind: z.literal('sponsor_loop'), links: z.array(ZFraudLink), shares: z.array(ZFraudShare) }),
]);
export type TFraudSignalDetails = z.infer<typeof ZFraudSignalDetails>;

/** An account named by a signal, or the operator who decided it. */
export const ZFraudAccount = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type TFraudAccount = z.infer<typeof ZFraudAccount>;

export const ZFraudSignal = z.object({
  id: z.number().int(),
  kind: ZFraudSignalKind,
  /** Stable per signal: `device:<hash>`, `ip:<address>`, `wallet:<address>`, `loop:<id>-<id>`... */
  key: z.string(),
  status: ZFraudSignalStatus,
  details: ZFraudSignalDetails,
  accounts: z.array(ZFraudAccount),
  /** When the evidence began (the second account's first use of what they share) and last showed. */
  first_seen: ZTimestamp,
  last_seen: ZTimestamp,
  /** When a check first found it. */
  detected_at: ZTimestamp,
  /** When new accounts joined it after a decision, which opened it again; null otherwise. */
  reopened_at: ZTimestamp.nullable(),
  /** The last decision (kept when the signal opens again): who, when, why. */
  decided_by: ZFraudAccount.nullable(),
  decided_at: ZTimestamp.nullable(),
  reason: z.string().nullable(),
});
export type TFraudSignal = z.infer<typeof ZFraudSignal>;
export const ZFraudSignalsPage = zPage(ZFraudSignal);
export type TFraudSignalsPage = z.infer<typeof ZFraudSignalsPage>;

/** `?status=open&kind=&page=`: an empty kind means every kind. */
export const ZFraudSignalsQuery = ZPageQuery.extend({
  status: ZFraudSignalStatus.default('open'),
  kind: z.preprocess((value) => (value === '' ? undefined : value), ZFraudSignalKind.optional()),
});
export type TFraudSignalsQuery = z.infer<typeof ZFraudSignalsQuery>;

export const ZFraudSignalParams = z.object({ id: zId });
export type TFraudSignalParams = z.infer<typeof ZFraudSignalParams>;

/** Support's decision on a signal, with the reason kept in the audit log. */
export const ZFraudReviewRequest = z
  .object({ decision: z.enum(['confirmed', 'dismissed']), reason: zReason })
  .strict();
export type TFraudReviewRequest = z.infer<typeof ZFraudReviewRequest>;

/** What a check found: every signal it saw, the new ones, and the decided ones new accounts opened again. */
export const ZFraudScanResult = z.object({
  signals: z.number().int(),
  opened: z.number().int(),
  reopened: z.number().int(),
});
export type TFraudScanResult = z.infer<typeof ZFraudScanResult>;
