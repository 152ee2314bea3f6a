import { type TJob, WAKE_SETTLE_MS } from '../../jobs/scheduler';
import { deliverNotices, type TDeliveryDeps } from './delivery';
import {
  BOT_LINK_CODE_RETENTION_SECONDS,
  NOTICE_RETENTION_SECONDS,
  pruneBotLinkCodes,
  pruneNotices,
} from './repo';

/**
 * Queued notices, sent by mail or by the chat bot (docs/decisions.md "Notifications"); sent notices
 * and the bot's link codes pruned past their retention ("Other expired rows").
 */
export function notificationJobs(deps: TDeliveryDeps & { everyMs: number }): TJob[] {
  const { db } = deps;
  return [
    {
      kind: 'worker',
      name: 'notices',
      everyMs: deps.everyMs,
      wake: true,
      settleMs: WAKE_SETTLE_MS,
      run: () => deliverNotices(deps),
    },
    {
      kind: 'schedule',
      name: 'notice-prune',
      everyMs: 24 * 3600_000,
      catchUp: 'latest',
      run: () => pruneNotices(db, NOTICE_RETENTION_SECONDS),
    },
    {
      kind: 'schedule',
      name: 'bot-link-code-prune',
      everyMs: 3600_000,
      catchUp: 'latest',
      run: () => pruneBotLinkCodes(db, BOT_LINK_CODE_RETENTION_SECONDS),
    },
  ];
}
