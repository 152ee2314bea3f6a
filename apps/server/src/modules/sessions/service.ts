import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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
  function claimsOf(token: string): TSessionClaims {
    const claims = verified(token, Math.floor(Date.now() / 1000));
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
      const claims = claimsOf(token);
      const live = await findLiveSession(claims);
      if (!live) throw fail.unauthenticated();
      return { id: claims.userId, sessionId: claims.sessionId, isSuperuser: live.isSuperuser };
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
 * The claims of a session token signed with `key`, or null (`verifyHs256`, and a user id and a
 * session id in it). A token's signature is checked once, not on every call: the HMAC and the two
 * JSON parses were a fifth of the profile call without its database round trip
 * (docs/performance.md). A token cannot change, so what it names stays true; its `exp` and `nbf`
 * are checked again at each use. At most `max` tokens are kept, the oldest forgotten first; a
 * refused token is not kept.
 */
export function verifiedTokens(
  key: Buffer,
  max: number,
): (token: string, now: number) => TSessionClaims | null {
  const kept = new Map<string, { claims: TSessionClaims; exp: unknown; nbf: unknown }>();
  return (token, now) => {
    let entry = kept.get(token);
    if (!entry) {
      const claims = verifyHs256(token, key, now);
      if (!claims) return null;
      const userId = Number(claims.sub);
      const sessionId = claims.sid;
      if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId))
        return null;
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      entry = { claims: { userId, sessionId }, exp: claims.exp, nbf: claims.nbf };
      kept.set(token, entry);
    }
    if (typeof entry.nbf === 'number' && entry.nbf > now) return null;
    if (typeof entry.exp === 'number' && entry.exp <= now) {
      kept.delete(token);
      return null;
    }
    return entry.claims;
  };
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function jsonObject(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const numericOrAbsent = (value: unknown) => value === undefined || typeof value === 'number';

/**
 * The claims of a compact HS256 JWT signed with `key`, or null: what jose's `jwtVerify` with
 * `algorithms: ['HS256']` accepts (alg HS256, no `crit`, signature, `exp`/`nbf`/`iat` numbers,
 * `exp` after now and `nbf` not after it), checked synchronously with node:crypto. jose goes
 * through WebCrypto, which imports the key and hops to the thread pool on every call: about a
 * quarter of the server's time on the profile call (docs/performance.md).
 */
export function verifyHs256(token: string, key: Buffer, now: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonObject(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header) return null;
  if (!BASE64URL.test(signaturePart)) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const claims = jsonObject(payloadPart);
  if (!claims) return null;
  const { exp, nbf, iat } = claims;
  if (!numericOrAbsent(exp) || !numericOrAbsent(nbf) || !numericOrAbsent(iat)) return null;
  if (typeof nbf === 'number' && nbf > now) return null;
  if (typeof exp === 'number' && exp <= now) return null;
  return claims;
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
