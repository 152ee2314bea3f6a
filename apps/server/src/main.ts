import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import type { TCreatedSuperuser } from './modules/accounts/bootstrap';
import { ConfigError, loadConfig, type TConfig } from './config';
import { createPglite, openDatabase } from './db/client';
import { superviseWorkers } from './workers';

/** The web app built beside the server (apps/web/dist), unless WEB_DIST says otherwise. */
function defaultWebDist(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

/**
 * The legal PDFs the server's build renders beside it (dist/legal), unless LEGAL_DIR says
 * otherwise; `npm run dev` (src/main.ts) serves those of the last build.
 */
function defaultLegalDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, 'legal'), join(here, '..', 'dist', 'legal')].find((dir) => existsSync(dir)) ?? null;
}

async function openConfiguredDatabase(config: TConfig) {
  return 'url' in config.database
    ? openDatabase({
        url: config.database.url,
        poolSize: config.databasePoolSize,
        namedStatements: config.databaseNamedStatements,
        ...(config.databaseRead ? { read: config.databaseRead } : {}),
        onIdleError: (error) =>
          console.error('database connection lost (replaced on next use):', error.message),
      })
    : openDatabase({ pglite: await createPglite(config.database.dataDir) });
}

/**
 * `npm run worker` (`main.js --worker`): the background jobs alone, no HTTP, beside web processes
 * started with JOBS=false (docs/scaling.md). PostgreSQL only: PGlite belongs to the one process
 * that opened it, which runs the jobs itself.
 */
function workerMode(config: TConfig): boolean {
  if (!process.argv.includes('--worker')) return false;
  if (!('url' in config.database))
    throw new ConfigError(
      'A worker process needs PostgreSQL (DATABASE_URL): PGlite runs its jobs in the server.',
    );
  if (!config.jobs) throw new ConfigError('A worker process runs the jobs: unset JOBS=false for it.');
  return true;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const worker = workerMode(config);
  if (config.workers > 1 && cluster.isPrimary && !worker) {
    // The workers start on a migrated database: this process migrates once, then only supervises.
    const database = await openConfiguredDatabase(config);
    await database.migrate();
    await database.close();
    superviseWorkers(config.workers);
    return;
  }
  const database = await openConfiguredDatabase(config);
  if (cluster.isPrimary) await database.migrate();
  let superuser: TCreatedSuperuser | null = null;
  const app = await buildApp({
    onSuperuserCreated: (created) => (superuser = created),
    config: {
      ...config,
      webDist: config.webDist ?? defaultWebDist(),
      legalDir: config.legalDir ?? defaultLegalDir(),
    },
    database,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (worker) {
    await app.ready();
    app.log.info({ database: database.driver }, 'worker running the jobs (no HTTP)');
    if (superuser) logStreamOf(app).write(`${superuserNotice(superuser, config.publicUrl)}\n`);
    return;
  }

  // The address actually listened on (PORT=0 picks a free port), beside the one mails link to.
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      address,
      publicUrl: config.publicUrl,
      database: database.driver,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      web: config.webDist ?? defaultWebDist() ?? 'not built',
    },
    `portal listening at ${address}`,
  );
  // Through the log's own stream, which writes asynchronously: after every line logged so far.
  if (superuser) logStreamOf(app).write(`${superuserNotice(superuser, config.publicUrl)}\n`);
}

/** The stream the server's log writes to (pino's own, by its public symbol). */
const logStreamOf = (app: Awaited<ReturnType<typeof buildApp>>) =>
  (app.log as unknown as Record<symbol, { write(text: string): void }>)[pino.symbols.streamSym]!;

/** The first start's superuser, told once, last, where it cannot be missed. */
function superuserNotice(superuser: TCreatedSuperuser, publicUrl: string): string {
  const lines = [
    'A superuser was created for this new database (its password is shown only now):',
    '',
    `  ${publicUrl}/login`,
    `  email:    ${superuser.email}`,
    `  password: ${superuser.password}`,
    '',
    'Lost it? Stop the server and run `npm run admin:password` for a new one',
    '(README.md "The superuser"); ADMIN_EMAIL and ADMIN_PASSWORD choose your own.',
  ];
  const rule = '='.repeat(Math.max(...lines.map((line) => line.length)));
  return ['', rule, ...lines, rule, ''].join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
