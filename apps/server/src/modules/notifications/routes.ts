import {
  PAGE_SIZE,
  ZBotLink,
  ZBotOutboxPage,
  ZBotStatus,
  ZDevBotMessage,
  ZNotificationSettings,
  ZNotificationSettingsPatch,
  ZPageQuery,
  ZTelegramUpdate,
  ZWebhookAnswer,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import type { TChatbot } from './service';

const tags = ['chatbot'];
/** The header Telegram sends the webhook's secret in (setWebhook secret_token). */
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function secretOf(request: FastifyRequest): string | undefined {
  const secret = request.headers[SECRET_HEADER];
  return typeof secret === 'string' ? secret : undefined;
}

export function chatbotRoutes(app: FastifyInstance, deps: { chatbot: TChatbot }): void {
  const { chatbot } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/chatbot/status/',
    summary: "Whether the caller's bot chat is linked, and the bot's username",
    tags,
    auth: 'user',
    response: ZBotStatus,
    handler: ({ user }) => chatbot.status(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/chatbot/link/',
    summary: 'A new code to send the bot (valid 15 minutes, once) and the t.me link that sends it',
    tags,
    auth: 'user',
    response: ZBotLink,
    handler: ({ user, reply }) => {
      void reply.header('cache-control', 'no-store');
      return chatbot.link(user.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/chatbot/send_unsubscribe_message/',
    summary:
      'Unlink the bot chat and say goodbye in it: true on success, false on failure (no chat, the bot failed)',
    tags,
    auth: 'user',
    response: z.boolean(),
    handler: ({ user }) => chatbot.unsubscribe(user.id),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/chatbot/preferences/',
    summary: 'Which notices (bonuses, deposits, withdrawals, orders) go by mail and by the bot',
    tags,
    auth: 'user',
    response: ZNotificationSettings,
    handler: ({ user }) => chatbot.settings(user.id),
  });

  route(app, {
    method: 'PATCH',
    url: '/api/v1/chatbot/preferences/',
    summary: 'Change some notice switches; answers all of them',
    tags,
    auth: 'user',
    body: ZNotificationSettingsPatch,
    response: ZNotificationSettings,
    handler: ({ user, body }) => chatbot.updateSettings(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/chatbot/webhook/',
    summary: "Telegram's webhook: updates carrying the secret in X-Telegram-Bot-Api-Secret-Token (else 401)",
    tags,
    auth: 'public',
    // The secret is checked before the body is read: without it, 401 whatever the body holds.
    verify: (request) => chatbot.verifySecret(secretOf(request)),
    body: ZTelegramUpdate,
    response: ZWebhookAnswer,
    handler: async ({ body, request }) => {
      await chatbot.receive(secretOf(request), body);
      return { ok: true as const };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/bot/outbox/',
    summary: 'Messages the bot wrote to the outbox (no TELEGRAM_BOT_TOKEN configured)',
    tags: ['admin'],
    auth: 'support',
    query: ZPageQuery,
    response: ZBotOutboxPage,
    handler: async ({ query, request }) => {
      const { count, results } = await chatbot.outbox(query.page, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });
}

/** Only while the outbox bot runs: a chat "sends" the bot a message, as Telegram's webhook would. */
export function devBotRoutes(app: FastifyInstance, deps: { chatbot: TChatbot; webhookSecret: string }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/dev/chatbot/message/',
    summary: 'Development bot: a chat sends the bot a text (a link code), as through Telegram',
    tags: ['development'],
    auth: 'public',
    body: ZDevBotMessage,
    response: ZWebhookAnswer,
    handler: async ({ body }) => {
      await deps.chatbot.receive(deps.webhookSecret, {
        update_id: 0,
        message: { text: body.text, chat: { id: body.chat_id } },
      });
      return { ok: true as const };
    },
  });
}
