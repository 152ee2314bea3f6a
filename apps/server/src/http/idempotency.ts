import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fail } from './errors';

/** An Idempotency-Key of one user on one call, with the hash of the request it came with. */
export type TIdempotency = { userId: number; scope: string; key: string; requestHash: string };

/** The answer stored for a key: sent again instead of doing the work again. */
export class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('Idempotent replay');
  }
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** JSON with sorted keys, so that the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's Idempotency-Key (api.md), or null without one. The body's `ignore` fields (a
 * finance password, a one-time code) are left out of its hash: a retry with a fresh code is the
 * same request. The hash is keyed (HMAC with a key derived from SECRET_KEY): a body can hold a
 * card number, and an unkeyed hash of it could be reversed by trying every number.
 */
export function idempotencyOf(
  request: FastifyRequest,
  userId: number,
  scope: string,
  ignore: readonly string[],
  hashKey: Buffer,
): TIdempotency | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY.test(header)) throw fail.request('idempotencyKeyInvalid');
  const body = { ...(request.body as Record<string, unknown> | undefined) };
  for (const field of ignore) delete body[field];
  const requestHash = createHmac('sha256', hashKey).update(canonical(body)).digest('hex');
  return { userId, scope, key: header, requestHash };
}
