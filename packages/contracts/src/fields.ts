import { z } from 'zod';
import { formatMessage, MESSAGES } from './messages';

// A field that is missing answers "This field is required." unless its schema says otherwise.
z.config({
  customError: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined),
});

const tooLong = (max: number) => formatMessage(MESSAGES.tooLong, { max });

/** An error option: "This field is required." when the value is missing, `invalid` otherwise. */
export const requiredOr = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.fieldRequired : invalid),
});

/**
 * Characters no text field takes: NUL and the other control characters (a line break only where a
 * field is multi-line), and the bidirectional embeddings, overrides and isolates that make a text
 * read differently from how it is stored ("Trojan Source"). PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const FORBIDDEN_ONE_LINE = /[\t\n\r]/;
/** A half of a surrogate pair without its other half: not Unicode, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a text any field may hold: well-formed Unicode without the characters above. */
export function isSafeText(text: string, multiline = false): boolean {
  return !LONE_SURROGATE.test(text) && !FORBIDDEN.test(text) && (multiline || !FORBIDDEN_ONE_LINE.test(text));
}

/**
 * The one text field of the contracts: a string, NFC-normalised and trimmed, refused when it holds
 * a forbidden character, and at most `max` long. Every free text of a request goes through it.
 */
export function zSafeString(max: number, options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((text) => isSafeText(text, options.multiline), { error: MESSAGES.textInvalid, abort: true })
    .transform((text) => text.normalize('NFC').trim())
    .pipe(z.string().max(max, { error: tooLong(max) }));
}

/**
 * Invisible characters: spaces, format characters (zero-width space and joiners, soft hyphen,
 * byte-order mark, direction marks), combining marks with no letter to sit on, and the Hangul
 * fillers. A name made only of them is no name.
 */
const INVISIBLE = /[\s\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0]/gu;

/** A trimmed text field; `required` is the message for a missing or empty value. */
export function zText(
  max: number,
  required: string = MESSAGES.fieldRequired,
  options: { multiline?: boolean } = {},
) {
  return zSafeString(max, { ...options, error: required }).pipe(z.string().min(1, { error: required }));
}

/** A person's name: like `zText`, and not made only of invisible characters. */
export function zName(max: number, required: string) {
  return zText(max, required).refine((text) => text.replace(INVISIBLE, '') !== '', { error: required });
}

/** Optional text: absent, or trimmed and at most `max` long (an empty string is kept as empty). */
export function zOptionalText(max: number) {
  return zSafeString(max).optional();
}

export const zEmail = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: tooLong(254) })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** A new account password (the current one is checked with `zPassword`). */
export const zNewPassword = z
  .string()
  .min(8, { error: MESSAGES.passwordTooShort })
  .max(128, { error: tooLong(128) });

export const zPassword = z
  .string()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(128, { error: tooLong(128) });

export const zFinancePassword = z
  .string({ error: MESSAGES.financePasswordEmpty })
  .min(1, { error: MESSAGES.financePasswordEmpty })
  .max(128, { error: tooLong(128) });

export const zNewFinancePassword = z
  .string({ error: MESSAGES.financePasswordEmpty })
  .min(1, { error: MESSAGES.financePasswordEmpty })
  .min(6, { error: MESSAGES.financePasswordTooShort })
  .max(128, { error: tooLong(128) });

/** Phone numbers are kept as "+" and digits; spaces, dashes, dots and brackets are dropped. */
export const zPhone = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: MESSAGES.phoneRequired })
  .max(32, { error: tooLong(32) })
  .transform((phone) => phone.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{6,15}$/, { error: MESSAGES.phoneInvalid }))
  .transform((phone) => (phone.startsWith('+') ? phone : `+${phone}`));

export const zUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{3,30}$/, { error: MESSAGES.usernameInvalid });

/** A six-digit authenticator code. */
export const zCode = z
  .string({ error: MESSAGES.codeFormat })
  .trim()
  .regex(/^[0-9]{6}$/, { error: MESSAGES.codeFormat });

/** A recovery code shown at two-factor setup: eight letters and digits, a dash in the middle optional. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}$/;

/** At sign-in: the authenticator's six digits, or one of the recovery codes in their place. */
export const zCodeOrRecovery = z
  .string({ error: MESSAGES.codeOrRecoveryFormat })
  .trim()
  .refine((code) => /^[0-9]{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code), {
    error: MESSAGES.codeOrRecoveryFormat,
  });

/** A random one-time token from a mail link. */
export const zLinkToken = z
  .string({ error: MESSAGES.linkInvalid })
  .trim()
  .min(1, { error: MESSAGES.linkInvalid })
  .max(200, { error: MESSAGES.linkInvalid })
  .refine((token) => isSafeText(token), { error: MESSAGES.linkInvalid });
