import { z } from 'zod';
import { ZKycStatus, ZOperatorRole } from './accounts';
import { zId, zPage, ZPageQuery, ZTimestamp } from './common';
import { zSafeString, zText } from './fields';
import { MESSAGES } from './messages';

export const ZUsersQuery = ZPageQuery.extend({
  search: zSafeString(254).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  referral_id: z.string(),
  mentor_id: z.number().int().nullable(),
  /** The mentor's first and last name, for reading the list without a second look-up. */
  mentor_name: z.string().nullable(),
  is_superuser: z.boolean(),
  /** The operator roles given to the user (a superuser has every role whatever this says). */
  roles: z.array(ZOperatorRole),
  is_active: z.boolean(),
  mfa_enabled: z.boolean(),
  kyc_status: ZKycStatus,
  date_joined: ZTimestamp,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZUsersPage = zPage(ZAdminUser);
export type TUsersPage = z.infer<typeof ZUsersPage>;

/** The partner an admin blocks or unblocks. */
export const ZUserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TUserIdParams = z.infer<typeof ZUserIdParams>;

export const ZOutboxQuery = ZPageQuery.extend({
  to: zSafeString(254).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: ZTimestamp,
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;
export const ZOutboxPage = zPage(ZOutboxMail);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;

/** Why an operator acts on a partner (api.md "Pinned for the back office"): kept in the audit log. */
export const zReason = zText(500, MESSAGES.fieldRequired, { multiline: true });

/** Blocking or unblocking: the reason is kept in the audit log (optional for older clients). */
export const ZBlockRequest = z.object({ reason: zReason.optional() }).strict();
export type TBlockRequest = z.infer<typeof ZBlockRequest>;

/** Support resets a partner's two-factor (a lost phone): the partner is mailed. */
export const ZMfaResetRequest = z.object({ reason: zReason }).strict();
export type TMfaResetRequest = z.infer<typeof ZMfaResetRequest>;
export const ZMfaResetResponse = z.object({ mfa_enabled: z.literal(false) });
export type TMfaResetResponse = z.infer<typeof ZMfaResetResponse>;

/** Support's decision on a partner's KYC: verified or rejected, with the reason. */
export const ZKycDecisionRequest = z
  .object({ status: z.enum(['verified', 'rejected']), reason: zReason })
  .strict();
export type TKycDecisionRequest = z.infer<typeof ZKycDecisionRequest>;
export const ZKycDecisionResponse = z.object({ kyc_status: ZKycStatus });
export type TKycDecisionResponse = z.infer<typeof ZKycDecisionResponse>;

/** An admin sets the operator roles of a user (the whole set; empty: a partner again). */
export const ZRolesRequest = z.object({ roles: z.array(ZOperatorRole).max(3), reason: zReason }).strict();
export type TRolesRequest = z.infer<typeof ZRolesRequest>;
export const ZRolesResponse = z.object({ roles: z.array(ZOperatorRole) });
export type TRolesResponse = z.infer<typeof ZRolesResponse>;

/** The audit log, newest first, filtered by who acted and by the action. */
export const ZAuditQuery = ZPageQuery.extend({
  actor_id: zId.optional(),
  action: zSafeString(100).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** One entry of the audit log: who did what, to what, why, and what it changed. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  action: z.string(),
  /** What was acted on, as `kind:id` (`user:12`, `order:7`). */
  target: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: ZTimestamp,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = zPage(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The KYC queue: partners by KYC status (pending by default), oldest submission first. */
export const ZKycQueueQuery = ZPageQuery.extend({ status: ZKycStatus.default('pending') });
export type TKycQueueQuery = z.infer<typeof ZKycQueueQuery>;
export const ZKycQueueEntry = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  kyc_status: ZKycStatus,
  /** When the documents were sent; null when there are none. */
  submitted_at: ZTimestamp.nullable(),
  /** The kinds of file on record (`document`, `selfie`), each readable at `.../kyc/files/{kind}/`. */
  files: z.array(z.enum(['document', 'selfie'])),
});
export type TKycQueueEntry = z.infer<typeof ZKycQueueEntry>;
export const ZKycQueuePage = zPage(ZKycQueueEntry);
export type TKycQueuePage = z.infer<typeof ZKycQueuePage>;
export const ZKycFileParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  kind: z.enum(['document', 'selfie']),
});
export type TKycFileParams = z.infer<typeof ZKycFileParams>;
