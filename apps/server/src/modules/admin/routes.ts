import {
  PAGE_SIZE,
  ZOutboxPage,
  ZOutboxQuery,
  ZPartnerNote,
  ZPartnerNoteRequest,
  ZUserIdParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TAdmin } from './service';

export function adminRoutes(app: FastifyInstance, deps: { admin: TAdmin }): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/mail/outbox/',
    summary: 'Mails written to the outbox (no SMTP server configured)',
    tags: ['admin'],
    auth: 'support',
    query: ZOutboxQuery,
    response: ZOutboxPage,
    handler: async ({ query, request }) => {
      const { count, results } = await deps.admin.outbox(query.to, query.page, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/users/:id/notes/',
    summary: 'A note on a partner, kept on their detail with its author (support)',
    tags: ['admin'],
    auth: 'support',
    params: ZUserIdParams,
    body: ZPartnerNoteRequest,
    status: 201,
    response: ZPartnerNote,
    handler: ({ user, params, body }) => deps.admin.addNote(user.id, params.id, body.text),
  });
}
