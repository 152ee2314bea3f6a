import {
  ZCodeRequest,
  ZMfaResetRequest,
  ZMfaResetResponse,
  ZMfaSetupResponse,
  ZMfaVerifyResponse,
  ZUserIdParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { clientMeta } from '../../http/client';
import { route } from '../../http/route';
import type { TMfa } from './service';

const tags = ['two-factor'];

export function mfaRoutes(app: FastifyInstance, deps: { mfa: TMfa }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/mfa/setup/',
    summary: 'A new authenticator secret (two-factor turns on at verify)',
    tags,
    auth: 'user',
    response: ZMfaSetupResponse,
    handler: ({ user }) => deps.mfa.setup(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/mfa/verify/',
    summary: 'Turn two-factor on with a code from the app',
    tags,
    auth: 'user',
    body: ZCodeRequest,
    response: ZMfaVerifyResponse,
    handler: ({ user, body, request }) =>
      deps.mfa.verify(user.id, body.code, { ip: clientMeta(request).ip, sessionId: user.sessionId }),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/users/:id/mfa/reset/',
    summary:
      "Reset a partner's two-factor on their request, with the reason; the partner is mailed (support)",
    tags: ['admin'],
    auth: 'support',
    params: ZUserIdParams,
    body: ZMfaResetRequest,
    response: ZMfaResetResponse,
    handler: ({ user, params, body, request }) =>
      deps.mfa.resetByOperator(user.id, params.id, body.reason, { ip: clientMeta(request).ip }),
  });
}
