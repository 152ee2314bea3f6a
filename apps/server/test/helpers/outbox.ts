import type { FastifyInstance } from 'fastify';
import { call } from './app';
import { loginAdmin } from './factories';

/** The newest mail to `to` in the outbox, read as an admin would. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const token = await loginAdmin(app);
  const page = await call(app, 'GET', `/api/v1/admin/mail/outbox/?to=${encodeURIComponent(to)}`, { token });
  return page.body.results[0] as { subject: string; text: string; html: string } | undefined;
}

/** The first link in a mail's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return new URL(match[0]);
}
