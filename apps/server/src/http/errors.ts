import {
  fieldError,
  formatMessage,
  MESSAGES,
  NON_FIELD,
  type TFieldErrors,
  type TMessageKey,
} from '@portal/contracts';

type Body = { detail: string } | TFieldErrors;

/**
 * An answer other than success, with the status and body api.md gives it. Services throw these;
 * the error handler (http/error-handler.ts) answers them and hides everything else.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Body,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

const message = (key: TMessageKey, values?: Record<string, string | number>) =>
  formatMessage(MESSAGES[key], values);
const detail = (status: number, key: TMessageKey, headers?: Record<string, string>) =>
  new AppError(status, { detail: message(key) }, headers);

/** The catalogue of failures: each maps a message of contracts/messages.ts to its HTTP status. */
export const fail = {
  /** 400 on one field. */
  field: (field: string, key: TMessageKey, values?: Record<string, string | number>) =>
    new AppError(400, fieldError(field, message(key, values))),
  /** 400 on the request as a whole. */
  request: (key: TMessageKey, values?: Record<string, string | number>) =>
    new AppError(400, fieldError(NON_FIELD, message(key, values))),
  fields: (errors: TFieldErrors) => new AppError(400, errors),
  unauthenticated: () => detail(401, 'notAuthenticated'),
  forbidden: () => detail(403, 'permissionDenied'),
  /** 403: an API key on a call that is not one of the reads a key may make. */
  apiKeyReadOnly: () => detail(403, 'apiKeyReadOnly'),
  notFound: (key: TMessageKey = 'notFound') => detail(404, key),
  conflict: (key: TMessageKey) => detail(409, key),
  payloadTooLarge: () => detail(413, 'payloadTooLarge'),
  /** 503: a service we depend on failed; `cause` is logged, never shown. */
  unavailable: (key: TMessageKey, cause?: unknown) => Object.assign(detail(503, key), { cause }),
  tooManyAttempts: (retryAfterSeconds: number, key: TMessageKey = 'tooManyAttempts') =>
    detail(429, key, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),
} as const;
