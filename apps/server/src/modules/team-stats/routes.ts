import {
  ZCompanyStats,
  ZEmptyRequest,
  ZPurchaseStatistics,
  ZQualification,
  ZReferralStructureInfo,
  ZStructureList,
  ZTeamTarget,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TTeamStats } from './service';

const tags = ['team'];

/** The team's statistics calls (api.md "Team"): each reads kept counters, never the downline. */
export function teamStatsRoutes(app: FastifyInstance, deps: { teamStats: TTeamStats }): void {
  const { teamStats } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/structure_list/',
    summary: "Partners at each sponsor level 1..10 of the caller or of a partner of the caller's downline",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZTeamTarget,
    response: ZStructureList,
    handler: ({ user, body }) => teamStats.structureList(user.id, body.user_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/referral_structure_info/',
    summary: "The caller's sponsor structure: partners, first line, levels, devices by branch",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZEmptyRequest,
    response: ZReferralStructureInfo,
    handler: ({ user }) => teamStats.referralStructureInfo(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/company_stats/',
    summary: "The company's active nodes, active physical devices and tariff 500 purchases",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZEmptyRequest,
    response: ZCompanyStats,
    handler: () => teamStats.companyStats(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get_purchase_statistics_by_packages/',
    summary:
      "Tariff purchases in each of the caller's binary legs by tariff, and the caller's lifetime binary bonus",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZEmptyRequest,
    response: ZPurchaseStatistics,
    handler: ({ user }) => teamStats.purchaseStatistics(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get_qualification/',
    summary: "The caller's rank, weaker leg's lifetime volume and the next rank's volume",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZEmptyRequest,
    response: ZQualification,
    handler: ({ user }) => teamStats.qualification(user.id),
  });
}
