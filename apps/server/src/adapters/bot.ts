import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { botOutbox } from './schema';

export type TBot = {
  readonly kind: 'telegram' | 'outbox';
  send(chatId: number, text: string): Promise<void>;
};

/** The answer of a send the chat will never take (the bot blocked, the chat gone): no retry helps. */
export class BotChatGone extends Error {}

const SEND_TIMEOUT_MS = 10_000;

/**
 * The Telegram Bot API (https://core.telegram.org/bots/api#sendmessage) over HTTPS. `baseUrl`
 * is https://api.telegram.org unless TELEGRAM_API_URL says otherwise (tests run a local server).
 */
export function createTelegramBot(options: { token: string; baseUrl: string }): TBot {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/bot${options.token}/sendMessage`;
  return {
    kind: 'telegram',
    async send(chatId, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => null)) as {
        ok?: boolean;
        description?: string;
      } | null;
      if (response.ok && answer?.ok === true) return;
      // The token is in the URL: never put the URL in an error.
      const reason = `Telegram answered ${response.status}: ${String(answer?.description ?? '').slice(0, 200)}`;
      if (response.status === 403 || response.status === 400) throw new BotChatGone(reason);
      throw new Error(reason);
    },
  };
}

/**
 * The embedded default: every message is written to the bot outbox, which superusers read in the
 * admin area (/api/v1/admin/bot/outbox/), so linking and notices work without Telegram.
 */
export function createOutboxBot(db: Db): TBot {
  return {
    kind: 'outbox',
    async send(chatId, text) {
      await db.insert(botOutbox).values({ chatId, text });
    },
  };
}

/** A page of the bot outbox, newest first (the superusers' outbox screen). */
export async function botOutboxPage(db: Db, offset: number, limit: number) {
  const [total] = await db.select({ value: count() }).from(botOutbox);
  const rows = await db.select().from(botOutbox).orderBy(desc(botOutbox.id)).offset(offset).limit(limit);
  return { count: total?.value ?? 0, rows };
}
