import { createHash } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { apiKeys } from '../../src/schema';
import { call, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust, balances } from '../helpers/money';
import { auditActions } from '../helpers/rows';

const KEYS = '/api/v1/accounts/api-keys/';
const revokeUrl = (id: number) => `${KEYS}${id}/revoke/`;
const PROFILE = '/api/v1/accounts/info/';
const KEY_FORMAT = /^dpk_[A-Za-z0-9_-]{43}$/;

type TCreated = { key: string; api_key: { id: number; name: string; prefix: string } };

async function createKey(app: TTestApp, owner: TPartner, name = 'My script'): Promise<TCreated> {
  const answer = await call<TCreated>(app, 'POST', KEYS, { token: owner.token, body: { name } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** A call with only the key, as a partner's script makes it. */
const withKey = (app: TTestApp, method: 'GET' | 'POST', url: string, key: string, body?: unknown) =>
  call(app, method, url, {
    headers: { 'x-api-key': key },
    ...(method === 'POST' ? { body: body ?? {} } : {}),
  });

const list = async (app: TTestApp, owner: TPartner) => {
  const answer = await call(app, 'GET', KEYS, { token: owner.token });
  expect(answer.status).toBe(200);
  return answer.body as { id: number; name: string; prefix: string; last_used_at: string | null }[];
};

describe('API keys: create, list, revoke', () => {
  it('answers the key once, lists it by name and prefix without the key, and revokes it', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const answer = await call(app, 'POST', KEYS, { token: owner.token, body: { name: '  Reporting bot  ' } });
    expect(answer.status).toBe(201);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { key, api_key } = answer.body as TCreated;
    expect(key).toMatch(KEY_FORMAT);
    expect(api_key).toMatchObject({ name: 'Reporting bot', prefix: key.slice(0, 12), last_used_at: null });

    const listed = await list(app, owner);
    expect(listed).toEqual([
      {
        id: api_key.id,
        name: 'Reporting bot',
        prefix: key.slice(0, 12),
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(12));

    const revoked = await call(app, 'POST', revokeUrl(api_key.id), { token: owner.token, body: {} });
    expect(revoked.status).toBe(204);
    expect(await list(app, owner)).toEqual([]);
    const again = await call(app, 'POST', revokeUrl(api_key.id), { token: owner.token, body: {} });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: MESSAGES.apiKeyNotFound });
    expect(await auditActions(app, owner.id)).toEqual(
      expect.arrayContaining(['api_key.created', 'api_key.revoked']),
    );
  });

  it('keeps only the SHA-256 of the key: the key is in no table of the database', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const { key, api_key } = await createKey(app, owner);
    expect((await withKey(app, 'POST', PROFILE, key)).status).toBe(200);

    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    const secret = key.slice(12);
    const tables = await queryRows<{ table_name: string }>(
      app.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables) {
      const [found] = await queryRows<{ n: string }>(
        app.database.db,
        sql`select count(*)::text as n from ${sql.identifier(table_name)} t where t::text like ${`%${secret}%`}`,
      );
      expect(found!.n, table_name).toBe('0');
    }
  });

  it('holds at most 10 active keys, with a clear 400 beyond them; a revoked key frees its place', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const created = [];
    for (let index = 0; index < 10; index += 1) created.push(await createKey(app, owner, `key ${index}`));
    const over = await call(app, 'POST', KEYS, { token: owner.token, body: { name: 'eleventh' } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      non_field_errors: ['You can have at most 10 active API keys. Revoke one to create another.'],
    });
    expect(await list(app, owner)).toHaveLength(10);
    await call(app, 'POST', revokeUrl(created[0]!.api_key.id), { token: owner.token, body: {} });
    await createKey(app, owner, 'eleventh');
    // Concurrent creations queue on the owner's row: the limit holds under a burst.
    const burst = await Promise.all(
      [1, 2, 3].map(() => call(app, 'POST', KEYS, { token: owner.token, body: { name: 'burst' } })),
    );
    expect(burst.map((answer) => answer.status)).toEqual([400, 400, 400]);
  });

  it('refuses hostile names with a field message and stores the text people write as it is', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const refused: [unknown, string][] = [
      ['a\u0000b', MESSAGES.textInvalid],
      ['a\u0007b', MESSAGES.textInvalid],
      ['line\nbreak', MESSAGES.textInvalid],
      ['\u202Etxt.exe', MESSAGES.textInvalid],
      ['\uD800x', MESSAGES.textInvalid],
      ['', MESSAGES.apiKeyNameRequired],
      ['   ', MESSAGES.apiKeyNameRequired],
      ['\u200B\u200B', MESSAGES.apiKeyNameRequired],
      [undefined, MESSAGES.apiKeyNameRequired],
      [42, MESSAGES.apiKeyNameRequired],
      ['x'.repeat(101), 'Ensure this field has no more than 100 characters.'],
    ];
    for (const [name, message] of refused) {
      const answer = await call(app, 'POST', KEYS, {
        token: owner.token,
        body: name === undefined ? {} : { name },
      });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body, JSON.stringify(name)).toEqual({ name: [message] });
    }
    const extra = await call(app, 'POST', KEYS, {
      token: owner.token,
      body: { name: 'x', is_superuser: true },
    });
    expect(extra.status).toBe(400);
    expect(await list(app, owner)).toEqual([]);

    for (const name of ['<img src=x onerror=alert(1)>', "' OR 1=1; --", '😀 bot', 'x'.repeat(100)]) {
      expect((await createKey(app, owner, name)).api_key.name).toBe(name);
    }
  });

  it('another partner cannot revoke my key (404) nor see it', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const other = await registerPartner(app);
    const { key, api_key } = await createKey(app, owner);
    const answer = await call(app, 'POST', revokeUrl(api_key.id), { token: other.token, body: {} });
    expect(answer.status).toBe(404);
    expect(await list(app, other)).toEqual([]);
    expect(await list(app, owner)).toHaveLength(1);
    expect((await withKey(app, 'POST', PROFILE, key)).status).toBe(200);
  });
});

