import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { BODY_LIMIT, MAX_JSON_DEPTH } from '../src/http/body';
import { call, post, testApp } from './helpers/app';
import { registerPartner } from './helpers/factories';

describe('unknown paths', () => {
  it('answer 404 {"detail":"Not found."} as JSON under /api, /accounts and /media', async () => {
    const app = await testApp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/v1/accounts/nope/'],
      ['DELETE', '/api/v1/accounts/info/'],
      ['GET', '/accounts/nope/'],
      ['GET', '/media/nope'],
    ] as const) {
      const response = await call(app, method, url);
      expect(response, `${method} ${url}`).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 {"detail":"Server error"} without the message or a stack trace', async () => {
    const app = await testApp();
    app.get('/api/v1/boom', async () => {
      throw new Error('database password is hunter2 at /srv/app/secret.ts:12');
    });
    app.post('/api/v1/boom-later', async () => {
      await Promise.resolve();
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    for (const [method, url] of [
      ['GET', '/api/v1/boom'],
      ['POST', '/api/v1/boom-later'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toEqual({ detail: 'Server error' });
      expect(response.body).not.toMatch(/hunter2|secret\.ts|stack|Cannot read|at /);
    }
    // The server keeps answering.
    expect((await call(app, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('a JSON body of the wrong content answers 400, an unsupported type 415, not 500', async () => {
    const app = await testApp();
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ non_field_errors: ['Malformed JSON.'] });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'Unsupported media type.' });
  });
});

describe('request bodies are bounded: size and depth, 413 and 400, never 500', () => {
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('the withdrawal of DFT refuses a 500 KB body and JSON nested 4,000 deep, with an Idempotency-Key, and moves nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const send = (payload: string, key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/withdraw/dft_to_send_to_dexnet/',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${partner.token}`,
          'idempotency-key': key,
        },
        payload,
      });
    const large = await send(JSON.stringify({ amount: '1', padding: 'x'.repeat(500 * 1024) }), 'large');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ detail: MESSAGES.payloadTooLarge });
    const nested = await send(deep(4000), 'deep');
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ non_field_errors: [MESSAGES.requestTooDeep] });
    // Arrays count as levels too.
    const arrays = await send(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`, 'arrays');
    expect(arrays.statusCode).toBe(400);
    // The limit itself is taken: a body of MAX_JSON_DEPTH levels reaches the route (its contract answers).
    const atLimit = await send(deep(MAX_JSON_DEPTH), 'at-limit');
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json()).not.toEqual({ non_field_errors: [MESSAGES.requestTooDeep] });
    // Nothing was recorded: the same keys with a good body are free.
    const history = await post(app, '/api/v1/payments/finances/', {}, partner.token);
    expect(history.body.count).toBe(0);
  });

  it('every route of the API answers an oversized or too deep body with 4xx, signed in or not', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const document = (await call(app, 'GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations)) {
        if (!['post', 'patch', 'put'].includes(method)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'kind' ? 'all' : '1'));
        for (const payload of [deep(4000), JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT) })]) {
          const answer = await app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${partner.token}` },
            payload,
          });
          expect(answer.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
          expect(answer.statusCode, `${method} ${url}`).toBeLessThan(500);
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('OpenAPI document', () => {
  it('lists every account call of the spec with its method', async () => {
    const app = await testApp();
    const response = await call(app, 'GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const paths = response.body.paths as Record<string, Record<string, unknown>>;
    const expected: [string, string][] = [
      ['/api/v1/accounts/register/', 'post'],
      ['/api/v1/accounts/check_referral_id/', 'post'],
      ['/api/v1/accounts/login/', 'post'],
      ['/api/v1/accounts/mfa_login/', 'post'],
      ['/api/v1/accounts/token-auth/', 'post'],
      ['/api/v1/accounts/logout/', 'post'],
      ['/api/v1/accounts/info/', 'post'],
      ['/api/v1/accounts/info/', 'patch'],
      ['/api/v1/accounts/me/', 'put'],
      ['/api/v1/accounts/me/', 'post'],
      ['/api/v1/accounts/set_language/', 'post'],
      ['/api/v1/accounts/mfa/setup/', 'post'],
      ['/api/v1/accounts/mfa/verify/', 'post'],
      ['/api/v1/accounts/email_change/email/', 'post'],
      ['/api/v1/accounts/email_change/email/confirm/', 'get'],
      ['/api/v1/accounts/email_change/auth_app/', 'post'],
      ['/accounts/email_password_reset/', 'post'],
      ['/accounts/email_password_reset/confirm/', 'post'],
      ['/api/v1/password-recovery/{email}', 'post'],
      ['/api/v1/reset-password/', 'post'],
      ['/api/v1/users/', 'get'],
    ];
    const missing = expected
      .filter(([path, method]) => !paths[path]?.[method])
      .map(([path, method]) => `${method} ${path}`);
    expect(missing).toEqual([]);
    // Signed-in calls say so (and the reads an API key may make), and request bodies are described.
    expect(paths['/api/v1/accounts/info/']!.post).toMatchObject({
      security: [{ bearer: [] }, { apiKey: [] }],
    });
    expect(paths['/api/v1/accounts/info/']!.patch).toMatchObject({ security: [{ bearer: [] }] });
    expect(JSON.stringify(paths['/api/v1/accounts/login/']!.post)).toContain('"password"');
    expect(paths['/media/avatars/{id}']).toBeUndefined();
  });

  it('serves the documentation UI', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(response.statusCode);
    const page =
      response.statusCode === 200
        ? response
        : await app.inject({ method: 'GET', url: String(response.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/swagger/i);
  });
});

describe('the built web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const INDEX =
    '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers index.html for the router paths (history mode)', async () => {
    const app = await testApp({ config: { webDist: dist } });
    for (const url of [
      '/',
      '/dashboard',
      '/profile/security',
      '/reset-password/abc',
      '/confirm-email?token=x&email=y',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves its files as themselves, and keeps JSON 404s for the API', async () => {
    const app = await testApp({ config: { webDist: dist } });
    const script = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("app");');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);

    for (const url of ['/api/nope', '/api/v1/accounts/nope/', '/accounts/nope', '/media/avatars/nope']) {
      const response = await call(app, 'GET', url);
      expect(response, url).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
    expect((await post(app, '/dashboard', {})).status).toBe(404);
    expect((await call(app, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it('without a built app, page paths answer JSON 404', async () => {
    const app = await testApp({ config: { webDist: null } });
    expect(await call(app, 'GET', '/dashboard')).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });
});
