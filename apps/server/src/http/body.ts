import type { FastifyInstance } from 'fastify';

/** The largest JSON (or form) body any call takes: every request of the API is a few kilobytes. */
export const BODY_LIMIT = 64 * 1024;

/** How deep a JSON body may nest: the deepest request of the API nests 3 levels. */
export const MAX_JSON_DEPTH = 20;

/** A JSON body nested deeper than MAX_JSON_DEPTH: 400 (error-handler.ts). */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'PORTAL_JSON_TOO_DEEP';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  }
}

/** Whether `value` nests deeper than `max` arrays and objects, walked without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * JSON bodies are parsed by Fastify's own parser (prototype poisoning refused), then refused when
 * they nest deeper than MAX_JSON_DEPTH, before any hook sees them (the idempotency hash walks the
 * body). The size limit, BODY_LIMIT, is the server's `bodyLimit`: 413 above it.
 */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      if (nestsDeeperThan(parsed, MAX_JSON_DEPTH)) return done(new JsonTooDeepError(), undefined);
      // The text as sent, for a webhook that checks a signature over it (modules/card).
      request.rawBody = body as string;
      done(null, parsed);
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body's text as it came, before parsing. */
    rawBody?: string;
  }
}
