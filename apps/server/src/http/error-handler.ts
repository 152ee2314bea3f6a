import { fieldErrors, MESSAGES, NON_FIELD } from '@portal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';
import { StoredAnswer } from './idempotency';

/** A request part that did not match its contract. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('Request validation failed');
  }
}

/** Fastify's own failures while reading a request, answered in the API's format. */
const FASTIFY_ERRORS: Record<string, { status: number; body: object }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: { [NON_FIELD]: [MESSAGES.malformedJson] } },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, body: { [NON_FIELD]: [MESSAGES.malformedJson] } },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, body: { detail: MESSAGES.payloadTooLarge } },
  PORTAL_JSON_TOO_DEEP: { status: 400, body: { [NON_FIELD]: [MESSAGES.requestTooDeep] } },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, body: { detail: MESSAGES.unsupportedMediaType } },
  FST_REQ_FILE_TOO_LARGE: { status: 413, body: { detail: MESSAGES.payloadTooLarge } },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, body: { detail: MESSAGES.unsupportedMediaType } },
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoredAnswer) {
      return reply.status(error.statusCode).header('idempotent-replayed', 'true').send(error.body);
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error instanceof RequestValidationError) {
      return reply.status(400).send(fieldErrors(error.issues));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(known.body);
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ [NON_FIELD]: [MESSAGES.malformedJson] });
    }
    request.log.error({ err: error }, 'request failed');
    // Never a stack trace or an internal message (api.md).
    return reply.status(500).send({ detail: MESSAGES.serverError });
  });
}
