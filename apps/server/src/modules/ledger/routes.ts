import { parseMinor, type TCurrency, ZAdjustmentRequest, ZLedgerHealth, ZSuccess } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { route } from '../../http/route';
import { once } from '../idempotency/service';
import { adjustBalance } from './adjustments';
import { checkAmountBound } from './bounds';
import { ledgerHealth } from './service';

const tags = ['admin'];

export function ledgerRoutes(
  app: FastifyInstance,
  deps: { db: Db; amountMax: Record<TCurrency, bigint> },
): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/ledger/health/',
    summary: 'Ledger invariants: postings sum to zero per currency, kept balances equal their postings',
    tags,
    auth: 'admin',
    response: ZLedgerHealth,
    handler: () => ledgerHealth(deps.db),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/ledger/adjustments/',
    summary: "Correct a partner's balance (a credit, or with a minus a debit), with a reason",
    tags,
    auth: 'admin',
    body: ZAdjustmentRequest,
    status: 201,
    response: ZSuccess,
    idempotent: { ignore: [] },
    handler: async ({ user, body, idempotency }) => {
      const amount = parseMinor(body.amount, body.currency);
      if (amount === null || amount === 0n) throw fail.field('amount', 'invalidValue');
      checkAmountBound(amount, body.currency, deps.amountMax);
      return once(deps.db, idempotency, 201, async (tx) => {
        await adjustBalance(tx, {
          userId: body.user_id,
          currency: body.currency,
          amount,
          reason: body.reason,
          adminId: user.id,
        });
        return { success: true as const };
      });
    },
  });
}
