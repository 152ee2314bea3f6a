import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TBot } from '../../src/adapters/bot';
import type { TMailer } from '../../src/adapters/mail';
import { buildApp } from '../../src/app';
import { loadConfig, type TConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { hasBacklog } from '../../src/modules/compensation/events';
import { drainFold } from '../../src/modules/compensation/service';
import { freshDatabase } from './database';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export function testConfig(overrides: Partial<TConfig> = {}): TConfig {
  const config = loadConfig({
    NODE_ENV: 'test',
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'portal-test-data'),
    PUBLIC_URL: 'http://portal.test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Tests run jobs themselves, when they mean to.
    JOBS: 'false',
    // The suite registers many partners from one address.
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    // The suite runs on any date: no Black Friday price and no maintenance window unless a test
    // sets its clock and asks for the configured windows (`configuredWindows`).
    BLACK_FRIDAY_WINDOW: 'off',
    MAINTENANCE_WINDOW: 'off',
  });
  return { ...config, ...overrides };
}

/** The windows a deployment has by default (Black Friday, maintenance), for the tests about them. */
export function configuredWindows(): Pick<TConfig, 'blackFriday' | 'maintenance'> {
  const { blackFriday, maintenance } = loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(40) });
  return { blackFriday, maintenance };
}

const open: FastifyInstance[] = [];
/** After each test (test/setup.ts): the apps it built are closed. */
export async function closeApps(): Promise<void> {
  for (const app of open.splice(0)) await app.close();
}

export type TTestApp = FastifyInstance & { database: Database };

/**
 * Apps whose calls wait for the bonus fold (tests run jobs themselves): after every call the
 * events it recorded are folded, as a client would wait for the bonuses to show.
 */
const settlers = new WeakMap<FastifyInstance, () => Promise<unknown>>();

/**
 * Folds every committed event. A drain answers at once when another holds the fold (two calls
 * at the same moment): this one then waits for that drain, so that its own call's events are
 * folded too before it answers. An event behind a transaction still running waits for it (at most
 * a few seconds: the calls of a test end).
 */
async function settle(db: Database['db']): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await drainFold(db);
    if (!(await hasBacklog(db)) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The whole server on a fresh database, called through app.inject; closed after the test. */
export async function testApp(
  options: {
    config?: Partial<TConfig>;
    mailer?: TMailer;
    bot?: TBot;
    database?: Database;
    logStream?: { write(line: string): void };
    /** The app's clock (windows and prices); a test moves it by returning another time. */
    clock?: () => Date;
    /** Fold the bonuses after every call (default, unless the jobs run); false to fold by hand. */
    settle?: boolean;
  } = {},
): Promise<TTestApp> {
  const database = options.database ?? (await freshDatabase());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.bot ? { bot: options.bot } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  open.push(app);
  if ((options.settle ?? true) && !options.config?.jobs) settlers.set(app, () => settle(database.db));
  return Object.assign(app, { database });
}

export type TResponse<T = any> = { status: number; body: T; headers: Record<string, unknown> };

/** Calls the API as a client would: JSON in and out, a bearer token when given. */
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<TResponse<T>> {
  // Events recorded by calls made without this helper are folded before this one is answered.
  await settlers.get(app)?.();
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  await settlers.get(app)?.();
  const text = response.body;
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}

export const post = <T = any>(app: FastifyInstance, url: string, body?: unknown, token?: string | null) =>
  call<T>(app, 'POST', url, { body: body ?? {}, token: token ?? null });
