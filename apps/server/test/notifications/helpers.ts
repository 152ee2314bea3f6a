import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createOutboxBot } from '../../src/adapters/bot';
import { createOutboxMailer } from '../../src/adapters/mail';
import { queryRows } from '../../src/db/client';
import { botOutbox } from '../../src/schema';
import { deliverNotices } from '../../src/modules/notifications/delivery';
import { call, testConfig, type TTestApp } from '../helpers/app';
import type { TPartner } from '../helpers/factories';

export const WEBHOOK = '/api/v1/chatbot/webhook/';
export const LINK = '/api/v1/chatbot/link/';
export const STATUS = '/api/v1/chatbot/status/';
export const UNSUBSCRIBE = '/api/v1/chatbot/send_unsubscribe_message/';
export const PREFERENCES = '/api/v1/chatbot/preferences/';

/** The webhook's secret on the test configuration (derived from SECRET_KEY: none is set). */
export const SECRET = testConfig().telegram.webhookSecret;

/** Telegram's call of the webhook with a chat's message. */
export const sendBot = (app: TTestApp, chatId: number, text: string, secret: string | null = SECRET) =>
  call(app, 'POST', WEBHOOK, {
    body: { update_id: 1, message: { message_id: 7, text, chat: { id: chatId, type: 'private' } } },
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
  });

export async function linkCode(app: TTestApp, partner: TPartner): Promise<string> {
  const answer = await call(app, 'POST', LINK, { token: partner.token, body: {} });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.code as string;
}

/** Links a chat to the partner as a partner would: a code, sent to the bot. */
export async function linkChat(app: TTestApp, partner: TPartner, chatId: number): Promise<void> {
  expect((await sendBot(app, chatId, `/start ${await linkCode(app, partner)}`)).status).toBe(200);
}

export const botMessages = async (app: TTestApp, chatId: number) =>
  (
    await app.database.db
      .select({ text: botOutbox.text })
      .from(botOutbox)
      .where(eq(botOutbox.chatId, chatId))
      .orderBy(asc(botOutbox.id))
  ).map((row) => row.text);

export type TNoticeRow = { channel: string; kind: string; status: string; payload: Record<string, string> };

export const noticesOf = (app: TTestApp, userId: number) =>
  queryRows<TNoticeRow>(
    app.database.db,
    sql`select channel, kind, status, payload from notices where user_id = ${userId} order by id`,
  );

/** One run of the notice worker with the outbox adapters, as the job runs it. */
export const deliver = (app: TTestApp, batchSize = 50) => {
  const { db } = app.database;
  return deliverNotices({
    db,
    mailer: createOutboxMailer(db),
    bot: createOutboxBot(db),
    batchSize,
    site: { app: 'Partner Portal', url: 'http://portal.test' },
  });
};
