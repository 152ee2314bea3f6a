import {
  ZBinaryWhatIfBase,
  ZDebts,
  ZLostProfitPending,
  ZPayoutExplanation,
  ZPayoutParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TExplanations } from './service';

const tags = ['compensation'];

export function explanationRoutes(app: FastifyInstance, deps: { explanations: TExplanations }): void {
  const { explanations } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/payouts/:id/',
    summary:
      "One of the caller's bonuses explained: buyer (in the caller's downline only), product, level or leg, base, rate, cap, lost profit; others' ids answer 404",
    tags,
    auth: 'user',
    params: ZPayoutParams,
    response: ZPayoutExplanation,
    handler: ({ user, params }) => explanations.payout(user.id, params.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/lost-profit/',
    summary: "The caller's pending lost profit: total, earliest deadline, the entries by deadline",
    tags,
    auth: 'user',
    response: ZLostProfitPending,
    handler: ({ user }) => explanations.lostProfit(user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/debts/',
    summary:
      "The caller's open debts from reversed bonuses, oldest first, each with its reason: repaid first from the next bonuses; no withdrawal while one is open",
    tags,
    auth: 'user',
    response: ZDebts,
    handler: ({ user }) => explanations.debts(user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/binary/what-if/',
    summary: "The caller's binary legs, cap window and status, for the what-if the web computes",
    tags,
    auth: 'user',
    response: ZBinaryWhatIfBase,
    handler: ({ user }) => explanations.binaryWhatIf(user.id),
  });
}
