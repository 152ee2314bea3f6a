import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns';

// The embedded defaults' tables: the mail and bot outboxes and the development chain (adapters/).

/** Mail written instead of sent when no SMTP server is configured (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

/** The development chain's blocks (embedded default only); kept in the database like the rest. */
export const devChainBlocks = pgTable('dev_chain_blocks', {
  number: bigint('number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  createdAt: createdAt(),
});

/** The development chain's token transfer logs; a null block means waiting for the next block. */
export const devChainLogs = pgTable(
  'dev_chain_logs',
  {
    id: id(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    contract: text('contract').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    rawAmount: text('raw_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_chain_logs_key').on(t.txHash, t.logIndex),
    index('dev_chain_logs_block_idx').on(t.blockNumber),
  ],
);

/** Messages written instead of sent when no TELEGRAM_BOT_TOKEN is configured (the embedded default). */
export const botOutbox = pgTable(
  'bot_outbox',
  {
    id: id(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bot_outbox_chat_idx').on(t.chatId, t.id)],
);
