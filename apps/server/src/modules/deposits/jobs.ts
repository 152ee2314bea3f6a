import type { TDevChain } from '../../adapters/chain/dev-chain';
import type { TConfig } from '../../config';
import type { TJob } from '../../jobs/scheduler';
import type { TDeposits } from './service';
import type { TWatcher } from './watcher';

export function depositJobs(deps: {
  config: TConfig;
  watcher: TWatcher;
  deposits: TDeposits;
  devChain: TDevChain | null;
}): TJob[] {
  const { chain } = deps.config;
  return [
    ...(deps.watcher.available
      ? [
          {
            kind: 'worker' as const,
            // The only place the chain is read (requests only read the database): every poll
            // interval, about once across processes (half an interval apart at least).
            name: 'chain-watcher',
            everyMs: chain.pollMs,
            run: async () => {
              await deps.watcher.runIfDue(chain.pollMs / 2);
            },
          },
        ]
      : []),
    {
      kind: 'worker',
      name: 'invoice-expiry',
      everyMs: 60_000,
      run: async () => {
        await deps.deposits.expireInvoices();
      },
    },
    ...(deps.devChain
      ? [
          {
            kind: 'worker' as const,
            name: 'dev-chain-blocks',
            everyMs: chain.devBlockMs,
            run: () => deps.devChain!.mineIfDue(chain.devBlockMs),
          },
        ]
      : []),
  ];
}
