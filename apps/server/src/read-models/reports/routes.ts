import { REPORT_ANSWERS, REPORT_KINDS, ZReportQuery } from '@portal/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route';
import type { TReports } from './service';

/** Each report at its own path, with its own answer in the OpenAPI document; finance reads them. */
export function reportRoutes(app: FastifyInstance, deps: { reports: TReports }): void {
  for (const kind of REPORT_KINDS) {
    route(app, {
      method: 'GET',
      url: `/api/v1/admin/reports/${kind}/`,
      summary: `The ${kind} report over a range of days (UTC, both ends included)`,
      tags: ['admin'],
      auth: 'finance',
      query: ZReportQuery,
      response: REPORT_ANSWERS[kind],
      handler: ({ query }) => deps.reports.report(kind, query),
    });

    route(app, {
      method: 'GET',
      url: `/api/v1/admin/reports/${kind}/csv/`,
      summary: `The rows behind the ${kind} report as CSV, every one of the range`,
      tags: ['admin'],
      auth: 'finance',
      query: ZReportQuery,
      response: z.string().meta({ description: 'text/csv: a header row, then one row per record' }),
      handler: async ({ query, reply }) => {
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${query.from}-${query.to}.csv"`)
          .header('cache-control', 'no-store');
        return Readable.from(deps.reports.csv(kind, query)) as unknown as string;
      },
    });
  }
}
