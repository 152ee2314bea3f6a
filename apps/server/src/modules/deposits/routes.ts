import {
  ZDepositWindow,
  ZDepositWindowRequest,
  ZDevMineRequest,
  ZDevMineResponse,
  ZDevTransferRequest,
  ZDevTransferResponse,
  ZInvoice,
  ZInvoiceRequest,
  ZPaymentStatus,
  ZPaymentStatusRequest,
  ZPageQuery,
  ZRejectedChainLogsPage,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TDevChainCalls } from './dev-chain';
import type { TDeposits } from './service';

export function depositRoutes(app: FastifyInstance, deps: { deposits: TDeposits }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/payments/get_or_create_invoice/',
    movesMoney: true,
    summary: "The partner's open invoice for a deposit of this amount, or a new one",
    tags: ['wallet'],
    auth: 'user',
    body: ZInvoiceRequest,
    response: ZInvoice,
    handler: ({ user, body }) => deps.deposits.getOrCreateInvoice(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/payments/get_payment_status/',
    summary: "An invoice's status, confirmations and transaction hash",
    tags: ['wallet'],
    auth: 'user',
    body: ZPaymentStatusRequest,
    response: ZPaymentStatus,
    handler: ({ user, body }) => deps.deposits.paymentStatus(user.id, body.invoice_id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/payments/get_deposit_window/',
    summary:
      "The deposit window: an invoice with what it received, and every transfer to the partner's address " +
      'since it was made, with its confirmations and the invoice it paid',
    tags: ['wallet'],
    auth: 'user',
    body: ZDepositWindowRequest,
    response: ZDepositWindow,
    handler: ({ user, body }) => deps.deposits.depositWindow(user.id, body.invoice_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/chain/rejected_logs/',
    summary: 'Chain logs the watcher could not take (too large for the ledger, malformed), newest first',
    tags: ['admin'],
    auth: 'finance',
    query: ZPageQuery,
    response: ZRejectedChainLogsPage,
    handler: async ({ query, request }) => {
      const { count, results } = await deps.deposits.rejectedLogs(query.page, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });
}

const PAGE_SIZE = 50;

/** Development chain only: without it (a real node configured) these paths answer 404. */
export function devChainRoutes(app: FastifyInstance, deps: { devChain: TDevChainCalls }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/dev/chain/transfer/',
    summary: 'Development chain: send a token transfer to an address (mined with the next block)',
    tags: ['development'],
    auth: 'public',
    body: ZDevTransferRequest,
    response: ZDevTransferResponse,
    handler: ({ body }) => deps.devChain.transfer(body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/dev/chain/mine/',
    summary: 'Development chain: add blocks; answers the new height',
    tags: ['development'],
    auth: 'public',
    body: ZDevMineRequest,
    response: ZDevMineResponse,
    handler: ({ body }) => deps.devChain.mine(body.blocks),
  });
}
