import type { FastifyRequest } from 'fastify';
import type { TClientMeta } from '../modules/sessions/service';

/** Who is calling, for sessions, rate limits and the audit log. */
export function clientMeta(request: FastifyRequest): TClientMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
