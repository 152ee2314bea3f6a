import { z } from 'zod';
import { zPage, ZTimestamp } from './common';

// ---- notifications and the chat bot (issue 10; docs/decisions.md "Notifications") ------------------

/** What a partner may be told of. */
export const NOTICE_KINDS = ['bonuses', 'deposits', 'withdrawals', 'orders'] as const;
export const ZNoticeKind = z.enum(NOTICE_KINDS);
export type TNoticeKind = z.infer<typeof ZNoticeKind>;

/** How: by mail, or by the chat bot once a chat is linked. */
export const NOTICE_CHANNELS = ['mail', 'bot'] as const;
export const ZNoticeChannel = z.enum(NOTICE_CHANNELS);
export type TNoticeChannel = z.infer<typeof ZNoticeChannel>;

/** How long a bot link code may be sent to the bot. */
export const BOT_LINK_CODE_MINUTES = 15;

export const ZChannelSettings = z.object({
  bonuses: z.boolean(),
  deposits: z.boolean(),
  withdrawals: z.boolean(),
  orders: z.boolean(),
});
export type TChannelSettings = z.infer<typeof ZChannelSettings>;

/** GET /api/v1/chatbot/preferences/: which notices go by which channel. */
export const ZNotificationSettings = z.object({ mail: ZChannelSettings, bot: ZChannelSettings });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** Before a partner changes anything: bonuses (frequent) not by mail; the bot tells all. */
export const NOTIFICATION_DEFAULTS: TNotificationSettings = {
  mail: { bonuses: false, deposits: true, withdrawals: true, orders: true },
  bot: { bonuses: true, deposits: true, withdrawals: true, orders: true },
};

/** PATCH /api/v1/chatbot/preferences/: only the switches given change. */
export const ZNotificationSettingsPatch = z
  .object({ mail: ZChannelSettings.partial().strict(), bot: ZChannelSettings.partial().strict() })
  .partial()
  .strict();
export type TNotificationSettingsPatch = z.infer<typeof ZNotificationSettingsPatch>;

/** GET /api/v1/chatbot/status/. */
export const ZBotStatus = z.object({
  linked: z.boolean(),
  linked_at: ZTimestamp.nullable(),
  bot_username: z.string(),
});
export type TBotStatus = z.infer<typeof ZBotStatus>;

/** POST /api/v1/chatbot/link/: a new code (earlier unused ones stop working) and the bot's deep link. */
export const ZBotLink = z.object({
  code: z.string(),
  link: z.string(),
  expires_at: ZTimestamp,
});
export type TBotLink = z.infer<typeof ZBotLink>;

/**
 * POST /api/v1/chatbot/webhook/: the part of a Telegram Update the bot reads (a message's text
 * and chat); anything else in it is ignored.
 */
export const ZTelegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      text: z.string().max(4096).optional(),
      chat: z.object({
        id: z
          .number()
          .int()
          .min(-(2 ** 53) + 1)
          .max(2 ** 53 - 1),
      }),
      from: z.object({ language_code: z.string().max(35).optional() }).optional(),
    })
    .optional(),
});
export type TTelegramUpdate = z.infer<typeof ZTelegramUpdate>;

/** The webhook's answer: Telegram only needs a 200. */
export const ZWebhookAnswer = z.object({ ok: z.literal(true) });
export type TWebhookAnswer = z.infer<typeof ZWebhookAnswer>;

/** POST /api/v1/dev/chatbot/message/ (development bot only): a chat sends the bot a text, as Telegram would. */
export const ZDevBotMessage = z.object({
  chat_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
  text: z.string().max(4096),
});
export type TDevBotMessage = z.infer<typeof ZDevBotMessage>;

/** GET /api/v1/admin/bot/outbox/: messages the development bot wrote instead of sending. */
export const ZBotOutboxMessage = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  text: z.string(),
  created_at: ZTimestamp,
});
export type TBotOutboxMessage = z.infer<typeof ZBotOutboxMessage>;
export const ZBotOutboxPage = zPage(ZBotOutboxMessage);
export type TBotOutboxPage = z.infer<typeof ZBotOutboxPage>;
