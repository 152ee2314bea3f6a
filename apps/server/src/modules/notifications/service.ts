import { randomBytes } from 'node:crypto';
import {
  BOT_LINK_CODE_MINUTES,
  NOTIFICATION_DEFAULTS,
  type TBotLink,
  type TBotOutboxMessage,
  type TBotStatus,
  type TLanguage,
  type TNotificationSettings,
  type TNotificationSettingsPatch,
  type TTelegramUpdate,
} from '@portal/contracts';
import { botOutboxPage, type TBot } from '../../adapters/bot';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { safeEqual, sha256 } from '../../lib/crypto';
import * as repo from './repo';
import { botText } from './render';

/** Link codes: 10 characters that read and type unambiguously (32 of them: 50 bits). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
const CODE_FORMAT = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

function newCode(): string {
  // 256 is a multiple of 32: each byte picks a character without bias.
  return Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** "/start CODE" (the t.me link's start), "/start@bot CODE" or the code alone; null for anything else. */
export function codeOfMessage(text: string): string | null {
  const match = /^(?:\/start(?:@\w+)?\s+)?(\S+)$/.exec(text.trim());
  const code = match?.[1]?.toUpperCase() ?? null;
  return code && CODE_FORMAT.test(code) ? code : null;
}

/** The interface language nearest a Telegram client's language_code (IETF tag), English else. */
function languageOfClient(code: string | undefined): TLanguage {
  const tag = (code ?? '').toLowerCase();
  if (tag === 'pt-br') return 'BT';
  if (tag === 'tyv') return 'TUV';
  const base = tag.split('-')[0];
  return base === 'pt' || base === 'ru' || base === 'es' || base === 'it' ? base : 'en';
}

const SETTINGS_COLUMNS = {
  mail: {
    bonuses: 'mailBonuses',
    deposits: 'mailDeposits',
    withdrawals: 'mailWithdrawals',
    orders: 'mailOrders',
  },
  bot: { bonuses: 'botBonuses', deposits: 'botDeposits', withdrawals: 'botWithdrawals', orders: 'botOrders' },
} as const;

function toSettings(row: repo.TSettingsRow | null): TNotificationSettings {
  if (!row) return structuredClone(NOTIFICATION_DEFAULTS);
  const channel = (columns: (typeof SETTINGS_COLUMNS)['mail' | 'bot']) => ({
    bonuses: row[columns.bonuses],
    deposits: row[columns.deposits],
    withdrawals: row[columns.withdrawals],
    orders: row[columns.orders],
  });
  return { mail: channel(SETTINGS_COLUMNS.mail), bot: channel(SETTINGS_COLUMNS.bot) };
}

function toColumns(settings: TNotificationSettings): repo.TSettingsColumns {
  const columns = {} as repo.TSettingsColumns;
  for (const channel of ['mail', 'bot'] as const) {
    for (const [kind, column] of Object.entries(SETTINGS_COLUMNS[channel])) {
      columns[column] = settings[channel][kind as keyof TNotificationSettings['mail']];
    }
  }
  return columns;
}

/**
 * The chat bot and the partner's notice settings (docs/decisions.md "Notifications"). A partner
 * links a chat by sending the bot a short-lived code; Telegram's webhook carries it here.
 */
export function createChatbot(deps: {
  db: Db;
  bot: TBot;
  telegram: TConfig['telegram'];
  appName: string;
  clock?: () => Date;
  onSendError?: (error: unknown) => void;
}) {
  const { db, bot, telegram, appName } = deps;
  const now = deps.clock ?? (() => new Date());

  /** Answers in a chat; a failed answer is logged, never fails the update (Telegram would resend it). */
  async function answer(chatId: number, text: string): Promise<boolean> {
    try {
      await bot.send(chatId, text);
      return true;
    } catch (error) {
      deps.onSendError?.(error);
      return false;
    }
  }

  /** 401 unless `secretHeader` is the webhook's secret (compared in constant time). */
  function verifySecret(secretHeader: string | undefined): void {
    if (!secretHeader || !safeEqual(secretHeader, telegram.webhookSecret)) throw fail.unauthenticated();
  }

  return {
    async status(userId: number): Promise<TBotStatus> {
      const chat = await repo.findChat(db, userId);
      return {
        linked: chat !== null,
        linked_at: chat?.linkedAt.toISOString() ?? null,
        bot_username: telegram.username,
      };
    },

    async link(userId: number): Promise<TBotLink> {
      const code = newCode();
      const expiresAt = new Date(now().getTime() + BOT_LINK_CODE_MINUTES * 60_000);
      await db.transaction((tx) => repo.replaceCode(tx, userId, sha256(code), expiresAt));
      return {
        code,
        link: `https://t.me/${telegram.username}?start=${code}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    /** Unlinks the chat and says goodbye in it: false when no chat was linked or the goodbye failed. */
    async unsubscribe(userId: number): Promise<boolean> {
      const chatId = await repo.unlinkChat(db, userId);
      if (chatId === null) return false;
      return answer(chatId, botText('goodbye', await repo.languageOf(db, userId), appName));
    },

    settings: async (userId: number): Promise<TNotificationSettings> =>
      toSettings(await repo.findSettings(db, userId)),

    async updateSettings(userId: number, patch: TNotificationSettingsPatch): Promise<TNotificationSettings> {
      return db.transaction(async (tx) => {
        const current = toSettings(await repo.findSettings(tx, userId));
        const next = { mail: { ...current.mail, ...patch.mail }, bot: { ...current.bot, ...patch.bot } };
        await repo.saveSettings(tx, userId, toColumns(next));
        return next;
      });
    },

    verifySecret,

    /**
     * An update from Telegram: 401 unless it carries the webhook's secret. A message holding a
     * live code links its chat to the code's partner, once.
     */
    async receive(secretHeader: string | undefined, update: TTelegramUpdate): Promise<void> {
      verifySecret(secretHeader);
      const message = update.message;
      if (!message?.text) return;
      const chatId = message.chat.id;
      const code = codeOfMessage(message.text);
      const userId = code
        ? await db.transaction(async (tx) => {
            const owner = await repo.useCode(tx, sha256(code), now());
            if (owner !== null) await repo.linkChat(tx, owner, chatId);
            return owner;
          })
        : null;
      if (userId === null) {
        await answer(chatId, botText('badCode', languageOfClient(message.from?.language_code), appName));
        return;
      }
      await answer(chatId, botText('linked', await repo.languageOf(db, userId), appName));
    },

    async outbox(page: number, pageSize: number): Promise<{ count: number; results: TBotOutboxMessage[] }> {
      const { count, rows } = await botOutboxPage(db, (page - 1) * pageSize, pageSize);
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          chat_id: row.chatId,
          text: row.text,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type TChatbot = ReturnType<typeof createChatbot>;
