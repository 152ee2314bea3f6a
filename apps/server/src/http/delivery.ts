import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer, pages, API and /api/docs alike. No inline script
 * anywhere (the web app and Swagger UI load theirs from files); inline styles are allowed because
 * Mantine writes its CSS variables into a <style> tag and Swagger UI sets style attributes.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer: the policy above, nosniff, no framing, no referrer (reset
 * links carry a token in the path), and HSTS when the portal is served over https.
 *
 * They depend on nothing in the request, so they are built once at start and every answer gets the
 * same set in one hook (per request, @fastify/helmet rebuilt them each time: a measurable share of
 * a cheap call, docs/performance.md).
 */
export async function installSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = securityHeaders(publicUrl.startsWith('https:'));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The full set, written out: the names and values helmet 8 set with the portal's options
 * (the test pins every one), so a reader sees each header without knowing helmet's defaults.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    // Injected and third-party scripts, framing by other sites, plain-http subresources on https.
    'content-security-policy': policyHeader(contentSecurityPolicy(https)),
    // Another site's window keeping a handle on ours (tabnabbing, cross-window leaks).
    'cross-origin-opener-policy': 'same-origin',
    // Other sites embedding our files and avatars to read them by side channel.
    'cross-origin-resource-policy': 'same-origin',
    // Sharing a process with same-site pages, which side-channel attacks on memory need.
    'origin-agent-cluster': '?1',
    // Reset tokens in the path leaking to other sites through the Referer header.
    'referrer-policy': 'no-referrer',
    // A network attacker downgrading to http; only on https, so a development host is not pinned.
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    // The browser guessing a script or page out of a file served as something else.
    'x-content-type-options': 'nosniff',
    // DNS look-ups of links on a page revealing what the user sees.
    'x-dns-prefetch-control': 'off',
    // Old Internet Explorer opening a download in the site's own context.
    'x-download-options': 'noopen',
    // Clickjacking in browsers that ignore frame-ancestors.
    'x-frame-options': 'DENY',
    // Flash and Acrobat loading data across domains through a crossdomain.xml policy file.
    'x-permitted-cross-domain-policies': 'none',
    // Old browsers' XSS filter, itself a source of leaks: turned off, the policy above protects.
    'x-xss-protection': '0',
  };
}

/** A policy as its header writes it: each directive with its sources, directives joined by ';'. */
function policyHeader(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join(';');
}

/** Hashed file names under assets/ never change content; everything else is checked each time. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app: files as they are, brotli or gzip when the build prepared them and the
 * browser takes them (hashed assets cached for good), never a source map, and index.html for any
 * other GET or HEAD outside the API and assets/, so that the router's history-mode paths load directly.
 */
export function serveWebApp(app: FastifyInstance, webDist: string | null): void {
  const index = webDist ? join(webDist, 'index.html') : null;
  const hasApp = index !== null && existsSync(index);
  if (hasApp) {
    void app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps stay out of dist (the build moves them aside); refuse any that slip in.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // Our headers below, not send's default max-age=0.
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : 'no-cache');
        // The same address answers brotli, gzip or plain: shared caches must key on it.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|media|accounts|assets|legal)(\/|$)/.test(request.url) &&
      !/\.map(\?|$)/.test(request.url);
    if (hasApp && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ detail: MESSAGES.notFound });
  });
}