describe('API keys: calls made with a key', () => {
  it("reads the owner's balance, transactions and team, and notes the last use at most once a minute", async () => {
    const app = await testApp();
    const upline = await registerPartner(app);
    const owner = await registerPartner(app, { promocode: upline.referralId });
    await adjust(app, owner.id, 'USDT', '25');
    const { key } = await createKey(app, owner);

    const profile = await withKey(app, 'POST', PROFILE, key);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: owner.id, balances: { usdt: '25.000000' } });
    const finances = await withKey(app, 'POST', '/api/v1/payments/finances/', key);
    expect(finances.status).toBe(200);
    expect(finances.body.count).toBe(1);
    expect((await withKey(app, 'POST', '/api/v1/mlm/structure_list/', key)).status).toBe(200);
    // The owner's data only: the upline's structure is as closed to the key as to the owner.
    const outside = await withKey(app, 'POST', '/api/v1/mlm/get-binary-object/', key, {
      user_id: upline.id,
    });
    expect(outside.status).toBe(404);

    const [first] = await list(app, owner);
    expect(first!.last_used_at).not.toBeNull();
    await withKey(app, 'POST', PROFILE, key);
    const [second] = await list(app, owner);
    expect(second!.last_used_at).toBe(first!.last_used_at);
  });

  it('is refused (403) on money-moving calls, on key management and on profile changes, and nothing changes', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    await adjust(app, owner.id, 'USDT', '100');
    const { key, api_key } = await createKey(app, owner);
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/v1/gift_certificates/purchase/', { amount: '20' }],
      ['POST', '/api/v1/withdraw/request/', {}],
      ['POST', KEYS, { name: 'made by a key' }],
      ['GET', KEYS],
      ['POST', revokeUrl(api_key.id), {}],
      ['POST', '/api/v1/accounts/logout/', {}],
      ['POST', '/api/v1/accounts/mfa/setup/', {}],
    ];
    for (const [method, url, body] of refused) {
      const answer = await call(app, method as 'GET' | 'POST', url, {
        headers: { 'x-api-key': key },
        ...(body === undefined ? {} : { body }),
      });
      expect(answer.status, url).toBe(403);
      expect(answer.body, url).toEqual({ detail: MESSAGES.apiKeyReadOnly });
    }
    // A session token beside the key does not lift the key's limits.
    const both = await call(app, 'POST', '/api/v1/gift_certificates/purchase/', {
      token: owner.token,
      headers: { 'x-api-key': key },
      body: { amount: '20' },
    });
    expect(both.status).toBe(403);
    const patch = await call(app, 'PATCH', PROFILE, {
      headers: { 'x-api-key': key },
      body: { first_name: 'Mallory' },
    });
    expect(patch.status).toBe(403);

    expect((await balances(app, owner.token)).usdt).toBe('100.000000');
    expect(await list(app, owner)).toHaveLength(1);
    expect((await withKey(app, 'POST', PROFILE, key)).body.first_name).toBe('Pat');
  });

  it("is refused on admin calls even when it is an admin's key", async () => {
    const app = await testApp();
    const adminToken = await loginAdmin(app);
    const created = await call<TCreated>(app, 'POST', KEYS, {
      token: adminToken,
      body: { name: 'admin key' },
    });
    expect(created.status).toBe(201);
    const answer = await withKey(app, 'GET', '/api/v1/users/', created.body.key);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ detail: MESSAGES.apiKeyReadOnly });
  });

  it('answers 401 to a revoked, unknown or malformed key, and to the key of a blocked partner', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    const { key, api_key } = await createKey(app, owner);
    await call(app, 'POST', revokeUrl(api_key.id), { token: owner.token, body: {} });
    const other = (await createKey(app, owner)).key;
    const altered = `${other.slice(0, -1)}${other.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [key, altered, `dpk_${'A'.repeat(43)}`, 'dpk_short', `${other} `, '']) {
      const answer = await withKey(app, 'POST', PROFILE, bad);
      expect(answer.status, bad).toBe(401);
      expect(answer.body).toEqual({ detail: MESSAGES.notAuthenticated });
    }
    expect((await withKey(app, 'POST', PROFILE, other)).status).toBe(200);

    const adminToken = await loginAdmin(app);
    const blocked = await call(app, 'POST', `/api/v1/users/${owner.id}/block/`, {
      token: adminToken,
      body: {},
    });
    expect(blocked.status).toBeLessThan(300);
    expect((await withKey(app, 'POST', PROFILE, other)).status).toBe(401);
  });

  it('answers 429 with Retry-After past the requests per minute of one key; another key has its own count', async () => {
    const app = await testApp({ config: { apiKeyRequestsPerMinute: 3 } });
    const owner = await registerPartner(app);
    const first = (await createKey(app, owner, 'first')).key;
    const second = (await createKey(app, owner, 'second')).key;
    for (let index = 0; index < 3; index += 1) {
      expect((await withKey(app, 'POST', PROFILE, first)).status).toBe(200);
    }
    const over = await withKey(app, 'POST', PROFILE, first);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(app, 'POST', PROFILE, second)).status).toBe(200);
  });
});

/** The reads a key may make (docs/decisions.md "API keys"): a route added to them must be added here too. */
const KEY_READS = [
  'POST /api/v1/accounts/info/',
  'POST /api/v1/payments/finances/',
  'GET /api/v1/payments/finances/csv/',
  'GET /api/v1/payments/finances/statement/',
  'POST /api/v1/mlm/income-by-month/',
  'POST /api/v1/mlm/package/active/',
  'POST /api/v1/mlm/structure_list/',
  'POST /api/v1/mlm/referral_structure_info/',
  'POST /api/v1/mlm/company_stats/',
  'POST /api/v1/mlm/get_purchase_statistics_by_packages/',
  'POST /api/v1/mlm/get_qualification/',
  'POST /api/v1/mlm/get-binary-object/',
  'POST /api/v1/mlm/get-binary-tree/',
  'POST /api/v1/mlm/binary-leg-bottom/',
  'POST /api/v1/mlm/first-line/{kind}/',
  'POST /api/v1/mlm/first-line-for-user/',
  'POST /api/v1/mlm/get-registrations-tables/{kind}/',
  'POST /api/v1/mlm/team-level/',
  'POST /api/v1/mlm/downline-search/',
].sort();

describe('API keys: the route table', () => {
  it('every route of the OpenAPI document refuses a key (403) except the listed reads, which accept it', async () => {
    const app = await testApp({ config: { apiKeyRequestsPerMinute: 1000 } });
    const owner = await registerPartner(app);
    const { key } = await createKey(app, owner);
    const document = (await call(app, 'GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(90);
    const documented = operations
      .filter(({ operation }) => (operation.security ?? []).some((scheme) => 'apiKey' in scheme))
      .map(({ name }) => name)
      .sort();
    expect(documented).toEqual(KEY_READS);

    for (const { name } of operations) {
      const [method, path] = name.split(' ') as [string, string];
      const url = path.replace(/\{(\w+)\}/g, (_, param: string) => (param === 'kind' ? 'binary' : '1'));
      const answer = await call(app, method as 'GET', url, {
        headers: { 'x-api-key': key },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      if (KEY_READS.includes(name)) {
        expect([401, 403], name).not.toContain(answer.status);
        expect(answer.status, name).toBeLessThan(500);
      } else {
        expect(answer.status, name).toBe(403);
        expect(answer.body, name).toEqual({ detail: MESSAGES.apiKeyReadOnly });
      }
    }
  });
});
