import { z } from 'zod';
import { zId, ZTimestamp } from './common';
import { zName } from './fields';
import { MESSAGES } from './messages';

// ---- API keys of the profile (docs/decisions.md "API keys") -----------------------------------------

/** The start of every key, so that a key pasted in the wrong place is recognised (and found by scanners). */
export const API_KEY_PREFIX = 'dpk_';
/** The header a key is sent in. */
export const API_KEY_HEADER = 'X-API-Key';
/** Keys a partner may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 10;
export const API_KEY_NAME_MAX = 100;
/** Characters of a key kept and shown to recognise it by: the prefix and 8 of its random characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** POST /api/v1/accounts/api-keys/ */
export const ZApiKeyCreate = z
  .object({ name: zName(API_KEY_NAME_MAX, MESSAGES.apiKeyNameRequired) })
  .strict();
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

/** A key as its owner sees it in the list: never the key itself. */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, e.g. "dpk_3fA9xQ1b". */
  prefix: z.string(),
  created_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** GET /api/v1/accounts/api-keys/: the caller's active keys, newest first. */
export const ZApiKeys = z.array(ZApiKey);
export type TApiKeys = z.infer<typeof ZApiKeys>;

/** The answer of a creation: the only time the key is shown. */
export const ZApiKeyCreated = z.object({ key: z.string(), api_key: ZApiKey });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** POST /api/v1/accounts/api-keys/:id/revoke/ */
export const ZApiKeyIdParams = z.object({ id: zId });
export type TApiKeyIdParams = z.infer<typeof ZApiKeyIdParams>;
