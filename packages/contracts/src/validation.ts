import { MESSAGES } from './messages';
import type { z } from 'zod';

/** The body of a 400 answer: messages per field, and `non_field_errors` for the whole request. */
export type TFieldErrors = Record<string, string[]>;

export const NON_FIELD = 'non_field_errors';

/** Turns zod issues into the API's 400 body (api.md): the field is the issue's path, dot-joined. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      // A field the call does not take (is_superuser, a balance, ...) is named, never ignored.
      for (const key of issue.keys) errors[[...issue.path, key].join('.')] = [MESSAGES.unknownField];
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD;
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** One error for one field, in the same shape. */
export function fieldError(field: string, message: string): TFieldErrors {
  return { [field]: [message] };
}

/** The first message of every field, in order: what the interface shows, one per line (spec). */
export function firstMessages(errors: TFieldErrors): string[] {
  return Object.values(errors)
    .map((messages) => messages[0])
    .filter((message): message is string => typeof message === 'string');
}
