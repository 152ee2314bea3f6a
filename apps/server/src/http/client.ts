import type { FastifyRequest } from 'fastify';

/** Who is calling: the address and the browser. */
export type TClientMeta = { ip: string | null; userAgent: string | null };

/** Who is calling, for sessions, rate limits and the audit log. */
export function clientMeta(request: FastifyRequest): TClientMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
