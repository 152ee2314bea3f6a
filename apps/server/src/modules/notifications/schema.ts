import { NOTICE_CHANNELS, NOTICE_KINDS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The notifications module's tables (docs/decisions.md "Notifications").

/** A code the partner sends the bot to link a chat: kept as its SHA-256, one use, short-lived. */
export const botLinkCodes = pgTable(
  'bot_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: userRef().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('bot_link_codes_user_idx').on(t.userId)],
);

/** The partner's linked bot chat: one chat per partner, one partner per chat. */
export const botChats = pgTable(
  'bot_chats',
  {
    userId: userRef().primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bot_chats_chat_key').on(t.chatId)],
);

/**
 * Which notices a partner wants, per channel and kind. No row = the defaults (the column
 * defaults): mail for deposits, withdrawals and orders; the bot for everything once linked.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: userRef().primaryKey(),
  mailBonuses: boolean('mail_bonuses').notNull().default(false),
  mailDeposits: boolean('mail_deposits').notNull().default(true),
  mailWithdrawals: boolean('mail_withdrawals').notNull().default(true),
  mailOrders: boolean('mail_orders').notNull().default(true),
  botBonuses: boolean('bot_bonuses').notNull().default(true),
  botDeposits: boolean('bot_deposits').notNull().default(true),
  botWithdrawals: boolean('bot_withdrawals').notNull().default(true),
  botOrders: boolean('bot_orders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a notice stands: waiting, delivered, failed for good, or not wanted. */
const NOTICE_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/**
 * The transactional outbox of notices: rows are inserted by triggers on wallet_operations and
 * orders (migration 0025) in the event's own transaction; the `notices` job renders and delivers
 * them (modules/notifications/delivery.ts). `source` names the event, so each is noticed once per channel.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    userId: userRef().notNull(),
    channel: text('channel', { enum: NOTICE_CHANNELS }).notNull(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    source: text('source').notNull(),
    /** { amount (minor units, text), currency, status, bonus_type, number }: what the text says. */
    payload: jsonb('payload').notNull().default({}),
    status: text('status', { enum: NOTICE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it (again): a claim moves it past the send's time limit. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notices_source_key').on(t.source, t.channel),
    index('notices_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('notices_user_idx').on(t.userId, t.id),
    check('notices_channel_check', sql`${t.channel} in ('mail', 'bot')`),
    check('notices_kind_check', sql`${t.kind} in ('bonuses', 'deposits', 'withdrawals', 'orders')`),
    check('notices_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);
