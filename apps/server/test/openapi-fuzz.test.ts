import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, post, testApp, type TTestApp } from './helpers/app';
import { loginAdmin, registerPartner, type TPartner } from './helpers/factories';
import { adjust } from './helpers/money';

/**
 * Every route of the OpenAPI document (GET /api/docs/json of the built app), every field of its
 * body, query and path, each given every value below in turn while the other fields hold good
 * values: no answer may be a 5xx, and no money may move unless the value is one a careful payments
 * team would accept (see ACCEPTED).
 */

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: TSchema[];
  anyOf?: TSchema[];
  format?: string;
  minimum?: number;
  default?: unknown;
};
type TParameter = { in: 'query' | 'path' | 'header'; name: string; schema?: TSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema: TSchema }> };
  security?: unknown[];
  responses: Record<string, unknown>;
};
type TRoute = { method: string; path: string; operation: TOperation };

/** Text a person may legitimately write: stored as it is and escaped where it is shown. */
const TEXT_KINDS = [
  'emoji',
  'SQL',
  'HTML',
  'huge decimal string',
  'negative string',
  'exponent string',
  'hex string',
] as const;

const HOSTILE: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['RTL override', '\u202Etxt.exe'],
  ['emoji', '😀👍🏽'],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['HTML', '<img src=x onerror=alert(1)>'],
  ['lone surrogate', '\uD800x'],
  ['control characters', 'a\u0007\u001Bb'],
  ['empty string', ''],
  ['huge decimal string', '99999999999999999999999'],
  ['negative string', '-1'],
  ['exponent string', '1e5'],
  ['hex string', '0x10'],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['2^31', 2 ** 31],
  ['2^53 + 2', 2 ** 53 + 2],
  ['2^63', 2 ** 63],
  ['1e308', 1e308],
  ['true', true],
  ['null', null],
  ['array', ['a']],
  ['object', { a: 1 }],
];

/** The same, as they can be written in a URL. */
const HOSTILE_IN_URL: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['RTL override', '\u202Etxt.exe'],
  ['emoji', '😀'],
  ['SQL', "1' OR '1'='1"],
  ['HTML', '<script>alert(1)</script>'],
  ['empty', ''],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['2^31', '2147483648'],
  ['huge', '99999999999999999999999'],
  ['1e308', '1e308'],
  ['NaN', 'NaN'],
  ['percent', '%'],
];

/** Idempotency-Keys a client can send (a header holds no NUL and no line break). */
const HOSTILE_HEADERS: [string, string][] = [
  ['10,000 characters', 'k'.repeat(10_000)],
  ['SQL', "' OR 1=1; --"],
  ['HTML', '<script>'],
  ['control characters', 'a\u0007b'],
  ['Latin-1', 'clé'],
  ['spaces', '   '],
];

/** Of the keys above, those api.md allows. */
const VALID_KEYS = ['HTML'] as const;

