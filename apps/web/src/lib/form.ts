import { fieldErrors } from '@portal/contracts/plain';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { errorLines, fieldErrorsOf, isUnauthorized } from './errors';
import { notify } from './notify';
import { translateMessage } from './i18n';

/**
 * Form validation by the same zod contract the server uses: the first message of each field,
 * in the reader's language.
 */
export function zodValidate<T>(schema: z.ZodType, t: TFunction) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(
      Object.entries(fieldErrors(result.error.issues)).map(([field, messages]) => [
        field,
        translateMessage(t, messages[0]!),
      ]),
    );
  };
}

/** Puts a 400's field messages on the form fields it names. */
export function showServerErrors(
  form: { setErrors(errors: Record<string, string>): void },
  error: unknown,
  t: TFunction,
) {
  const errors = fieldErrorsOf(error, t);
  if (Object.keys(errors).length > 0) form.setErrors(errors);
}

/**
 * A save that failed (spec section 8): "Unable to save" when the server refused what was typed
 * (its field messages go on the fields), "Failed to save" with the reason otherwise (the server
 * or the network failed). For a save mutation marked `silent`, so that this is the one toast; a
 * 401 is left to the shell (it signs out).
 */
export function showSaveFailed(
  form: { setErrors(errors: Record<string, string>): void },
  error: unknown,
  t: TFunction,
) {
  if (isUnauthorized(error)) return;
  const errors = fieldErrorsOf(error, t);
  if (Object.keys(errors).length > 0) {
    form.setErrors(errors);
    notify.error([t('messages.unableToSave')]);
  } else notify.error([t('messages.failedToSave'), ...errorLines(error, t)]);
}
