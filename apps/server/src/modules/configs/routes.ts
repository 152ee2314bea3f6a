import {
  PAGE_SIZE,
  ZAdminSettings,
  ZAllConfigs,
  ZSettingChange,
  ZSettingHistoryPage,
  ZSettingHistoryQuery,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TConfigs } from './service';
import type { TSettingsService } from './settings';

/** Windows change at their edges only; a minute of caching keeps the banner at most a minute late. */
const CACHE_SECONDS = 60;

export function configRoutes(
  app: FastifyInstance,
  deps: { configs: TConfigs; settings: TSettingsService },
): void {
  const { settings } = deps;
  // Every request runs with the settings of at most SETTINGS_REFRESH_MS ago, in every process.
  app.addHook('onRequest', () => settings.refresh());

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

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/configs/',
    summary: 'The settings an admin may change at runtime, each with its value at start and its last change',
    tags: ['admin'],
    auth: 'admin',
    response: ZAdminSettings,
    handler: () => settings.list(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/configs/',
    summary: 'Changes one setting (a window, the discount, a rate, a withdrawal fee or limit), with a reason',
    tags: ['admin'],
    auth: 'admin',
    body: ZSettingChange,
    response: ZAdminSettings,
    handler: ({ user, body }) => settings.change(body, user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/configs/history/',
    summary: 'Every change of the settings, newest first: who, when, from what to what, and why',
    tags: ['admin'],
    auth: 'admin',
    query: ZSettingHistoryQuery,
    response: ZSettingHistoryPage,
    handler: async ({ query, request }) => {
      const { count, results } = await settings.history(query, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });
}
