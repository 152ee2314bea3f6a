import {
  PAGE_SIZE,
  ZFraudReviewRequest,
  ZFraudScanResult,
  ZFraudSignal,
  ZFraudSignalParams,
  ZFraudSignalsPage,
  ZFraudSignalsQuery,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TFraud } from './service';

/** Support's fraud review queue (docs/decisions.md "The back office"). */
export function fraudRoutes(app: FastifyInstance, deps: { fraud: TFraud }): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/fraud-signals/',
    summary: 'Fraud signals by status (open by default) and kind, the latest evidence first (support)',
    tags: ['admin'],
    auth: 'support',
    query: ZFraudSignalsQuery,
    response: ZFraudSignalsPage,
    handler: async ({ query, request }) => {
      const { count, results } = await deps.fraud.page(query, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/fraud-signals/:id/review/',
    summary: 'Confirm or dismiss a fraud signal, with the reason kept in the audit log (support)',
    tags: ['admin'],
    auth: 'support',
    params: ZFraudSignalParams,
    body: ZFraudReviewRequest,
    response: ZFraudSignal,
    handler: ({ user, params, body }) => deps.fraud.review(user.id, params.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/fraud-signals/scan/',
    summary: 'Run the fraud check now rather than at its next slot; answers what it found (support)',
    tags: ['admin'],
    auth: 'support',
    response: ZFraudScanResult,
    handler: () => deps.fraud.check(),
  });
}
