import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, type TConfigCommon, generatedKey } from './lib/env';
import { accountsConfig } from './modules/accounts/config';
import { apiKeysConfig } from './modules/api-keys/config';
import { cardConfig } from './modules/card/config';
import { compensationConfig } from './modules/compensation/config';
import { windowsConfig } from './modules/configs/config';
import { depositsConfig } from './modules/deposits/config';
import { fraudConfig } from './modules/fraud/config';
import { ledgerConfig } from './modules/ledger/config';
import { legalConfig } from './modules/legal/config';
import { notificationsConfig } from './modules/notifications/config';
import { rateLimitConfig } from './modules/rate-limit/config';
import { ratesConfig } from './modules/rates/config';
import { sessionsConfig } from './modules/sessions/config';
import { teamStatsConfig } from './modules/team-stats/config';
import { validatorKeysConfig } from './modules/validator-keys/config';
import { withdrawalsConfig } from './modules/withdrawals/config';
import { servicesConfig } from './read-models/services/config';

export { ConfigError } from './lib/env';
export { DEPOSIT_ACCOUNT_PATH } from './modules/deposits/config';
export { developmentWebhookSecret } from './modules/notifications/config';

/**
 * The variables no one module owns: the process, the databases, the secret key, the public
 * address, mail, the web app and the jobs switch. Every module declares its own in its config.ts
 * (a slice: lib/env.ts), listed in SLICES below.
 */
const sharedEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the link in a mail points: the address partners open the portal at (default: this PORT on localhost). */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL; without it the embedded PGlite keeps its data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A streaming replica of DATABASE_URL for the reads that tolerate lag; unset: every read on the primary. */
  DATABASE_READ_URL: z.string().optional(),
  /** Connections to the replica per server process; DATABASE_POOL_SIZE when unset. */
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Parameterised statements as named prepared statements (PostgreSQL): off behind a pooler that
   * cannot keep them (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
   */
  DATABASE_NAMED_STATEMENTS: bool.default(true),
  /**
   * A direct connection to the primary for the workers' wake-ups (LISTEN), when DATABASE_URL goes
   * through a pooler in transaction mode, which cannot hold one; unset: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z.string().optional(),
  /** Server processes on this machine sharing PORT (PostgreSQL only): a number, or `auto` for one per core. */
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  DATA_DIR: z.string().default('./data'),
  /** Signs tokens and encrypts secrets at rest; required in production. */
  SECRET_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@localhost>'),
  APP_NAME: z.string().default('Partner Portal'),
  /** The built web app; the server answers every non-API path with it (history mode). */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** Background jobs (chain watcher, development chain blocks, unlocks) in this process. */
  JOBS: bool.default(true),
};

/**
 * Every module's slice. The order is the order of the refusals: production's first (so the
 * switches read "DEV_CHAIN and CARD_SANDBOX"), then the checks in any environment.
 */
const SLICES = [
  servicesConfig,
  depositsConfig,
  cardConfig,
  notificationsConfig,
  sessionsConfig,
  legalConfig,
  rateLimitConfig,
  apiKeysConfig,
  compensationConfig,
  teamStatsConfig,
  withdrawalsConfig,
  ratesConfig,
  validatorKeysConfig,
  windowsConfig,
  ledgerConfig,
  accountsConfig,
  fraudConfig,
] as const;

/**
 * Every setting the server reads from the environment, in one schema so that one message lists
 * every wrong variable; README.md lists them for operators.
 */
const ZEnv = z.object({
  ...sharedEnv,
  ...sessionsConfig.env,
  ...notificationsConfig.env,
  ...legalConfig.env,
  ...rateLimitConfig.env,
  ...apiKeysConfig.env,
  ...compensationConfig.env,
  ...teamStatsConfig.env,
  ...depositsConfig.env,
  ...withdrawalsConfig.env,
  ...cardConfig.env,
  ...ledgerConfig.env,
  ...ratesConfig.env,
  ...validatorKeysConfig.env,
  ...windowsConfig.env,
  ...servicesConfig.env,
  ...accountsConfig.env,
  ...fraudConfig.env,
});

/** Every variable, as declared: the shared ones, then each slice's (README.md lists them all). */
export const CONFIG_VARIABLES = [sharedEnv, ...SLICES.map((slice) => slice.env)].flatMap((shape) =>
  Object.keys(shape),
);
// A variable declared twice, or a slice parsed but not asked for its refusals (or the reverse).
if (
  new Set(CONFIG_VARIABLES).size !== CONFIG_VARIABLES.length ||
  CONFIG_VARIABLES.length !== Object.keys(ZEnv.shape).length
) {
  throw new Error('config.ts: every variable is declared once, and every slice is in both SLICES and ZEnv');
}

