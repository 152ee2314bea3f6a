import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { deleteDue, PRUNE_BATCH } from '../../db/prune';
import { users } from '../accounts/schema';
import { botChats, botLinkCodes, notices, notificationSettings } from './schema';
import { LOCKS } from '../../db/locks';

export type TSettingsRow = typeof notificationSettings.$inferSelect;
export type TSettingsColumns = Omit<TSettingsRow, 'userId' | 'updatedAt'>;

export async function findSettings(db: Db, userId: number): Promise<TSettingsRow | null> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/** Writes all eight switches (the caller merged the change into the current ones). */
export async function saveSettings(db: Db, userId: number, values: TSettingsColumns): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: new Date() } });
}

export async function findChat(db: Db, userId: number) {
  const [row] = await db.select().from(botChats).where(eq(botChats.userId, userId));
  return row ?? null;
}

/**
 * A new code; the partner's earlier unused codes stop working. In a transaction: two new codes
 * asked at once queue on the partner's lock, so the second voids the first (one live code).
 */
export async function replaceCode(db: Db, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.chatLinkCodes}, hashtext(${String(userId)}))`);
  await db.delete(botLinkCodes).where(and(eq(botLinkCodes.userId, userId), isNull(botLinkCodes.usedAt)));
  await db.insert(botLinkCodes).values({ codeHash, userId, expiresAt });
}

/** Takes a live code once: the row is marked used by the statement that finds it. */
export async function useCode(db: Db, codeHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(botLinkCodes)
    .set({ usedAt: now })
    .where(
      and(eq(botLinkCodes.codeHash, codeHash), isNull(botLinkCodes.usedAt), gt(botLinkCodes.expiresAt, now)),
    )
    .returning({ userId: botLinkCodes.userId });
  return row?.userId ?? null;
}

/**
 * Links `chatId` to the partner: a chat serves one partner, so any earlier link of it goes. In a
 * transaction: links take one lock in turn (a person sending a code is rare), so two partners' codes
 * sent from one chat at once cannot both insert (one broke the unique chat index), and two partners
 * swapping chats at once cannot deadlock on each other's rows.
 */
export async function linkChat(db: Db, userId: number, chatId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCKS.chatLinks})`);
  await db.delete(botChats).where(and(eq(botChats.chatId, chatId), sql`${botChats.userId} <> ${userId}`));
  await db
    .insert(botChats)
    .values({ userId, chatId })
    .onConflictDoUpdate({ target: botChats.userId, set: { chatId, linkedAt: new Date() } });
}

export async function unlinkChat(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .delete(botChats)
    .where(eq(botChats.userId, userId))
    .returning({ chatId: botChats.chatId });
  return row?.chatId ?? null;
}

export async function languageOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? 'en';
}

export type TClaimedNotice = {
  id: number;
  channel: (typeof notices.$inferSelect)['channel'];
  kind: (typeof notices.$inferSelect)['kind'];
  payload: Record<string, string | null>;
  attempts: number;
  email: string;
  first_name: string;
  language: string;
  chat_id: string | null;
};

/**
 * Claims up to `limit` due notices for this worker: SKIP LOCKED passes over rows another worker
 * is claiming, and the claim moves `next_attempt_at` past the sends' time limit, so no other
 * worker takes them while they are sent. A notice left claimed (a crash) is taken again later.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<TClaimedNotice[]> {
  return queryRows<TClaimedNotice>(
    db,
    sql`with due as (
          select id from notices
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        ), claimed as (
          update notices n
          set attempts = n.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
          from due where n.id = due.id
          returning n.id, n.user_id, n.channel, n.kind, n.payload, n.attempts
        )
        select c.id::int as id, c.channel, c.kind, c.payload, c.attempts, u.email, u.first_name, u.language,
               b.chat_id::text as chat_id
        from claimed c
        join users u on u.id = c.user_id
        left join bot_chats b on b.user_id = c.user_id
        order by c.id`,
  );
}

export async function markDone(db: Db, id: number, status: 'sent' | 'skipped' | 'failed', error?: string) {
  await db
    .update(notices)
    .set({ status, sentAt: status === 'sent' ? new Date() : null, lastError: error ?? null })
    .where(eq(notices.id, id));
}

/** A failed send is tried again after `retrySeconds`. */
export async function markRetry(db: Db, id: number, error: string, retrySeconds: number) {
  await db
    .update(notices)
    .set({ lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})` })
    .where(eq(notices.id, id));
}

/**
 * How long a delivered notice is kept (docs/decisions.md "Other expired rows"). Its source cannot
 * come again (a credit is noticed once, and withdrawal and order statuses only move forward), so
 * the row is no longer needed to tell it once; the month lets support see what a partner was told.
 */
export const NOTICE_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/**
 * Deletes the notices sent (or skipped: the chat was unlinked) and queued more than
 * `olderThanSeconds` ago, `batch` at a time (db/prune.ts). Pending ones are still to send, failed
 * ones are kept with their error for an operator. Answers how many went.
 */
export function pruneNotices(db: Db, olderThanSeconds: number, batch = PRUNE_BATCH): Promise<number> {
  return deleteDue(
    db,
    notices,
    notices.id,
    sql`${notices.status} in ('sent', 'skipped')
        and ${notices.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`,
    batch,
  );
}

/**
 * How long a link code is kept once expired: an update carrying it is refused alike whether the
 * row is there or not, and Telegram keeps an undelivered update 24 hours at most.
 */
export const BOT_LINK_CODE_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/**
 * Deletes the link codes that expired more than `olderThanSeconds` ago (used or not), `batch` at
 * a time (db/prune.ts). Answers how many went.
 */
export function pruneBotLinkCodes(db: Db, olderThanSeconds: number, batch = PRUNE_BATCH): Promise<number> {
  return deleteDue(
    db,
    botLinkCodes,
    botLinkCodes.codeHash,
    sql`${botLinkCodes.expiresAt} < now() - make_interval(secs => ${olderThanSeconds})`,
    batch,
  );
}
