import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/http/delivery';
import { testApp } from './helpers/app';

/** A built web app as the build leaves it: hashed assets with their .br and .gz beside them. */
const dist = mkdtempSync(join(tmpdir(), 'portal-delivery-'));
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-1a2b3c.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-1a2b3c.js'), SCRIPT);
writeFileSync(join(dist, 'assets', 'index-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets', 'index-1a2b3c.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(dist, 'assets', 'index-1a2b3c.js.map'), '{"version":3,"sources":["secret.ts"]}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const SCRIPT_URL = '/assets/index-1a2b3c.js';

/** Every security header, as helmet 8 set them before they were written out by hand. */
const POLICY =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self';frame-ancestors 'none'";
const HTTP_HEADERS = {
  'content-security-policy': POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const HTTPS_HEADERS = {
  ...HTTP_HEADERS,
  'content-security-policy': `${POLICY};upgrade-insecure-requests`,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

describe('security headers', () => {
  it('are the full set, HSTS and upgrade-insecure-requests only over https', () => {
    expect(securityHeaders(false)).toStrictEqual(HTTP_HEADERS);
    expect(securityHeaders(true)).toStrictEqual(HTTPS_HEADERS);
  });

  it('on pages, files, API answers, errors and the API documentation', async () => {
    const app = await testApp({ config: { webDist: dist } });
    for (const url of [
      '/login',
      SCRIPT_URL,
      '/api/health',
      '/api/v1/accounts/info/',
      '/api/nope',
      '/api/docs/',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toMatch(/frame-ancestors 'none'/);
      expect(csp, url).toMatch(/default-src 'self'/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      // Served over plain http here: no HSTS, which would pin a development host to https.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      for (const [name, value] of Object.entries(HTTP_HEADERS)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const app = await testApp({ config: { webDist: dist, publicUrl: 'https://partners.example.com' } });
    for (const url of ['/login', '/api/health']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests/);
      for (const [name, value] of Object.entries(HTTPS_HEADERS)) {
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('Swagger UI loads under the policy: its page has no inline script and its files are same-origin', async () => {
    const app = await testApp();
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source, source).not.toMatch(/^(https?:)?\/\//);
      const file = await app.inject({ method: 'GET', url: new URL(source, 'http://x/api/docs/').pathname });
      expect(file.statusCode, source).toBe(200);
    }
    // The initializer reads the document from this origin, which connect-src 'self' allows.
    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
  });
});

describe('static delivery', () => {
  it('serves brotli or gzip prepared at build, by what the browser accepts', async () => {
    const app = await testApp({ config: { webDist: dist } });
    const br = await app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await app.inject({ method: 'GET', url: SCRIPT_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ method: 'GET', url: SCRIPT_URL, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    // Pages (the SPA fallback) too.
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('caches hashed assets for good and index.html never', async () => {
    const app = await testApp({ config: { webDist: dist } });
    const script = await app.inject({ method: 'GET', url: SCRIPT_URL, headers: { 'accept-encoding': 'br' } });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login', '/dashboard', '/index.html']) {
      const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never serves a source map, nor a page in place of a missing asset', async () => {
    const app = await testApp({ config: { webDist: dist } });
    for (const url of [`${SCRIPT_URL}.map`, '/assets/gone-9z9z9z.js', '/assets/gone-9z9z9z.js.map']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret.ts');
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('answers HEAD on pages and files like GET, without a body', async () => {
    const app = await testApp({ config: { webDist: dist } });
    for (const url of ['/login', '/dashboard', '/reset-password/abc', SCRIPT_URL]) {
      const response = await app.inject({ method: 'HEAD', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(
        url === SCRIPT_URL ? /javascript/ : /^text\/html/,
      );
      expect(response.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
  });
});
