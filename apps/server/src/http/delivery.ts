import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
 * helmet builds them; they depend on nothing in the request, so they are built once at start and
 * every answer gets the same set in one hook (per request, @fastify/helmet rebuilt them each time:
 * a measurable share of a cheap call, docs/performance.md).
 */
export async function installSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = securityHeaders(publicUrl.startsWith('https:'));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with the portal's options, recorded from one dry run. */
export function securityHeaders(https: boolean): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    // Avatars and the app's own files are same-origin; nothing is shared with other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as never, response as never, (error?: unknown) => (failure = error));
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('helmet failed');
  return headers;
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
