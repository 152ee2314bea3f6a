import { createHash, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../src/db/client';
import { deleteInBatches } from '../../src/db/prune';
import {
  consumeOneTimeToken,
  ONE_TIME_TOKEN_RETENTION_SECONDS,
  pruneOneTimeTokens,
} from '../../src/modules/accounts/repo';
import {
  IDEMPOTENCY_KEY_SECONDS,
  pruneIdempotencyKeys,
  StoredAnswer,
  storedAnswer,
} from '../../src/modules/idempotency/service';
import {
  BOT_LINK_CODE_RETENTION_SECONDS,
  NOTICE_RETENTION_SECONDS,
  pruneBotLinkCodes,
  pruneNotices,
  useCode,
} from '../../src/modules/notifications/repo';
import { pruneSessions, SESSION_RETENTION_SECONDS } from '../../src/modules/sessions/repo';
import { post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';

const DAY = 24 * 60 * 60;
/** Small batches, so that every prune below takes several statements, each after the last key. */
const BATCH = 2;

/** The database's now, moved by `days` (negative: in the past). */
const daysFromNow = (days: number): SQL => sql`now() + make_interval(secs => ${days * DAY})`;
/** Marks the sessions a test inserts, apart from the one the partner signed up with. */
const TEST_IP = '192.0.2.1';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function column<T>(db: Db, query: SQL): Promise<T[]> {
  const rows = await queryRows<{ value: T }>(db, query);
  return rows.map((row) => row.value);
}

async function partnerApp(): Promise<{ app: TTestApp; db: Db; userId: number; token: string }> {
  const app = await testApp();
  const partner = await registerPartner(app);
  return { app, db: app.database.db, userId: partner.id, token: partner.token };
}

describe('deleteInBatches', () => {
  it('passes each batch the last key of the one before, until a batch is short', async () => {
    const asked: (number | null)[] = [];
    const batches = [3, 3, 1];
    const total = await deleteInBatches<number>(3, async (after) => {
      asked.push(after);
      const deleted = batches[asked.length - 1]!;
      return { deleted, last: asked.length * 10 };
    });
    expect(total).toBe(7);
    expect(asked).toEqual([null, 10, 20]);
  });

  it('refuses a batch size that would never end', async () => {
    await expect(deleteInBatches(0, async () => ({ deleted: 0, last: null }))).rejects.toThrow(RangeError);
  });
});

describe('pruning', () => {
  it('deletes the sessions ended more than the retention ago, and keeps live and recent ones', async () => {
    const { app, db, userId, token } = await partnerApp();
    const insert = async (label: string, expires: number, revoked: number | null) => {
      const id = randomUUID();
      await db.execute(
        sql`insert into sessions (id, user_id, expires_at, revoked_at, ip, user_agent)
            values (${id}, ${userId}, ${daysFromNow(expires)},
                    ${revoked === null ? null : daysFromNow(revoked)}, ${TEST_IP}, ${label})`,
      );
    };
    for (let i = 0; i < 3; i += 1) await insert('expired 31 days ago', -31, null);
    for (let i = 0; i < 3; i += 1) await insert('revoked 31 days ago', 5, -31);
    await insert('expired 29 days ago', -29, null);
    await insert('revoked 29 days ago', -25, -29);
    await insert('live', 7, null);

    expect(await pruneSessions(db, SESSION_RETENTION_SECONDS, BATCH)).toBe(6);
    const left = await column<string>(
      db,
      sql`select user_agent as value from sessions where ip = ${TEST_IP} order by value`,
    );
    expect(left).toEqual(['expired 29 days ago', 'live', 'revoked 29 days ago']);
    expect(await pruneSessions(db, SESSION_RETENTION_SECONDS, BATCH)).toBe(0);
    // The partner's own session, live, still signs their calls.
    expect((await post(app, '/api/v1/accounts/info/', {}, token)).status).toBe(200);
  });

  it('deletes the idempotency keys used more than the retention ago; recent ones still replay', async () => {
    const { app, db, userId } = await partnerApp();
    const other = (await registerPartner(app)).id;
    const insert = async (scope: string, key: string, daysAgo: number, user = userId) =>
      db.execute(
        sql`insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response, created_at)
            values (${user}, ${scope}, ${key}, ${'hash'}, 201, ${JSON.stringify({ key })}::jsonb,
                    ${daysFromNow(-daysAgo)})`,
      );
    // Old keys spread over the primary key's three columns, so that batches follow it across each.
    for (const [scope, key] of [
      ['card', 'a'],
      ['card', 'b'],
      ['dft', 'a'],
      ['withdrawal', 'Z'],
      ['withdrawal', 'a'],
    ] as const)
      await insert(scope, key, 31);
    await insert('card', 'old-other-user', 31, other);
    await insert('card', 'c', 29);
    await insert('withdrawal', 'b', 0);

    expect(await pruneIdempotencyKeys(db, IDEMPOTENCY_KEY_SECONDS, BATCH)).toBe(6);
    const left = await column<string>(
      db,
      sql`select scope || '/' || key as value from idempotency_keys order by value`,
    );
    expect(left).toEqual(['card/c', 'withdrawal/b']);
    const replay = (scope: string, key: string) =>
      storedAnswer(db, { userId, scope, key, requestHash: 'hash' });
    const kept = await replay('card', 'c');
    expect(kept).toBeInstanceOf(StoredAnswer);
    expect(kept).toMatchObject({ statusCode: 201, body: { key: 'c' } });
    // Past the retention the key is forgotten: sent again, it would be a new request.
    expect(await replay('card', 'a')).toBeNull();
    expect(await pruneIdempotencyKeys(db, IDEMPOTENCY_KEY_SECONDS, BATCH)).toBe(0);
  });

  it('deletes the one-time links expired more than the retention ago; a live one still works', async () => {
    const { db, userId } = await partnerApp();
    const insert = async (token: string, expires: number, used: boolean) =>
      db.execute(
        sql`insert into one_time_tokens (user_id, purpose, token_hash, expires_at, used_at)
            values (${userId}, 'password_reset', ${sha256(token)}, ${daysFromNow(expires)},
                    ${used ? daysFromNow(expires - 1) : null})`,
      );
    await insert('expired 8 days ago', -8, false);
    await insert('used, expired 8 days ago', -8, true);
    await insert('expired 10 days ago', -10, false);
    await insert('expired 6 days ago', -6, false);
    await insert('live', 1 / 24, false);

    expect(await pruneOneTimeTokens(db, ONE_TIME_TOKEN_RETENTION_SECONDS, BATCH)).toBe(3);
    const left = await column<string>(db, sql`select token_hash as value from one_time_tokens`);
    expect(left.sort()).toEqual([sha256('expired 6 days ago'), sha256('live')].sort());
    expect(await consumeOneTimeToken(db, sha256('live'), 'password_reset')).toBeDefined();
    expect(await pruneOneTimeTokens(db, ONE_TIME_TOKEN_RETENTION_SECONDS, BATCH)).toBe(0);
  });

  it('deletes the sent and skipped notices older than the retention, never pending or failed ones', async () => {
    const { db, userId } = await partnerApp();
    const insert = async (source: string, status: string, daysAgo: number) =>
      db.execute(
        sql`insert into notices (user_id, channel, kind, source, status, created_at)
            values (${userId}, 'mail', 'deposits', ${source}, ${status}, ${daysFromNow(-daysAgo)})`,
      );
    for (let i = 0; i < 3; i += 1) await insert(`sent 31 days ago ${i}`, 'sent', 31);
    await insert('skipped 31 days ago', 'skipped', 31);
    await insert('failed 31 days ago', 'failed', 31);
    await insert('pending 31 days ago', 'pending', 31);
    await insert('sent 29 days ago', 'sent', 29);
    await insert('sent now', 'sent', 0);

    expect(await pruneNotices(db, NOTICE_RETENTION_SECONDS, BATCH)).toBe(4);
    const left = await column<string>(db, sql`select source as value from notices order by source`);
    expect(left).toEqual(['failed 31 days ago', 'pending 31 days ago', 'sent 29 days ago', 'sent now']);
    expect(await pruneNotices(db, NOTICE_RETENTION_SECONDS, BATCH)).toBe(0);
  });

  it('deletes the bot link codes expired more than the retention ago; a live one still links', async () => {
    const { db, userId } = await partnerApp();
    const insert = async (code: string, expires: number, used: boolean) =>
      db.execute(
        sql`insert into bot_link_codes (code_hash, user_id, expires_at, used_at)
            values (${sha256(code)}, ${userId}, ${daysFromNow(expires)}, ${used ? daysFromNow(expires) : null})`,
      );
    await insert('EXPIRED8A', -8, false);
    await insert('EXPIRED8B', -8, true);
    await insert('EXPIRED9', -9, false);
    await insert('EXPIRED1', -1, false);
    await insert('LIVE', 10 / (24 * 60), false);

    expect(await pruneBotLinkCodes(db, BOT_LINK_CODE_RETENTION_SECONDS, BATCH)).toBe(3);
    const left = await column<string>(db, sql`select code_hash as value from bot_link_codes`);
    expect(left.sort()).toEqual([sha256('EXPIRED1'), sha256('LIVE')].sort());
    expect(await useCode(db, sha256('LIVE'), new Date())).toBe(userId);
    expect(await pruneBotLinkCodes(db, BOT_LINK_CODE_RETENTION_SECONDS, BATCH)).toBe(0);
  });

  it('shares the rows between prunes running at once: each row goes once', async () => {
    const { db, userId } = await partnerApp();
    for (let i = 0; i < 9; i += 1)
      await db.execute(
        sql`insert into notices (user_id, channel, kind, source, status, created_at)
            values (${userId}, 'bot', 'bonuses', ${`old ${i}`}, 'sent', ${daysFromNow(-40)})`,
      );
    const runs = await Promise.all([
      pruneNotices(db, NOTICE_RETENTION_SECONDS, BATCH),
      pruneNotices(db, NOTICE_RETENTION_SECONDS, BATCH),
    ]);
    // A run that finds its next rows locked by the other stops early; a later run takes the rest.
    const rest = await pruneNotices(db, NOTICE_RETENTION_SECONDS, BATCH);
    expect(runs[0] + runs[1] + rest).toBe(9);
    expect(await column<number>(db, sql`select count(*)::int as value from notices`)).toEqual([0]);
  });
});
