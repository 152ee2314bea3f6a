import { z } from 'zod';
import { ZCountryCode } from './countries';
import {
  zCode,
  zCodeOrRecovery,
  zEmail,
  zLinkToken,
  zName,
  zNewFinancePassword,
  zNewPassword,
  zOptionalText,
  zPassword,
  zPhone,
  zSafeString,
  zText,
  zUsername,
} from './fields';
import { ZLanguage } from './languages';
import { MESSAGES } from './messages';
import { ZMoney } from './money';

const passwordsMatch = <T extends { password: string; password_confirm: string }>(value: T) =>
  value.password === value.password_confirm;
const mismatch = { error: MESSAGES.passwordsMismatch, path: ['password_confirm'] };
/** Compare the two passwords only when both are present as strings. */
const whenBothPasswords = {
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | undefined;
    return typeof value?.password === 'string' && typeof value.password_confirm === 'string';
  },
};

export const BINARY_SIDES = ['left', 'right'] as const;
export const ZBinarySide = z.enum(BINARY_SIDES);
export type TBinarySide = z.infer<typeof ZBinarySide>;
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export const ZKycStatus = z.enum(KYC_STATUSES);
export type TKycStatus = z.infer<typeof ZKycStatus>;
/** The files of a KYC submission (multipart fields of `POST /api/v1/accounts/kyc/`). */
export const KYC_DOCUMENT_KINDS = ['document', 'selfie'] as const;
export type TKycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
/** The largest KYC file, in MB. */
export const KYC_MAX_MB = 10;
export const ZKycSubmitResponse = z.object({ kyc_status: z.literal('pending') });
export type TKycSubmitResponse = z.infer<typeof ZKycSubmitResponse>;
/**
 * Operator roles (api.md "Pinned for the back office"): support (partners, blocking, two-factor
 * resets, KYC review), finance (withdrawals, adjustments, refunds, reports), admin (everything,
 * roles, configuration). `is_superuser` means every role.
 */
export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;

/** The roles a user acts with: every one for a superuser, else the ones given. */
export const effectiveRoles = (isSuperuser: boolean, given: readonly TOperatorRole[]): TOperatorRole[] =>
  isSuperuser ? [...OPERATOR_ROLES] : OPERATOR_ROLES.filter((role) => given.includes(role));

/** Whether a user with `roles` may act as `role`: an admin may do everything. */
export const mayActAs = (roles: readonly TOperatorRole[], role: TOperatorRole): boolean =>
  roles.includes(role) || roles.includes('admin');

const personalFields = {
  first_name: zName(150, MESSAGES.nameRequired),
  last_name: zName(150, MESSAGES.surnameRequired),
  phone: zPhone,
  /** Required as api.md has it, but the server stores the name of `country_code`, whatever this says. */
  country: zText(100),
  country_code: ZCountryCode,
};

// ---- register, login, sessions ---------------------------------------------------------------

export const ZRegisterRequest = z
  .object({
    email: zEmail,
    password: zNewPassword,
    password_confirm: z.string().max(128),
    ...personalFields,
    username: zUsername.optional(),
    language: ZLanguage.optional(),
    promocode: zOptionalText(64),
  })
  .refine(passwordsMatch, { ...mismatch, ...whenBothPasswords });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZCheckReferralRequest = z.object({ promocode: zText(64, MESSAGES.invalidPromocode) });
export type TCheckReferralRequest = z.infer<typeof ZCheckReferralRequest>;
export const ZReferralOwner = z
  .object({
    id: z.number().int(),
    username: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
  })
  .nullable();
export type TReferralOwner = z.infer<typeof ZReferralOwner>;

export const ZLoginRequest = z.object({
  /** The email, or the username (the spec's message speaks of a username/password pair). */
  email: zText(254),
  password: zPassword,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string().nullable(), mfa_enabled: z.boolean() });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** `code`: the app's six digits, or one of the ten recovery codes (each good once). */
export const ZMfaLoginRequest = ZLoginRequest.extend({ code: zCodeOrRecovery });
export type TMfaLoginRequest = z.infer<typeof ZMfaLoginRequest>;

export const ZTokenAuthRequest = z.object({
  token: zText(2048),
  language: ZLanguage.optional(),
});
export type TTokenAuthRequest = z.infer<typeof ZTokenAuthRequest>;

export const ZSetLanguageRequest = z.object({
  language: ZLanguage,
  /** The spec's call carries the token in the body; the Authorization header works as well. */
  token: zSafeString(2048).optional(),
});
export type TSetLanguageRequest = z.infer<typeof ZSetLanguageRequest>;

// ---- profile ------------------------------------------------------------------------------------