/** The settings as the schema reads them, before they become the configuration. */
type TEnv = z.output<typeof ZEnv>;

/** What the server runs with: the type of what `configFromEnv` builds, so the two cannot drift apart. */
export type TConfig = ReturnType<typeof configFromEnv>;

/**
 * Reads the configuration once. The embedded default needs nothing: PGlite under ./data and a
 * secret key generated into ./data on first start. Production refuses to start without
 * DATABASE_URL, SECRET_KEY (PGlite runs one connection without fsync: DESIGN.md), the shared
 * secrets of the partner apps (PROFIXONE_SECRET, DEXSAFE_SECRET) and a real chain.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL is required in production: PGlite is for development and demos.');
  }
  if (production && !env.SECRET_KEY) {
    throw new ConfigError('SECRET_KEY (at least 32 characters) is required in production.');
  }
  if (production) {
    for (const slice of SLICES) {
      const refused = slice.production?.(env);
      if (refused) throw new ConfigError(refused);
    }
    const switches = SLICES.flatMap((slice) => slice.sandbox ?? []);
    if (switches.some((name) => env[name])) {
      throw new ConfigError(`${switches.join(' and ')} move money for anyone: never in production.`);
    }
  }
  for (const slice of SLICES) {
    const refused = slice.check?.(env);
    if (refused) throw new ConfigError(refused);
  }
  return configFromEnv(env);
}

function configFromEnv(env: TEnv) {
  const workers = env.WORKERS === 'auto' ? availableParallelism() : env.WORKERS;
  if (workers > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      'WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process.',
    );
  }
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: it names a replica of that PostgreSQL.');
  }
  // Money for anyone is on by itself only on the embedded database, which no one else shares.
  const embedded = !env.DATABASE_URL && env.NODE_ENV !== 'production';
  const dataDir = resolve(env.DATA_DIR);
  const secretKey = env.SECRET_KEY ?? generatedKey(dataDir, 'secret.key');
  /** PostgreSQL, or PGlite under its folder (null: in memory). */
  const database: { url: string } | { dataDir: string | null } = env.DATABASE_URL
    ? { url: env.DATABASE_URL }
    : { dataDir: join(dataDir, 'pglite') };
  const common: TConfigCommon = { embedded, dataDir, secretKey };
  // The slices in the places of their keys before issue 21, so that the first of several wrong
  // amounts or windows is the one reported then.
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    database,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** The replica serving the reads that tolerate lag (docs/scaling.md "Read replicas"); null: none. */
    databaseRead: env.DATABASE_READ_URL
      ? { url: env.DATABASE_READ_URL, poolSize: env.DATABASE_READ_POOL_SIZE ?? env.DATABASE_POOL_SIZE }
      : null,
    databaseNamedStatements: env.DATABASE_NAMED_STATEMENTS,
    /** Where the workers' wake-ups are heard (db/wakeups.ts); null on PGlite: in-process. */
    databaseListenUrl: env.DATABASE_URL ? (env.DATABASE_LISTEN_URL ?? env.DATABASE_URL) : null,
    /** Server processes sharing the port (main.ts, workers.ts); 1 runs the server in this process. */
    workers,
    secretKey,
    ...sessionsConfig.build(env, common),
    ...accountsConfig.build(env, common),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    ...notificationsConfig.build(env, common),
    appName: env.APP_NAME,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : null,
    ...legalConfig.build(env, common),
    logLevel: env.LOG_LEVEL,
    ...rateLimitConfig.build(env, common),
    ...apiKeysConfig.build(env, common),
    trustProxy: env.TRUST_PROXY,
    jobs: env.JOBS,
    ...teamStatsConfig.build(env, common),
    ...depositsConfig.build(env, common),
    ...withdrawalsConfig.build(env, common),
    ...cardConfig.build(env, common),
    ...ratesConfig.build(env, common),
    ...validatorKeysConfig.build(env, common),
    ...compensationConfig.build(env, common),
    ...windowsConfig.build(env, common),
    ...servicesConfig.build(env, common),
    ...ledgerConfig.build(env, common),
    ...fraudConfig.build(env, common),
  };
}
