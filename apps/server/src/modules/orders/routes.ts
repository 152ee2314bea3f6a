import {
  ZAdminOrder,
  ZAdminOrderId,
  ZAdminOrderRefund,
  ZAdminOrderRefundRequest,
  ZAdminOrdersPage,
  ZAdminOrdersQuery,
  ZAdminOrderStatusRequest,
  ZAdminOrderUpdate,
  ZCreateOrderAndRegisterRequest,
  ZCreateOrderAndRegisterResponse,
  ZCreateOrderRequest,
  ZOrder,
  ZOrderIdRequest,
  ZOrdersPage,
  ZOrdersRequest,
  ZPageQuery,
  ZUpdateOrderRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { clientMeta } from '../../http/client';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TOrders } from './service';

export function orderRoutes(app: FastifyInstance, deps: { orders: TOrders }): void {
  const { orders } = deps;
  const tags = ['shop'];

  route(app, {
    method: 'POST',
    url: '/api/v1/products/create_order/',
    movesMoney: true,
    summary:
      'Order devices (and the Starlink add-on) for shipping: paid at once from the USDT balance, ' +
      'or waiting for its payment (a chain invoice) until expires_at',
    tags,
    auth: 'user',
    body: ZCreateOrderRequest,
    status: 201,
    response: ZOrder,
    idempotent: { ignore: [], inOnce: true },
    handler: ({ user, body, idempotency }) => orders.create(user.id, body, idempotency),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/products/create_order_and_register_user/',
    movesMoney: true,
    summary:
      'The landing flow: register (as /accounts/register/) and order in one call; an order refused registers nobody',
    tags,
    auth: 'public',
    body: ZCreateOrderAndRegisterRequest,
    status: 201,
    response: ZCreateOrderAndRegisterResponse,
    handler: ({ body, request }) => orders.createAndRegister(body, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/products/update_order/',
    summary: "Change an order's shipping address, until the order is in transit",
    tags,
    auth: 'user',
    body: ZUpdateOrderRequest,
    response: ZOrder,
    handler: ({ user, body }) => orders.update(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/products/pay_order/',
    movesMoney: true,
    summary: 'Pay an unpaid order from the USDT balance',
    tags,
    auth: 'user',
    body: ZOrderIdRequest,
    response: ZOrder,
    idempotent: { ignore: [], inOnce: true },
    handler: ({ user, body, idempotency }) => orders.pay(user.id, body.order_id, idempotency),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/products/orders/',
    summary: "The partner's orders, newest first (optionally of one status)",
    tags,
    auth: 'user',
    body: ZOrdersRequest,
    query: ZPageQuery,
    response: ZOrdersPage,
    handler: async ({ user, body, query, request }) => {
      const { count, pageSize, results } = await orders.list(user.id, body.status, query.page);
      return pageOf(request, query.page, pageSize, count, results);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/products/order/',
    summary: "One of the partner's orders",
    tags,
    auth: 'user',
    body: ZOrderIdRequest,
    response: ZOrder,
    handler: ({ user, body }) => orders.get(user.id, body.order_id),
  });

  // ---- admin ----

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/orders/',
    summary: 'Every device order, newest first (optionally of one status)',
    tags: ['admin'],
    auth: 'support',
    query: ZAdminOrdersQuery,
    response: ZAdminOrdersPage,
    handler: async ({ query, request }) => {
      const { count, pageSize, results } = await orders.adminList(query.status, query.page);
      return pageOf(request, query.page, pageSize, count, results);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/orders/:id/status/',
    movesMoney: true,
    summary:
      'Move an order to its next status, or close it as Canceled or Failed (a paid order is refunded); audited',
    tags: ['admin'],
    auth: 'support',
    params: ZAdminOrderId,
    body: ZAdminOrderStatusRequest,
    response: ZAdminOrder,
    handler: ({ user, params, body }) => orders.adminMove(user.id, params.id, body.status),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/orders/:id/refund/',
    movesMoney: true,
    idempotent: { ignore: [], inOnce: true },
    summary:
      'Refund a paid device order: Canceled, the buyer paid back, its bonuses reversed by the fold (debts for what was spent); audited. Again: 409',
    tags: ['admin'],
    auth: 'finance',
    params: ZAdminOrderId,
    body: ZAdminOrderRefundRequest,
    response: ZAdminOrderRefund,
    handler: ({ user, params, body, idempotency }) =>
      orders.adminRefund(user.id, params.id, body.reason, idempotency),
  });

  route(app, {
    method: 'PATCH',
    url: '/api/v1/admin/orders/:id/',
    summary: "Set an order's track number, serial number and estimated shipping date; audited",
    tags: ['admin'],
    auth: 'support',
    params: ZAdminOrderId,
    body: ZAdminOrderUpdate,
    response: ZAdminOrder,
    handler: ({ user, params, body }) => orders.adminUpdate(user.id, params.id, body),
  });
}