/** Whole bodies that are not the object a route expects. */
const HOSTILE_BODIES: [string, string][] = [
  ['an array', '[]'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['null', 'null'],
  ['NUL in a key', '{"a\\u0000": 1}'],
  ['a prototype', '{"__proto__": {"is_superuser": true}, "constructor": {"prototype": {"x": 1}}}'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
];

/**
 * Hostile values a money call may take and still move money, because they are not hostile there:
 * a free text of an adjustment's reason may hold emoji, quotes, angle brackets or
 * digits, an adjustment's amount of "-1" is a debit of 1, and "<script>" is a valid Idempotency-Key
 * (1 to 200 visible characters, api.md). Anything else that moves money fails the test.
 */
const ACCEPTED: Record<string, Record<string, readonly string[]>> = {
  // Opens a payment session (no money moves until the provider's webhook).
  'POST /api/v1/cardpayment/test_endpoint_carpayment/': { 'Idempotency-Key': VALID_KEYS },
  'POST /api/v1/admin/ledger/adjustments/': {
    reason: TEXT_KINDS,
    amount: ['negative string'],
    'Idempotency-Key': VALID_KEYS,
  },
  'POST /api/v1/withdraw/request/': { 'Idempotency-Key': VALID_KEYS },
  // The good body buys a 20 USDT gift certificate (an amount is all it needs).
  'POST /api/v1/gift_certificates/purchase/': { 'Idempotency-Key': VALID_KEYS },
};

const FINANCE = 'finance-pass-1';
const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

type TActors = { partner: TPartner; other: TPartner; admin: string };

/** A good value for a field, so that the hostile one beside it is what the call judges. */
function goodValue(name: string, schema: TSchema, actors: TActors): unknown {
  const byName: Record<string, unknown> = {
    email: actors.other.email,
    password: actors.other.password,
    password_confirm: actors.other.password,
    new_password: 'new-password-123',
    finance_password: FINANCE,
    phone: '+351911000001',
    first_name: 'Pat',
    last_name: 'Partner',
    country: 'Portugal',
    country_code: 'PT',
    promocode: actors.partner.referralId,
    language: 'en',
    currency: 'USDT',
    network: 'BEP-20',
    address: ADDRESS,
    to: ADDRESS,
    amount: '20',
    user_id: actors.partner.id,
    reason: 'fuzz',
    code: '123456',
    tx_hash: `0x${'ab'.repeat(32)}`,
    new_email: 'new-address@example.com',
    token: 'some-token',
    invoice_id: 'some-invoice',
    blocks: 1,
    id: 1,
    page: 1,
  };
  if (name in byName) return byName[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'someone@example.com';
  return 'text';
}

/** The object branches of a body schema (a discriminated union has several). */
function branches(schema: TSchema): TSchema[] {
  const options = schema.oneOf ?? schema.anyOf;
  return options ? options.flatMap(branches) : [schema];
}

function routesOf(document: { paths: Record<string, Record<string, TOperation>> }): TRoute[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

const isAdmin = (route: TRoute) => '403' in route.operation.responses;
const isProtected = (route: TRoute) => (route.operation.security ?? []).length > 0;
const key = (route: TRoute) => `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Everything that says money moved: transfers, postings and every kept balance. */
async function ledgerSnapshot(app: TTestApp): Promise<string> {
  const result = (await app.database.db.execute(sql`
    select (select count(*) from ledger_transfers)::text as transfers,
           (select count(*) from ledger_postings)::text as postings,
           (select coalesce(string_agg(id || ':' || balance, ',' order by id), '')
              from ledger_accounts where balance <> 0) as balances`)) as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

describe('the OpenAPI document, fuzzed', () => {
  it('answers every hostile value on every route and field with a 4xx or a success, never a 5xx, and moves no money', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { phone: '+351911000001' });
    const other = await registerPartner(app);
    const admin = await loginAdmin(app);
    const actors: TActors = { partner, other, admin };
    // A partner who could withdraw and pay: a finance password and a balance.
    const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      body: { finance_password: FINANCE, password: partner.password },
      token: partner.token,
    });
    expect(set.status).toBe(200);
    await adjust(app, partner.id, 'USDT', '100');

    const document = (await call(app, 'GET', '/api/docs/json')).body;
    // Signing out ends the partner's session: it goes last.
    const routes = routesOf(document).sort(
      (a, b) => Number(a.path.endsWith('/logout/')) - Number(b.path.endsWith('/logout/')),
    );
    expect(routes.length).toBeGreaterThan(30);

    const failures: string[] = [];
    let ledger = await ledgerSnapshot(app);
    let requests = 0;

    async function send(route: TRoute, label: string, field: string | null, options: InjectOptions) {
      requests += 1;
      const token = isAdmin(route) ? admin : isProtected(route) ? partner.token : null;
      const response = await app.inject({
        ...options,
        method: route.method as InjectOptions['method'],
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
      });
      const where = `${key(route)} ${field ?? 'body'} = ${label}`;
      if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body}`);
      if (route.method === 'GET') return;
      const now = await ledgerSnapshot(app);
      if (now !== ledger) {
        const accepted = field !== null && (ACCEPTED[key(route)]?.[field] ?? []).includes(label);
        if (!accepted || response.statusCode >= 300) {
          failures.push(`${where}: money moved (${response.statusCode} ${response.body.slice(0, 200)})`);
        }
        ledger = now;
      }
    }

    for (const route of routes) {
      const pathParameters = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParameters = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
      const goodPath = (values: Record<string, string> = {}) =>
        route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(values[name] ?? String(goodValue(name, {}, actors))),
        );
      const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;
      const goodBranch = bodySchema ? branches(bodySchema)[0]! : null;
      const goodBody = (branch: TSchema | null) =>
        branch
          ? Object.fromEntries(
              (branch.required ?? []).map((name) => [
                name,
                goodValue(name, branch.properties?.[name] ?? {}, actors),
              ]),
            )
          : undefined;
      const json = (body: unknown) => ({
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body ?? {}),
      });

      for (const branch of bodySchema ? branches(bodySchema) : []) {
        for (const field of Object.keys(branch.properties ?? {})) {
          for (const [label, value] of HOSTILE) {
            await send(route, label, field, {
              url: goodPath(),
              ...json({ ...goodBody(branch), [field]: value }),
            });
          }
        }
      }
      for (const [label, payload] of HOSTILE_BODIES) {
        await send(route, label, null, {
          url: goodPath(),
          headers: { 'content-type': 'application/json' },
          payload,
        });
      }
      if (route.method !== 'GET') {
        for (const [label, value] of HOSTILE_HEADERS) {
          await send(route, label, 'Idempotency-Key', {
            url: goodPath(),
            ...json(goodBody(goodBranch)),
            headers: { 'content-type': 'application/json', 'idempotency-key': value },
          });
        }
      }
      for (const parameter of queryParameters) {
        for (const [label, value] of HOSTILE_IN_URL) {
          await send(route, label, parameter.name, {
            url: `${goodPath()}?${parameter.name}=${encodeURIComponent(value)}`,
            ...(route.method === 'GET' ? {} : json(goodBody(goodBranch))),
          });
        }
        await send(route, 'repeated', parameter.name, {
          url: `${goodPath()}?${parameter.name}=1&${parameter.name}=2`,
          ...(route.method === 'GET' ? {} : json(goodBody(goodBranch))),
        });
      }
      for (const parameter of pathParameters) {
        for (const [label, value] of HOSTILE_IN_URL) {
          if (value === '') continue;
          await send(route, label, parameter.name, {
            url: goodPath({ [parameter.name]: value }),
            ...(route.method === 'GET' ? {} : json(goodBody(goodBranch))),
          });
        }
      }
    }

    // Hostile bearer tokens on a protected call.
    const profile = routes.find(
      (route) => route.path === '/api/v1/accounts/info/' && route.method === 'POST',
    )!;
    for (const [label, token] of [
      ['10,000 characters', 'x'.repeat(10_000)],
      ['SQL', "' OR 1=1 --"],
      ['three dots', 'a.b.c'],
      ['non-ASCII', 'tökén'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: profile.path,
        headers: { authorization: `Bearer ${token}` },
      });
      requests += 1;
      if (response.statusCode !== 401)
        failures.push(`bearer ${label}: ${response.statusCode} ${response.body}`);
    }

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  }, 240_000);

  it('checks who calls before what is sent: 401 without a token and 403 for a partner on an admin call, whatever the body', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const document = (await call(app, 'GET', '/api/docs/json')).body;
    const routes = routesOf(document);
    const failures: string[] = [];
    const protectedRoutes = routes.filter(isProtected);
    expect(protectedRoutes.length).toBeGreaterThan(20);
    for (const route of protectedRoutes) {
      const url = route.path.replace(/\{(\w+)\}/g, 'not-an-id');
      for (const payload of ['{not json', JSON.stringify({ amount: 'a\u0000b', page: -1, user_id: 'x' })]) {
        const options = {
          method: route.method as InjectOptions['method'],
          url: `${url}?page=-1`,
          headers: { 'content-type': 'application/json' },
          payload,
        };
        const anonymous = await app.inject(options);
        if (anonymous.statusCode !== 401)
          failures.push(`${key(route)} without a token: ${anonymous.statusCode}`);
        if (isAdmin(route)) {
          const asPartner = await app.inject({
            ...options,
            headers: { ...options.headers, authorization: `Bearer ${partner.token}` },
          });
          if (asPartner.statusCode !== 403)
            failures.push(`${key(route)} as a partner: ${asPartner.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The matrix holds the admin calls too.
    expect(routes.filter(isAdmin).length).toBeGreaterThan(5);
    expect((await post(app, '/api/v1/accounts/info/', {}, partner.token)).status).toBe(200);
  });
});
