import { PAGE_SIZE, ZFinancesPage, ZFinancesRequest, ZPageQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import { statementPage, type TLineDetailsOf } from './service';

export function statementRoutes(app: FastifyInstance, deps: { db: Db; lineDetailsOf: TLineDetailsOf }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/payments/finances/',
    summary: "The partner's transactions: filters in the body, ?page= in the query",
    tags: ['wallet'],
    auth: 'user',
    apiKey: true,
    body: ZFinancesRequest,
    query: ZPageQuery,
    response: ZFinancesPage,
    handler: async ({ user, body, query, request }) => {
      const { count, results } = await statementPage(
        deps.db,
        user.id,
        body,
        query.page,
        PAGE_SIZE,
        deps.lineDetailsOf,
      );
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });
}
