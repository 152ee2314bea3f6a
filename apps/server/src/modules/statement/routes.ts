import {
  PAGE_SIZE,
  STATEMENT_FIRST_MONTH,
  ZFinancesPage,
  ZFinancesRequest,
  ZPageQuery,
  ZStatementPdfQuery,
} from '@portal/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import {
  monthlyStatementPdf,
  statementCsv,
  statementPage,
  type TLineDetailsOf,
  type TPartnerOf,
} from './service';

export function statementRoutes(
  app: FastifyInstance,
  deps: { db: Db; lineDetailsOf: TLineDetailsOf; partnerOf: TPartnerOf; clock: () => Date },
): void {
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

  route(app, {
    method: 'GET',
    url: '/api/v1/payments/finances/csv/',
    summary: "The partner's transactions as CSV: the filters of finances/ in the query, every line",
    tags: ['wallet'],
    auth: 'user',
    apiKey: true,
    query: ZFinancesRequest,
    response: z.string().meta({ description: 'text/csv: a header row, then one row per line' }),
    handler: async ({ user, query, reply }) => {
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .header('cache-control', 'no-store');
      return Readable.from(statementCsv(deps.db, user.id, query, deps.lineDetailsOf)) as unknown as string;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/payments/finances/statement/',
    summary:
      "The partner's monthly statement of one currency as a PDF, in their language: opening balance, every movement, closing balance",
    tags: ['wallet'],
    auth: 'user',
    apiKey: true,
    query: ZStatementPdfQuery,
    response: z.string().meta({
      description: `application/pdf: the month (YYYY-MM, UTC) from ${STATEMENT_FIRST_MONTH} to the current one`,
    }),
    handler: async ({ user, query, reply }) => {
      const pdf = await monthlyStatementPdf(deps.db, user.id, query, {
        lineDetailsOf: deps.lineDetailsOf,
        partnerOf: deps.partnerOf,
        now: deps.clock(),
      });
      void reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="statement-${query.currency}-${query.month}.pdf"`,
        )
        .header('cache-control', 'no-store');
      // A Buffer goes out as it is: the serializer never sees it.
      return pdf as unknown as string;
    },
  });
}
