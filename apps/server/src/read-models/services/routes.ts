import { ZDexSafeCode, ZProfixoneLink, ZServices } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { clientMeta } from '../../http/client';
import { route } from '../../http/route';
import type { TServicesCalls } from './service';

const tags = ['accounts'];

/** The profile's DexNet services: ProfiXone, DexSafe and DexPoint. */
export function servicesRoutes(app: FastifyInstance, deps: { services: TServicesCalls }): void {
  const { services } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/accounts/services/',
    summary: "The caller's DexNet services: DexPoint's status from their active nodes",
    tags,
    auth: 'user',
    response: ZServices,
    handler: ({ user }) => services.overview(user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/accounts/dexsafe_code/',
    summary: "The caller's DexSafe code, which pairs the DexSafe wallet app with their account",
    tags,
    auth: 'user',
    response: ZDexSafeCode,
    handler: async ({ user, reply }) => {
      void reply.header('cache-control', 'no-store');
      return services.dexSafeCode(user.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/make_profixone_link/',
    summary: 'A signed link that signs the caller in to ProfiXone; it expires in 5 minutes',
    tags,
    auth: 'user',
    response: ZProfixoneLink,
    handler: ({ user, request, reply }) => {
      void reply.header('cache-control', 'no-store');
      return services.makeProfixoneLink(user.id, clientMeta(request));
    },
  });
}
