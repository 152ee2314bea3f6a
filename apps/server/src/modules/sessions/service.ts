import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import type { TClientMeta } from '../../http/client';
import { fail } from '../../http/errors';
import type { TAuthUser } from '../../http/route';
import { deriveKey } from '../../lib/crypto';
import * as repo from './repo';

export type { TClientMeta };

/**
 * Bearer tokens: an HS256 JWT that names a session row. The signature proves the token came
 * from us; the row lets logout and a password change revoke it before it expires.
 */
export function createSessions(deps: { db: Db; config: TConfig }) {
  const key = deriveKey(deps.config.secretKey, 'session-token');
  const ttlSeconds = deps.config.tokenTtlHours * 3600;
  const findLiveSession = repo.prepareFindLiveSession(deps.db);

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

    /** The user a token belongs to; 401 when it is malformed, expired or revoked. */
    async verify(token: string): Promise<TAuthUser> {
      let claims;
      try {
        ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw fail.unauthenticated();
        throw error;
      }
      const userId = Number(claims.sub);
      const sessionId = claims.sid;
      if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string') throw fail.unauthenticated();
      const live = await findLiveSession(sessionId, userId);
      if (!live) throw fail.unauthenticated();
      return { id: live.userId, sessionId, isSuperuser: live.isSuperuser };
    },

    revoke: (sessionId: string) => repo.revokeSession(deps.db, sessionId),
    revokeAll: (userId: number, db: Db = deps.db) => repo.revokeUserSessions(db, userId),
  };
}

export type TSessions = ReturnType<typeof createSessions>;

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
