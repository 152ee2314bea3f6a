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

/** A trimmed text field; `required` is the message for a missing or empty value. */
export function zText(max: number, required: string = MESSAGES.fieldRequired) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong(max) });
}

/** Optional text: absent, or trimmed and at most `max` long (an empty string is kept as empty). */
export function zOptionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .optional();
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

/** A random one-time token from a mail link. */
export const zLinkToken = z
  .string({ error: MESSAGES.linkInvalid })
  .trim()
  .min(1, { error: MESSAGES.linkInvalid })
  .max(200, { error: MESSAGES.linkInvalid });
