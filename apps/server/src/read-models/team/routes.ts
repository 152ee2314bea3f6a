import {
  ZBinaryLegBottom,
  ZBinaryLegBottomRequest,
  ZBinaryObject,
  ZBinaryTree,
  ZBinaryTreeRequest,
  ZDownlineSearch,
  ZDownlineSearchRequest,
  ZFirstLineRequest,
  ZPageQuery,
  ZRegistrationsRequest,
  ZTeamLevelRequest,
  ZTeamListParams,
  ZTeamMemberPage,
  ZTeamTarget,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TMemberPage, TTeam } from './service';

const tags = ['team'];

const pageAnswer = (request: FastifyRequest, page: TMemberPage) =>
  pageOf(request, page.page, page.pageSize, page.count, page.results);

/** The team calls of issue 9 (api.md "Team"); any `user_id` outside the caller's downline answers 404. */
export function teamRoutes(app: FastifyInstance, deps: { team: TTeam }): void {
  const { team } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get-binary-object/',
    summary: 'A binary node: tariff and status, side, each leg’s volume, unpaid volume and partners',
    tags,
    auth: 'user',
    apiKey: true,
    body: ZTeamTarget,
    response: ZBinaryObject,
    handler: ({ user, body }) => team.binaryObject(user.id, body.user_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get-binary-tree/',
    summary:
      'A window of `depth` levels of the binary tree below `user_id`, plus the children of `toggled_ids`',
    tags,
    auth: 'user',
    apiKey: true,
    body: ZBinaryTreeRequest,
    response: ZBinaryTree,
    handler: ({ user, body }) => team.binaryTree(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/binary-leg-bottom/',
    summary: 'The last partner down the outer edge of a leg, and how many levels below it is',
    tags,
    auth: 'user',
    apiKey: true,
    body: ZBinaryLegBottomRequest,
    response: ZBinaryLegBottom,
    handler: ({ user, body }) => team.legBottom(user.id, body.user_id, body.side),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/first-line/:kind/',
    summary: 'The partners `user_id` invited (all, or those placed in one leg), newest first',
    tags,
    auth: 'user',
    apiKey: true,
    params: ZTeamListParams,
    query: ZPageQuery,
    body: ZFirstLineRequest,
    response: ZTeamMemberPage,
    handler: async ({ user, body, params, query, request }) =>
      pageAnswer(request, await team.firstLine(user.id, body.user_id, params.kind, query.page)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/first-line-for-user/',
    summary: 'The partners `user_id` invited, newest first',
    tags,
    auth: 'user',
    apiKey: true,
    query: ZPageQuery,
    body: ZFirstLineRequest,
    response: ZTeamMemberPage,
    handler: async ({ user, body, query, request }) =>
      pageAnswer(request, await team.firstLine(user.id, body.user_id, 'all', query.page)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/get-registrations-tables/:kind/',
    summary:
      'Registrations in the binary downline of `user_id` (or one leg of it), newest first, optionally by dates',
    tags,
    auth: 'user',
    apiKey: true,
    params: ZTeamListParams,
    query: ZPageQuery,
    body: ZRegistrationsRequest,
    response: ZTeamMemberPage,
    handler: async ({ user, body, params, query, request }) =>
      pageAnswer(request, await team.registrations(user.id, body, params.kind, query.page)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/team-level/',
    summary: 'The partners at one sponsor level (1 to 10) of `user_id`, newest first',
    tags,
    auth: 'user',
    apiKey: true,
    query: ZPageQuery,
    body: ZTeamLevelRequest,
    response: ZTeamMemberPage,
    handler: async ({ user, body, query, request }) =>
      pageAnswer(request, await team.teamLevel(user.id, body.user_id, body.level, query.page)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/downline-search/',
    summary: 'Partners of the caller’s downline by id, or by name, email or username (3 characters or more)',
    tags,
    auth: 'user',
    apiKey: true,
    body: ZDownlineSearchRequest,
    response: ZDownlineSearch,
    handler: ({ user, body }) => team.search(user.id, body.q),
  });
}
