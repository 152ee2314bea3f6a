import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_MAX,
  NON_FIELD,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import type { TClientMeta } from '../../http/client';
import { fail } from '../../http/errors';
import type { TAuthUser } from '../../http/route';
import { randomToken, sha256 } from '../../lib/crypto';
import { audit } from '../audit/service';
import type { TRateLimiter } from '../rate-limit/service';
import * as repo from './repo';
import type { TApiKeyRow } from './repo';

/** A key: the prefix and 32 random bytes in base64url (43 characters). */
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** The last use is written at most once a minute per key, not on every request. */
const TOUCH_SECONDS = 60;

const toApiKey = (row: TApiKeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A partner's API keys: read-only access to their own data for their scripts (docs/decisions.md
 * "API keys"). A key is 256 random bits, so its SHA-256 is all that is kept: no slow hash is needed
 * against guessing, and a lookup is one indexed read.
 */
export function createApiKeys(deps: { db: Db; rateLimiter: TRateLimiter; requestsPerMinute: number }) {
  const { db } = deps;

  return {
    list: async (userId: number): Promise<TApiKey[]> => (await repo.listActive(db, userId)).map(toApiKey),

    async create(userId: number, input: TApiKeyCreate, meta: TClientMeta): Promise<TApiKeyCreated> {
      const key = `${API_KEY_PREFIX}${randomToken(32)}`;
      const row = await db.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        if ((await repo.countActive(tx, userId)) >= API_KEYS_MAX) {
          throw fail.field(NON_FIELD, 'apiKeysLimit', { max: API_KEYS_MAX });
        }
        const created = await repo.insert(tx, {
          userId,
          name: input.name,
          prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
          keyHash: sha256(key),
        });
        await audit(tx, {
          userId,
          action: 'api_key.created',
          details: { api_key_id: created.id, prefix: created.prefix },
          ip: meta.ip,
        });
        return created;
      });
      return { key, api_key: toApiKey(row) };
    },

    /** Revokes the caller's own key; 404 for a key that is not theirs or is revoked already. */
    async revoke(userId: number, id: number, meta: TClientMeta): Promise<void> {
      await db.transaction(async (tx) => {
        const revoked = await repo.revoke(tx, userId, id);
        if (!revoked) throw fail.notFound('apiKeyNotFound');
        await audit(tx, {
          userId,
          action: 'api_key.revoked',
          details: { api_key_id: id, prefix: revoked.prefix },
          ip: meta.ip,
        });
      });
    },

    /**
     * The owner of a live key, for a read the key may make: 401 for a malformed, unknown or revoked
     * key (or an owner who is blocked), 429 past the key's requests per minute.
     */
    async authenticate(key: string): Promise<TAuthUser> {
      if (!KEY_FORMAT.test(key)) throw fail.unauthenticated();
      const found = await repo.findActiveByHash(db, sha256(key));
      if (!found) throw fail.unauthenticated();
      await deps.rateLimiter.attempt([
        { key: `api-key:${found.id}`, limit: deps.requestsPerMinute, windowSeconds: 60 },
      ]);
      if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() >= TOUCH_SECONDS * 1000) {
        await repo.touch(db, found.id, TOUCH_SECONDS);
      }
      // A key never acts as an admin, whoever owns it.
      return { id: found.userId, sessionId: null, isSuperuser: false, roles: [] };
    },
  };
}

export type TApiKeys = ReturnType<typeof createApiKeys>;
