import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every setting the server reads from the environment; README.md lists them for operators. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the link in a mail points: the address partners open the portal at. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** PostgreSQL; without it the embedded PGlite keeps its data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('./data'),
  /** Signs tokens and encrypts secrets at rest; required in production. */
  SECRET_KEY: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@localhost>'),
  APP_NAME: z.string().default('Partner Portal'),
  /** The built web app; the server answers every non-API path with it (history mode). */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AVATAR_MAX_MB: z.coerce.number().min(0.1).max(20).default(2),
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  database: { url: string } | { dataDir: string | null };
  databasePoolSize: number;
  secretKey: string;
  tokenTtlHours: number;
  admin: { email: string; password: string } | null;
  smtpUrl: string | null;
  mailFrom: string;
  appName: string;
  webDist: string | null;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  avatarMaxBytes: number;
  rateLimits: { perAccount: number; perIp: number; windowSeconds: number };
  trustProxy: boolean;
};

export class ConfigError extends Error {}

/**
 * Reads the configuration once. The embedded default needs nothing: PGlite under ./data and a
 * secret key generated into ./data on first start. Production refuses to start without
 * DATABASE_URL and SECRET_KEY (PGlite runs one connection without fsync: DESIGN.md).
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL is required in production: PGlite is for development and demos.');
  }
  if (env.NODE_ENV === 'production' && !env.SECRET_KEY) {
    throw new ConfigError('SECRET_KEY (at least 32 characters) is required in production.');
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together.');
  }
  const dataDir = resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(dataDir, 'pglite') },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    secretKey: env.SECRET_KEY ?? developmentSecret(dataDir),
    tokenTtlHours: env.TOKEN_TTL_HOURS,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    appName: env.APP_NAME,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : null,
    logLevel: env.LOG_LEVEL,
    avatarMaxBytes: Math.round(env.AVATAR_MAX_MB * 1024 * 1024),
    rateLimits: {
      perAccount: env.LOGIN_ATTEMPTS_PER_ACCOUNT,
      perIp: env.LOGIN_ATTEMPTS_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_MINUTES * 60,
    },
    trustProxy: env.TRUST_PROXY,
  };
}

/** Outside production a missing SECRET_KEY is generated once and kept beside the data. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (or an earlier start) wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
