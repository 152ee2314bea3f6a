import { ZIncomeByMonth, ZIncomeByMonthRequest } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TDashboard } from './service';

export function dashboardRoutes(app: FastifyInstance, deps: { dashboard: TDashboard }): void {
  const { dashboard } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/income-by-month/',
    summary:
      "The caller's USDT bonuses by month (UTC) and bonus type, net of reversals, over the last 1-24 months (12 unless said)",
    tags: ['compensation'],
    auth: 'user',
    apiKey: true,
    body: ZIncomeByMonthRequest,
    response: ZIncomeByMonth,
    handler: ({ user, body }) => dashboard.incomeByMonth(user.id, body.months),
  });
}
