import type { FastifyBaseLogger } from 'fastify';
import type { TJob } from '../../jobs/scheduler';
import type { TCardPayments } from './service';

/**
 * Card top-up reconciliation: charges the provider approved whose credit failed are credited,
 * each exactly once (a row lock and the ledger's unique reference), so several processes may run it.
 */
export function cardJobs(deps: { cards: TCardPayments; log: FastifyBaseLogger }): TJob[] {
  return [
    {
      kind: 'worker',
      name: 'card-reconcile',
      everyMs: 60_000,
      run: async () => {
        const credited = await deps.cards.reconcile();
        if (credited > 0) deps.log.warn({ credited }, 'card charges credited by reconciliation');
      },
    },
  ];
}
