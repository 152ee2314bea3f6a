import { PAGE_SIZE, ZAuditPage, ZAuditQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import { auditPage } from './service';

export function auditRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/audit/',
    summary: 'The audit log: every operator action with who, what, why, before and after (admins)',
    tags: ['admin'],
    auth: 'admin',
    query: ZAuditQuery,
    response: ZAuditPage,
    handler: async ({ query, request }) => {
      const { count, results } = await auditPage(deps.db, query, (query.page - 1) * PAGE_SIZE, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });
}
