import {
  PAGE_SIZE,
  ZAddressValidation,
  ZAddressValidationRequest,
  ZAdminWithdrawal,
  ZAdminWithdrawalsFilter,
  ZAdminWithdrawalsPage,
  ZAdminWithdrawalsQuery,
  ZBulkApproveResult,
  ZBulkApproveWithdrawals,
  ZRejectWithdrawal,
  ZSendWithdrawal,
  ZWithdrawalLimits,
  ZWithdrawRequest,
  ZWithdrawResponse,
  zId,
} from '@portal/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TWithdrawals } from './service';

const tags = ['wallet'];
const ZId = z.object({ id: zId });

export function withdrawalRoutes(app: FastifyInstance, deps: { withdrawals: TWithdrawals }): void {
  const { withdrawals } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/withdraw/withdraw_address_dexnet_validation/',
    summary: 'Whether an address can receive a withdrawal, and on which network',
    tags,
    auth: 'user',
    body: ZAddressValidationRequest,
    response: ZAddressValidation,
    handler: async ({ body }) => withdrawals.validateAddress(body.address),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/withdraw/limits/',
    summary: 'Fee, minimum, maximum and networks of withdrawals per currency',
    tags,
    auth: 'user',
    response: ZWithdrawalLimits,
    handler: async () => withdrawals.limits(),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/withdraw/request/',
    movesMoney: true,
    summary: 'Request a withdrawal: the amount and fee are held until an admin decides',
    tags,
    auth: 'user',
    body: ZWithdrawRequest,
    status: 201,
    response: ZWithdrawResponse,
    idempotent: { ignore: ['finance_password', 'code'] },
    handler: ({ user, body, idempotency }) => withdrawals.request(user, body, idempotency),
  });

  // ---- admin ----

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/withdrawals/',
    summary: 'Withdrawals, newest first, by status, currency and network',
    tags: ['admin'],
    auth: 'finance',
    query: ZAdminWithdrawalsQuery,
    response: ZAdminWithdrawalsPage,
    handler: async ({ query, request }) => {
      const { page, ...filter } = query;
      const { count, results } = await withdrawals.list(filter, page, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/withdrawals/csv/',
    summary: 'The queue as CSV, by the filters of the list: every withdrawal, for the wallet team',
    tags: ['admin'],
    auth: 'finance',
    query: ZAdminWithdrawalsFilter,
    response: z.string().meta({ description: 'text/csv: a header row, then one row per withdrawal' }),
    handler: async ({ query, reply }) => {
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="withdrawals.csv"')
        .header('cache-control', 'no-store');
      return Readable.from(withdrawals.csv(query)) as unknown as string;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/withdrawals/approve/',
    movesMoney: true,
    summary: 'Approve several pending withdrawals at once; each one no longer pending is refused with why',
    tags: ['admin'],
    auth: 'finance',
    body: ZBulkApproveWithdrawals,
    response: ZBulkApproveResult,
    handler: ({ user, body }) => withdrawals.approveMany(body.ids, user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/withdrawals/:id/approve/',
    movesMoney: true,
    summary: 'Approve a pending withdrawal',
    tags: ['admin'],
    auth: 'finance',
    params: ZId,
    response: ZAdminWithdrawal,
    handler: ({ user, params }) => withdrawals.approve(params.id, user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/withdrawals/:id/send/',
    movesMoney: true,
    summary: 'Mark an approved withdrawal sent, with its chain transaction hash',
    tags: ['admin'],
    auth: 'finance',
    params: ZId,
    body: ZSendWithdrawal,
    response: ZAdminWithdrawal,
    handler: ({ user, params, body }) => withdrawals.send(params.id, user.id, body.tx_hash),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/withdrawals/:id/reject/',
    movesMoney: true,
    summary: 'Reject a pending or approved withdrawal: the amount and fee return to the partner',
    tags: ['admin'],
    auth: 'finance',
    params: ZId,
    body: ZRejectWithdrawal,
    response: ZAdminWithdrawal,
    handler: ({ user, params, body }) => withdrawals.reject(params.id, user.id, body.reason),
  });
}
