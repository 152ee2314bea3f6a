import {
  ZDevMineRequest,
  ZDevMineResponse,
  ZDevTransferRequest,
  ZDevTransferResponse,
  ZInvoice,
  ZInvoiceRequest,
  ZPaymentStatus,
  ZPaymentStatusRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TDevChainCalls } from './dev-chain';
import type { TDeposits } from './service';

export function depositRoutes(app: FastifyInstance, deps: { deposits: TDeposits }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/payments/get_or_create_invoice/',
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
}

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
