import {
  ZActivePackage,
  ZActivePackageRequest,
  ZAdminMentorChange,
  ZAdminMentorChanged,
  ZBinarySideAnswer,
  ZBinarySideRequest,
  ZPackagePurchaseConfirm,
  ZPackagePurchased,
  ZPackagePurchaseQuote,
  ZPackagePurchaseRequest,
  ZPackages,
  ZPackageTerms,
  ZUserIdParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TTariffs } from './service';

const tags = ['shop'];

export function tariffRoutes(app: FastifyInstance, deps: { tariffs: TTariffs }): void {
  const { tariffs } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/packages/',
    summary: 'The tariffs on sale (packages), cheapest first',
    tags,
    auth: 'user',
    response: ZPackages,
    handler: () => tariffs.list(),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/packages/terms/',
    summary: 'The tariff terms a partner accepts before paying, with their version',
    tags,
    auth: 'user',
    response: ZPackageTerms,
    handler: async () => tariffs.terms(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/package/active/',
    summary: "The caller's tariff, its status and cap window",
    tags,
    auth: 'user',
    apiKey: true,
    body: ZActivePackageRequest,
    response: ZActivePackage,
    handler: ({ user }) => tariffs.active(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/package/purchase/request/',
    movesMoney: true,
    summary: 'Price a tariff purchase (new, renewal, or upgrade at the difference); valid 15 minutes',
    tags,
    auth: 'user',
    body: ZPackagePurchaseRequest,
    response: ZPackagePurchaseQuote,
    handler: ({ user, body }) => tariffs.request(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/package/purchase/confirm/',
    movesMoney: true,
    summary: 'Pay a tariff purchase request from the USDT balance',
    tags,
    auth: 'user',
    body: ZPackagePurchaseConfirm,
    response: ZPackagePurchased,
    idempotent: { ignore: [], inOnce: true },
    handler: ({ user, body, idempotency }) => tariffs.confirm(user.id, body.request_id, idempotency),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/set-binary-structure-side/',
    summary: 'The binary side where the partners the caller invites are placed',
    tags,
    auth: 'user',
    body: ZBinarySideRequest,
    response: ZBinarySideAnswer,
    handler: ({ user, body }) => tariffs.setBinarySide(user.id, body.side),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/users/:id/mentor/',
    summary: "Change a partner's mentor; refused after the partner's first paid tariff; audited",
    tags: ['admin'],
    auth: 'support',
    params: ZUserIdParams,
    body: ZAdminMentorChange,
    response: ZAdminMentorChanged,
    handler: ({ user, params, body }) =>
      tariffs.changeMentor(user.id, params.id, body.mentor_id, body.reason ?? null),
  });
}
