import { type TCurrency, ZAdjustmentRequest, ZLedgerHealth, ZSuccess } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { requestAdjustment, type TIsPartner } from './adjustments';
import { ledgerHealth } from './service';

const tags = ['admin'];

export function ledgerRoutes(
  app: FastifyInstance,
  deps: { db: Db; amountMax: Record<TCurrency, bigint>; isPartner: TIsPartner },
): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/ledger/health/',
    summary: 'Ledger invariants: postings sum to zero per currency, kept balances equal their postings',
    tags,
    auth: 'finance',
    response: ZLedgerHealth,
    handler: () => ledgerHealth(deps.db),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/ledger/adjustments/',
    movesMoney: true,
    summary: "Correct a partner's balance (a credit, or with a minus a debit), with a reason",
    tags,
    auth: 'finance',
    body: ZAdjustmentRequest,
    status: 201,
    response: ZSuccess,
    idempotent: { ignore: [] },
    handler: ({ user, body, idempotency }) =>
      requestAdjustment(deps.db, user.id, body, idempotency, deps.amountMax, deps.isPartner),
  });
}
