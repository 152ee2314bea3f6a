import { BotChatGone, type TBot } from '../../adapters/bot';
import type { TMailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import * as repo from './repo';
import { renderNotice, renderNoticeMail } from './render';

/** Sends one notice may take at most: a claim holds its notices this long. */
const LEASE_SECONDS = 120;
/** A notice is tried this many times, a minute more apart each time, then left failed. */
export const NOTICE_ATTEMPTS = 5;

export type TDeliveryDeps = {
  db: Db;
  mailer: TMailer;
  bot: TBot;
  batchSize: number;
  site: { app: string; url: string };
  onError?: (error: unknown, noticeId: number) => void;
};

/**
 * One run of the notice worker: claims a batch of due notices, renders each in the partner's
 * language now, sends it by its channel and marks it. Several workers may run at once (claims
 * skip each other's rows); answers how many were sent.
 */
export async function deliverNotices(deps: TDeliveryDeps): Promise<number> {
  const { db } = deps;
  const claimed = await repo.claimDue(db, deps.batchSize, LEASE_SECONDS);
  let sent = 0;
  for (const notice of claimed) {
    const line = renderNotice(notice.kind, notice.payload, notice.language);
    try {
      if (notice.channel === 'bot') {
        // Unlinked since it was queued: the partner no longer wants the bot.
        if (notice.chat_id === null) {
          await repo.markDone(db, notice.id, 'skipped');
          continue;
        }
        await deps.bot.send(Number(notice.chat_id), line);
      } else {
        await deps.mailer.send(
          renderNoticeMail(
            line,
            { email: notice.email, name: notice.first_name, language: notice.language },
            deps.site,
          ),
        );
      }
      await repo.markDone(db, notice.id, 'sent');
      sent += 1;
    } catch (error) {
      deps.onError?.(error, notice.id);
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'send failed';
      if (error instanceof BotChatGone || notice.attempts >= NOTICE_ATTEMPTS) {
        await repo.markDone(db, notice.id, 'failed', reason);
      } else {
        await repo.markRetry(db, notice.id, reason, 60 * notice.attempts);
      }
    }
  }
  return sent;
}
