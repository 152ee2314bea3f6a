import {
  ZAdminProductUpdate,
  ZAdminPurchasesPage,
  ZAdminPurchasesQuery,
  ZProduct,
  ZProductId,
  ZProductPriceHistory,
  ZProducts,
  ZProductsQuery,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TCatalog } from './service';

export function catalogRoutes(app: FastifyInstance, deps: { catalog: TCatalog }): void {
  const { catalog } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/products/',
    summary: 'The catalogue: every product on sale, with its list price now',
    tags: ['shop'],
    auth: 'user',
    query: ZProductsQuery,
    response: ZProducts,
    handler: ({ query }) => catalog.list(query.kind),
  });

  // ---- admin ----

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/products/',
    summary: 'Every product, on sale or not',
    tags: ['admin'],
    auth: 'admin',
    response: ZProducts,
    handler: () => catalog.adminList(),
  });

  route(app, {
    method: 'PATCH',
    url: '/api/v1/admin/products/:id/',
    summary: "Change a product's price, availability, name or attributes; the change is kept",
    tags: ['admin'],
    auth: 'admin',
    params: ZProductId,
    body: ZAdminProductUpdate,
    response: ZProduct,
    handler: ({ params, body, user }) => catalog.update(params.id, body, user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/products/:id/prices/',
    summary: "A product's price history, newest first",
    tags: ['admin'],
    auth: 'admin',
    params: ZProductId,
    response: ZProductPriceHistory,
    handler: ({ params }) => catalog.history(params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/purchases/',
    summary:
      "Everyone's purchases, newest first (optionally of one kind, or of buyers whose email contains `email`)",
    tags: ['admin'],
    auth: 'finance',
    query: ZAdminPurchasesQuery,
    response: ZAdminPurchasesPage,
    handler: async ({ query, request }) => {
      const { kind, email, page } = query;
      const { count, pageSize, results } = await catalog.adminPurchases({ kind, email }, page);
      return pageOf(request, page, pageSize, count, results);
    },
  });
}
