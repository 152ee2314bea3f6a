import { ZAllConfigs } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TConfigs } from './service';

/** Windows change at their edges only; a minute of caching keeps the banner at most a minute late. */
const CACHE_SECONDS = 60;

export function configRoutes(app: FastifyInstance, deps: { configs: TConfigs }): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/configs/get_all_configs/',
    summary:
      'Every promotion and notice window the interface needs (Black Friday, maintenance, winter promo)',
    tags: ['configs'],
    // Public: the maintenance banner shows on the sign-in and sign-up screens too; nothing here is secret.
    auth: 'public',
    response: ZAllConfigs,
    handler: ({ reply }) => {
      void reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
      return Promise.resolve(deps.configs.all());
    },
  });
}
