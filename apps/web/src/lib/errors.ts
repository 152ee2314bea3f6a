import { firstMessages, NON_FIELD, type TFieldErrors } from '@portal/contracts/plain';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateMessage } from './i18n';

const isFieldErrors = (body: unknown): body is TFieldErrors =>
  !!body && typeof body === 'object' && Object.values(body).every((value) => Array.isArray(value));

const detailOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
    ? body.detail
    : undefined;

/**
 * What a failed call says to the user (spec section 8): for 400 the first message of every field,
 * one per line, or "Error" without a body; for 500 "Server error"; otherwise the server's detail.
 */
export function errorLines(error: unknown, t: TFunction): string[] {
  if (!(error instanceof ApiError)) return [t('messages.somethingWentWrong')];
  if (error.status === 400) {
    const lines = isFieldErrors(error.body) ? firstMessages(error.body) : [];
    return lines.length > 0 ? lines.map((line) => translateMessage(t, line)) : [t('common.error')];
  }
  if (error.status >= 500 && error.status !== 503) return [t('messages.serverError')];
  const detail = detailOf(error.body);
  return [detail ? translateMessage(t, detail) : t('messages.somethingWentWrong')];
}

/** The first message of each field of a 400, translated, for the form's own fields. */
export function fieldErrorsOf(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !isFieldErrors(error.body)) return {};
  return Object.fromEntries(
    Object.entries(error.body)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, translateMessage(t, messages[0]!)]),
  );
}

/**
 * What a failed call says about the request as a whole, for a form to keep on screen (a toast
 * lasts 2 seconds): none when a 400 names a form field (that field shows its message).
 */
export function generalErrorLines(error: unknown, t: TFunction): string[] {
  if (!error) return [];
  const fields = Object.keys(fieldErrorsOf(error, t));
  return fields.every((field) => field === NON_FIELD) ? errorLines(error, t) : [];
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
