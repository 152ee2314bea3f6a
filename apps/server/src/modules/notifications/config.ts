import { z } from 'zod';
import { deriveKey } from '../../lib/crypto';
import { configSlice } from '../../lib/env';

/** The chat bot (TELEGRAM_*) and the notice worker (NOTICE_*). */
export const notificationsConfig = configSlice({
  env: {
    /** The Telegram bot's token from @BotFather; without it the bot writes to the bot outbox (admin area). */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^[0-9]+:[A-Za-z0-9_-]+$/)
      .optional(),
    /** The bot's username, for the t.me link a partner opens to link a chat. */
    TELEGRAM_BOT_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_]{5,32}$/)
      .default('partner_portal_bot'),
    /** The secret Telegram sends with each update (setWebhook secret_token); derived from SECRET_KEY when unset. */
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/)
      .optional(),
    /** The Bot API's address (tests point it at a local server). */
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
    /** How often the notice worker delivers queued notices, and how many per run. */
    NOTICE_WORKER_SECONDS: z.coerce.number().min(0.05).max(600).default(2),
    NOTICE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  },
  check: (env) =>
    env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_WEBHOOK_SECRET
      ? 'TELEGRAM_WEBHOOK_SECRET goes with TELEGRAM_BOT_TOKEN: give Telegram the same one in setWebhook (secret_token).'
      : null,
  build: (env, { secretKey }) => ({
    /** The chat bot (TELEGRAM_*): no token = the outbox bot; the webhook's secret is always set. */
    telegram: {
      token: env.TELEGRAM_BOT_TOKEN ?? null,
      username: env.TELEGRAM_BOT_USERNAME,
      // Derived from SECRET_KEY, which production requires: every server derives the same one.
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET ?? developmentWebhookSecret(secretKey),
      apiUrl: env.TELEGRAM_API_URL,
    },
    /** The notice worker (modules/notifications): its period and batch size. */
    notices: { everyMs: Math.round(env.NOTICE_WORKER_SECONDS * 1000), batchSize: env.NOTICE_BATCH_SIZE },
  }),
});

/** The webhook's secret when none is set: known to whoever knows SECRET_KEY (tests, docs/decisions.md). */
export function developmentWebhookSecret(secretKey: string): string {
  return deriveKey(secretKey, 'telegram-webhook-secret').toString('base64url');
}