export const ZBalances = z.object({
  usdt: ZMoney,
  dexnet: ZMoney,
  dft_locked: ZMoney,
  dft_available: ZMoney,
  matching_bonus: ZMoney,
  vp_bonus: ZMoney,
  other_bonuses: ZMoney,
  /** USDT owed from reversed bonuses (compensation-plan.md 5a); "0.000000" when none. */
  debt: ZMoney,
});
export type TBalances = z.infer<typeof ZBalances>;

/**
 * The partner's mentor as the partner sees them: a name and a username only (the mentor is above
 * the partner, whose other details a partner never reads). `company`: the partner joined without
 * an invitation, under the company's own account.
 */
export const ZProfileMentor = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string().nullable(),
  company: z.boolean(),
});
export type TProfileMentor = z.infer<typeof ZProfileMentor>;

export const ZProfile = z.object({
  id: z.number().int(),
  referral_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  country: z.string(),
  country_code: z.string(),
  username: z.string().nullable(),
  language: ZLanguage,
  avatar: z.string().nullable(),
  mentor_id: z.number().int().nullable(),
  /** Who `mentor_id` is, for the mentor confirmation and the profile; null without a mentor. */
  mentor: ZProfileMentor.nullable(),
  is_superuser: z.boolean(),
  /** The operator roles the user acts with (every role for a superuser); empty for a partner. */
  roles: z.array(ZOperatorRole),
  is_active: z.boolean(),
  mfa_enabled: z.boolean(),
  /** Support turned two-factor off on the partner's request: the portal asks them to set it up again. */
  mfa_setup_required: z.boolean(),
  has_finance_password: z.boolean(),
  binary_side: ZBinarySide,
  kyc_status: ZKycStatus,
  /** Why support rejected the KYC documents (their words); null unless rejected. */
  kyc_reason: z.string().nullable(),
  balances: ZBalances,
  dft_next_unlock_at: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZAuthResponse = z.object({ token: z.string(), user: ZProfile });
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

/**
 * PATCH info: personal fields, and the finance password together with the account password.
 * Fields that are not listed (is_superuser, mentor, balances, ...) are refused, never ignored
 * silently, so a client learns at once that it cannot set them.
 */
export const ZProfilePatch = z
  .strictObject({
    ...personalFields,
    username: zUsername,
    language: ZLanguage,
    finance_password: zNewFinancePassword,
    password: zPassword,
  })
  .partial()
  .refine((value) => value.finance_password === undefined || value.password !== undefined, {
    error: MESSAGES.fieldRequired,
    path: ['password'],
  });
export type TProfilePatch = z.infer<typeof ZProfilePatch>;

/** PUT me: the personal fields as a whole. */
export const ZProfilePut = z.strictObject({
  ...personalFields,
  username: zUsername.nullable().optional(),
});
export type TProfilePut = z.infer<typeof ZProfilePut>;

// ---- two-factor ---------------------------------------------------------------------------------

export const ZMfaSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TMfaSetupResponse = z.infer<typeof ZMfaSetupResponse>;
export const ZCodeRequest = z.object({ code: zCode });
export type TCodeRequest = z.infer<typeof ZCodeRequest>;
/** Two-factor is on: the ten one-time recovery codes, shown this once (only their hashes are kept). */
export const ZMfaVerifyResponse = z.object({
  mfa_enabled: z.literal(true),
  recovery_codes: z.array(z.string()).length(10),
});
export type TMfaVerifyResponse = z.infer<typeof ZMfaVerifyResponse>;

// ---- email change -------------------------------------------------------------------------------

export const ZEmailChangeByMailRequest = z.object({ new_email: zEmail });
export type TEmailChangeByMailRequest = z.infer<typeof ZEmailChangeByMailRequest>;
export const ZEmailChangeConfirmQuery = z.object({ token: zLinkToken, email: zEmail });
export type TEmailChangeConfirmQuery = z.infer<typeof ZEmailChangeConfirmQuery>;
export const ZEmailChangeByAppRequest = z.object({ new_email: zEmail, code: zCode });
export type TEmailChangeByAppRequest = z.infer<typeof ZEmailChangeByAppRequest>;
export const ZEmailChangeResponse = z.object({ email: z.string(), changed: z.boolean() });
export type TEmailChangeResponse = z.infer<typeof ZEmailChangeResponse>;

// ---- password recovery --------------------------------------------------------------------------

export const ZPasswordResetRequest = z.object({ email: zEmail });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
export const ZPasswordResetConfirm = z
  .object({ token: zLinkToken, password: zNewPassword, password_confirm: z.string().max(128) })
  .refine(passwordsMatch, { ...mismatch, ...whenBothPasswords });
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;
export const ZResetPasswordRequest = z.object({ token: zLinkToken, new_password: zNewPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
export const ZSuccess = z.object({ success: z.literal(true) });
export type TSuccess = z.infer<typeof ZSuccess>;
