import { ZPartnerDetail, ZUserIdParams } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TPartners } from './service';

export function partnerRoutes(app: FastifyInstance, deps: { partners: TPartners }): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/users/:id/',
    summary:
      'One partner for support: identity, sponsor line, binary position, tariff and cap window, balances and debt, recent lines, sessions, KYC, two-factor, notes',
    tags: ['admin'],
    auth: 'support',
    params: ZUserIdParams,
    response: ZPartnerDetail,
    handler: ({ params }) => deps.partners.detail(params.id),
  });
}
