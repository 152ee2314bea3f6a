import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { effectiveRoles } from '@portal/contracts';
import type { TConfig } from '../../config';
import { batched } from '../../db/batch';
import type { Db } from '../../db/client';
import type { TClientMeta } from '../../http/client';
import { fail } from '../../http/errors';
import type { TAuthUser } from '../../http/route';
import { deriveKey } from '../../lib/crypto';
import * as repo from './repo';
import type { TSessionClaims } from './repo';

export type { TClientMeta, TSessionClaims };
export { prepareOfLiveSessions, revokeUserSessions } from './repo';

/**
 * Bearer tokens: an HS256 JWT that names a session row. The signature proves the token came
 * from us; the row lets logout and a password change revoke it before it expires.
 */
export function createSessions(deps: { db: Db; config: TConfig }) {
  const key = deriveKey(deps.config.secretKey, 'session-token');
  const ttlSeconds = deps.config.tokenTtlHours * 3600;
  // The session checks of one turn of the event loop are one statement (db/batch.ts).
  const findLiveSession = batched(repo.prepareFindLiveSessions(deps.db));

  const verified = verifiedTokens(key, VERIFIED_TOKENS_KEPT);

  /** The session a token names, from the token alone; 401 when it is malformed or expired. */
  async function claimsOf(token: string): Promise<TSessionClaims> {
    const claims = await verified(token, Math.floor(Date.now() / 1000));
    if (!claims) throw fail.unauthenticated();
    return claims;
  }

  return {
    async issue(userId: number, meta: TClientMeta, db: Db = deps.db): Promise<string> {
      const id = randomUUID();
      const now = Math.floor(Date.now() / 1000);
      await repo.insertSession(db, {
        id,
        userId,
        expiresAt: new Date((now + ttlSeconds) * 1000),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return new SignJWT({ sid: id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },

    claims: claimsOf,

    /** The user a token belongs to; 401 when it is malformed, expired or revoked. */
    async verify(token: string): Promise<TAuthUser> {
      const claims = await claimsOf(token);
      const live = await findLiveSession(claims);
      if (!live) throw fail.unauthenticated();
      return {
        id: claims.userId,
        sessionId: claims.sessionId,
        isSuperuser: live.isSuperuser,
        roles: effectiveRoles(live.isSuperuser, live.operatorRoles),
      };
    },

    revoke: (sessionId: string) => repo.revokeSession(deps.db, sessionId),
    revokeAll: (userId: number, db: Db = deps.db) => repo.revokeUserSessions(db, userId),
  };
}

export type TSessions = ReturnType<typeof createSessions>;

/** How many verified tokens a server process keeps (about 300 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A session id as `issue` makes it (the profile read passes a list of them as one array). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The claims of a session token signed with `key`, or null: what jose's `jwtVerify` accepts with
 * HS256 alone (so never `alg: none` nor an RS256 header), with a user id and a session id in it.
 * A token's signature is checked once, not on every call: the HMAC and the two JSON parses were a
 * fifth of the profile call without its database round trip, and jose's WebCrypto adds a key
 * import and a thread-pool hop (docs/performance.md). A token cannot change, so what it names
 * stays true; its `exp` and `nbf` are checked again at each use. The check is kept from its start,
 * so the calls that bring a new token at once share one. At most `max` verified tokens are kept,
 * the oldest forgotten first; a refused token is not kept and makes none forgotten.
 */
export function verifiedTokens(
  key: Uint8Array,
  max: number,
): (token: string, now: number) => Promise<TSessionClaims | null> {
  type TVerified = { claims: TSessionClaims; exp: number | undefined; nbf: number | undefined };
  const kept = new Map<string, Promise<TVerified | null>>();

  async function verify(token: string, now: number): Promise<TVerified | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now * 1000),
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId))
        return null;
      return { claims: { userId, sessionId }, exp: payload.exp, nbf: payload.nbf };
    } catch {
      return null;
    }
  }

  // jose verifies through WebCrypto, whose answers come back in turns of their own. The new tokens
  // of one turn are verified together and answered at once, so that their calls still ask for
  // their sessions in one turn, as one statement (db/batch.ts).
  const verifyTogether = batched((asked: { token: string; now: number }[]) =>
    Promise.all(asked.map(({ token, now }) => verify(token, now))),
  );

  function check(token: string, now: number): Promise<TVerified | null> {
    const known = kept.get(token);
    if (known) return known;
    const pending = verifyTogether({ token, now });
    kept.set(token, pending);
    void pending.then((entry) => {
      if (!entry) {
        if (kept.get(token) === pending) kept.delete(token);
      } else {
        while (kept.size > max) kept.delete(kept.keys().next().value!);
      }
    });
    return pending;
  }

  return async (token, now) => {
    const pending = check(token, now);
    const entry = await pending;
    if (!entry) return null;
    if (entry.exp !== undefined && entry.exp <= now) {
      // Only while it is still this check that is kept, not a newer one after an eviction.
      if (kept.get(token) === pending) kept.delete(token);
      return null;
    }
    if (entry.nbf !== undefined && entry.nbf > now) return null;
    return entry.claims;
  };
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
