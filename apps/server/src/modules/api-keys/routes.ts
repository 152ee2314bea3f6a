import { ZApiKeyCreate, ZApiKeyCreated, ZApiKeyIdParams, ZApiKeys } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientMeta } from '../../http/client';
import { route } from '../../http/route';
import type { TApiKeys } from './service';

const tags = ['accounts'];

/** The profile's API keys: managed only when signed in (a key cannot list, create or revoke keys). */
export function apiKeyRoutes(app: FastifyInstance, deps: { apiKeys: TApiKeys }): void {
  const { apiKeys } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/accounts/api-keys/',
    summary: "The caller's active API keys (name, first characters, created, last used; never the key)",
    tags,
    auth: 'user',
    response: ZApiKeys,
    handler: ({ user }) => apiKeys.list(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/api-keys/',
    summary: 'Create an API key: the key is in this answer only, and is kept only as a hash',
    tags,
    auth: 'user',
    body: ZApiKeyCreate,
    status: 201,
    response: ZApiKeyCreated,
    handler: ({ user, body, request, reply }) => {
      // The one answer that holds the key: no cache along the way may keep it.
      void reply.header('cache-control', 'no-store');
      return apiKeys.create(user.id, body, clientMeta(request));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/api-keys/:id/revoke/',
    summary: "Revoke one of the caller's API keys: it answers 401 from then on",
    tags,
    auth: 'user',
    params: ZApiKeyIdParams,
    status: 204,
    response: z.null(),
    handler: async ({ user, params, request }) => {
      await apiKeys.revoke(user.id, params.id, clientMeta(request));
      return null;
    },
  });
}
