import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { HDKey } from '@scure/bip32';
import {
  parseMinor,
  type TChainCurrency,
  type TCurrency,
  type TMinor,
  type TNetwork,
} from '@portal/contracts';
import { PLAN_V1 } from '@portal/compensation';
import { z } from 'zod';
import { deriveKey } from './lib/crypto';
import { parseWindow, type TWindowSpec } from './lib/windows';

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const decimal = z.string().regex(/^[0-9]+(\.[0-9]+)?$/);
const positiveDecimal = decimal.refine((text) => /[1-9]/.test(text), { message: 'must be more than zero' });
/** A price from configuration: more than zero, at most 8 decimal places and at most 1,000,000. */
const rate = positiveDecimal
  .refine((text) => parseMinor(text, 'DXN') !== null, { message: 'at most 8 decimal places' })
  .refine((text) => (parseMinor(text, 'DXN') ?? 0n) <= 10n ** 14n, { message: 'at most 1000000' });
const countryList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text) =>
      text
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/)));

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every setting the server reads from the environment; README.md lists them for operators. */
const ZEnv = z.object({
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
  /** The Telegram bot's token from @BotFather; without it the bot writes to the bot outbox (admin area). */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^[0-9]+:[A-Za-z0-9_-]+$/)
    .optional(),
  /** The bot's username, for the t.me link a partner opens to link a chat. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/)
    .default('partner_portal_bot'),
  /** The secret Telegram sends with each update (setWebhook secret_token); derived from SECRET_KEY when unset. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  /** The Bot API's address (tests point it at a local server). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** How often the notice worker delivers queued notices, and how many per run. */
  NOTICE_WORKER_SECONDS: z.coerce.number().min(0.05).max(600).default(2),
  NOTICE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  APP_NAME: z.string().default('Partner Portal'),
  /** The built web app; the server answers every non-API path with it (history mode). */
  WEB_DIST: z.string().optional(),
  /** The legal PDFs the server's build renders (dist/legal beside main.js unless set). */
  LEGAL_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AVATAR_MAX_MB: z.coerce.number().min(0.1).max(20).default(2),
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Sign-ups per client address per hour (429 beyond it); tests and benchmarks raise it. */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Requests one API key may make per minute (429 beyond it). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Behind a reverse proxy, take the client address from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** Background jobs (chain watcher, development chain blocks, unlocks) in this process. */
  JOBS: bool.default(true),
  /** How often the bonus fold looks for new events (the invite shows within 2 seconds, every bonus within 5). */
  FOLD_WORKER_SECONDS: z.coerce.number().min(0.02).max(2).default(0.1),
  /** Events the bonus fold folds per transaction, at most. */
  FOLD_BATCH_SIZE: z.coerce.number().int().min(1).max(20_000).default(500),
  /** How often the replay audit runs by itself, in hours (0: never; it still runs from the admin screen and the command). */
  BONUS_AUDIT_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** How often the team counter worker folds new partners, nodes and tariff purchases (docs/team.md). */
  TEAM_WORKER_SECONDS: z.coerce.number().min(0.05).max(60).default(1),

  /** An EVM JSON-RPC node (BNB Smart Chain); without it the development chain runs (not in production). */
  CHAIN_RPC_URL: z.url().optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(56),
  /** BEP-20 USDT on BNB Smart Chain. */
  USDT_CONTRACT: evmAddress.default('0x55d398326f99059fF775485246999027B3197955'),
  /** The DexNet token contract; the default is the development chain's. */
  DXN_CONTRACT: evmAddress.default('0xD0e7D3C0f3E1a3a1Dc5C2B7F9E3F5a5B0c7d9e1f'),
  USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
  DXN_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  CHAIN_POLL_SECONDS: z.coerce.number().min(0.2).max(600).default(3),
  DEV_CHAIN_BLOCK_SECONDS: z.coerce.number().min(0.2).max(600).default(3),
  /**
   * The development chain (anyone may send its tokens): on by default only on the embedded
   * database; on a shared PostgreSQL only when set to true. Never in production.
   */
  DEV_CHAIN: bool.optional(),
  /** The extended public key (xpub) deposit addresses are derived from; the server holds no private key. */
  DEPOSIT_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/)
    .optional(),
  INVOICE_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),

  WITHDRAWAL_FEE_USDT: decimal.default('1'),
  WITHDRAWAL_MIN_USDT: decimal.default('10'),
  WITHDRAWAL_MAX_USDT: decimal.default('10000'),
  WITHDRAWAL_FEE_DXN: decimal.default('10'),
  WITHDRAWAL_MIN_DXN: decimal.default('100'),
  WITHDRAWAL_MAX_DXN: decimal.default('1000000'),

  /** A card payment provider's HTTP API; without it the sandbox provider answers. */
  CARD_PROVIDER_URL: z.url().optional(),
  CARD_PROVIDER_KEY: z.string().optional(),
  /**
   * The sandbox card provider (approves any well-formed card) when no CARD_PROVIDER_URL is set: on
   * by default only on the embedded database; on a shared PostgreSQL only when set to true.
   */
  CARD_SANDBOX: bool.optional(),
  /** ISO codes of the countries whose cards are accepted: the EU and the EEA by default (spec). */
  CARD_ALLOWED_COUNTRIES: countryList(
    'AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,IS,LI,NO',
  ),
  /** Cards of these countries are refused even when allowed above. */
  CARD_PROHIBITED_COUNTRIES: countryList('BY,CU,IR,KP,RU,SY'),

  /** The largest amount any call takes (invoice, development transfer, adjustment), per currency. */
  AMOUNT_MAX_USDT: positiveDecimal.default('1000000000'),
  AMOUNT_MAX_DXN: positiveDecimal.default('10000000000'),
  AMOUNT_MAX_DFT: positiveDecimal.default('10000000000'),

  /** USDT price of 1 DXN, quoted for 30 minutes. */
  DXN_USDT_RATE: rate.default('0.05'),
  /** EUR per 1 USDT, for card payments charged in euro. */
  USDT_EUR_RATE: rate.default('0.92'),
  /** The chain fee (DXN) of one day, 90% of which is shared among activated validator keys; 0 = off. */
  VALIDATOR_DAILY_FEE_DXN: decimal.default('0'),
  /** The Hot Winter promo window [from, to) (compensation-plan.md section 9): the plan's dates by default. */
  HOT_WINTER_FROM: z.iso.datetime({ offset: true }).default(PLAN_V1.hotWinter.from),
  HOT_WINTER_TO: z.iso.datetime({ offset: true }).default(PLAN_V1.hotWinter.to),
  /**
   * Windows (lib/windows.ts), in UTC, end exclusive: `MM-DDTHH:MM/MM-DDTHH:MM` every year, two ISO
   * instants once, or `off`. Black Friday (spec): 15:00 27 November to 00:00 30 November.
   */
  BLACK_FRIDAY_WINDOW: z.string().default('11-27T15:00/11-30T00:00'),
  /** Percent off tariffs during the Black Friday window; 0 = no discount. */
  BLACK_FRIDAY_DISCOUNT_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  /** Maintenance (spec: 8 to 10 March, the 10th included); money-moving calls answer 503 inside it. */
  MAINTENANCE_WINDOW: z.string().default('03-08T00:00/03-11T00:00'),
  /** Days before the maintenance window from which the portal shows its banner. */
  MAINTENANCE_NOTICE_DAYS: z.coerce.number().int().min(0).max(365).default(7),

  /** Where a signed ProfiXone link leads (POST /api/v1/accounts/make_profixone_link/). */
  PROFIXONE_URL: z.url().default('https://app.profixone.com/sso/dexnet'),
  /** The key ProfiXone checks a link's signature with; without it one is generated into DATA_DIR. */
  PROFIXONE_SECRET: z.string().min(32).optional(),
  /** The key the DexSafe wallet app checks a partner's DexSafe code with; generated into DATA_DIR without it. */
  DEXSAFE_SECRET: z.string().min(32).optional(),
  /**
   * The new year and summer promos (dex_new_year_promo, get_dex_summer_promo_status): the spec names
   * the calls only; our windows (docs/decisions.md "Seasonal promotions"), in the same format.
   */
  NEW_YEAR_PROMO_WINDOW: z.string().default('12-25T00:00/01-15T00:00'),
  SUMMER_PROMO_WINDOW: z.string().default('06-01T00:00/09-01T00:00'),
});

/** The settings as the schema reads them, before they become the configuration. */
type TEnv = z.output<typeof ZEnv>;

/** What the server runs with: the type of what `configFromEnv` builds, so the two cannot drift apart. */
export type TConfig = ReturnType<typeof configFromEnv>;

export class ConfigError extends Error {}

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
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL is required in production: PGlite is for development and demos.');
  }
  if (env.NODE_ENV === 'production' && !env.SECRET_KEY) {
    throw new ConfigError('SECRET_KEY (at least 32 characters) is required in production.');
  }
  // Outside production these are generated into DATA_DIR, one per machine: several servers would
  // each sign links and codes their partners' other apps cannot check.
  const unshared = (['PROFIXONE_SECRET', 'DEXSAFE_SECRET'] as const).filter((name) => !env[name]);
  if (env.NODE_ENV === 'production' && unshared.length > 0) {
    throw new ConfigError(
      `${unshared.join(' and ')} (at least 32 characters) must be set in production: the same on every server.`,
    );
  }
  if (env.NODE_ENV === 'production' && (!env.CHAIN_RPC_URL || !env.DEPOSIT_XPUB)) {
    throw new ConfigError(
      'CHAIN_RPC_URL and DEPOSIT_XPUB are required in production: the development chain is not money.',
    );
  }
  if (env.NODE_ENV === 'production' && (env.DEV_CHAIN || env.CARD_SANDBOX)) {
    throw new ConfigError('DEV_CHAIN and CARD_SANDBOX move money for anyone: never in production.');
  }
  if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError(
      'TELEGRAM_WEBHOOK_SECRET goes with TELEGRAM_BOT_TOKEN: give Telegram the same one in setWebhook (secret_token).',
    );
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together.');
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
    tokenTtlHours: env.TOKEN_TTL_HOURS,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    /** The chat bot (TELEGRAM_*): no token = the outbox bot; the webhook's secret is always set. */
    telegram: {
      token: env.TELEGRAM_BOT_TOKEN ?? null,
      username: env.TELEGRAM_BOT_USERNAME,
      // Derived from SECRET_KEY, which production requires: every server derives the same one.
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET ?? developmentWebhookSecret(secretKey),
      apiUrl: env.TELEGRAM_API_URL,
    },
    /** The notice worker (modules/notifications): its period and batch size. */
    notices: { everyMs: Math.round(env.NOTICE_WORKER_SECONDS * 1000), batchSize: env.NOTICE_BATCH_SIZE },
    appName: env.APP_NAME,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : null,
    /** The rendered legal PDFs with their manifest (modules/legal); null: none. */
    legalDir: env.LEGAL_DIR ? resolve(env.LEGAL_DIR) : null,
    logLevel: env.LOG_LEVEL,
    avatarMaxBytes: Math.round(env.AVATAR_MAX_MB * 1024 * 1024),
    rateLimits: {
      perAccount: env.LOGIN_ATTEMPTS_PER_ACCOUNT,
      perIp: env.LOGIN_ATTEMPTS_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_MINUTES * 60,
    },
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    jobs: env.JOBS,
    /** The bonus fold (modules/compensation): how often it looks for events, and its batch size. */
    fold: {
      everyMs: Math.round(env.FOLD_WORKER_SECONDS * 1000),
      batchSize: env.FOLD_BATCH_SIZE,
      auditEveryHours: env.BONUS_AUDIT_EVERY_HOURS,
    },
    /** The team counter worker (modules/team-stats): its period. */
    team: { everyMs: Math.round(env.TEAM_WORKER_SECONDS * 1000) },
    chain: {
      /** null: the development chain runs in process when `dev`, else deposits are unavailable. */
      rpcUrl: env.CHAIN_RPC_URL ?? null,
      /** The development chain runs (no rpcUrl, and on by default or by DEV_CHAIN). */
      dev: !env.CHAIN_RPC_URL && (env.DEV_CHAIN ?? embedded),
      chainId: env.CHAIN_ID,
      contracts: { USDT: env.USDT_CONTRACT, DXN: env.DXN_CONTRACT } satisfies Record<TChainCurrency, string>,
      decimals: { USDT: env.USDT_DECIMALS, DXN: env.DXN_DECIMALS } satisfies Record<TChainCurrency, number>,
      confirmations: env.CHAIN_CONFIRMATIONS,
      pollMs: Math.round(env.CHAIN_POLL_SECONDS * 1000),
      devBlockMs: Math.round(env.DEV_CHAIN_BLOCK_SECONDS * 1000),
      depositXpub: env.DEPOSIT_XPUB ?? developmentXpub(dataDir),
      invoiceTtlMinutes: env.INVOICE_TTL_MINUTES,
    },
    withdrawals: {
      USDT: withdrawalRule(env, 'USDT', ['BEP-20', 'TRC-20']),
      DXN: withdrawalRule(env, 'DXN', ['BEP-20']),
    } satisfies Record<TChainCurrency, unknown>,
    card: {
      providerUrl: env.CARD_PROVIDER_URL ?? null,
      providerKey: env.CARD_PROVIDER_KEY ?? null,
      /** The sandbox provider answers (no providerUrl, and on by default or by CARD_SANDBOX). */
      sandbox: !env.CARD_PROVIDER_URL && (env.CARD_SANDBOX ?? embedded),
      allowedCountries: env.CARD_ALLOWED_COUNTRIES,
      prohibitedCountries: env.CARD_PROHIBITED_COUNTRIES,
    },
    rates: { dxnUsdt: env.DXN_USDT_RATE, usdtEur: env.USDT_EUR_RATE },
    /** Validator keys: the daily DXN fee amount shared among activated keys (minor units; 0 = off). */
    validatorKeys: {
      dailyFeeDxn: amountBound(env.VALIDATOR_DAILY_FEE_DXN, 'DXN', 'VALIDATOR_DAILY_FEE_DXN'),
    },
    /** The Hot Winter gift's window [from, to), ISO instants (HOT_WINTER_FROM, HOT_WINTER_TO). */
    hotWinter: hotWinterWindow(env.HOT_WINTER_FROM, env.HOT_WINTER_TO),
    /** Black Friday: its window and the percent off tariffs inside it (BLACK_FRIDAY_*). */
    blackFriday: {
      window: windowOf(env.BLACK_FRIDAY_WINDOW, 'BLACK_FRIDAY_WINDOW'),
      discountPercent: env.BLACK_FRIDAY_DISCOUNT_PERCENT,
    },
    /** Maintenance: its window (money-moving calls answer 503) and the banner's days ahead (MAINTENANCE_*). */
    maintenance: {
      window: windowOf(env.MAINTENANCE_WINDOW, 'MAINTENANCE_WINDOW'),
      noticeDays: env.MAINTENANCE_NOTICE_DAYS,
    },
    /** The external services of the profile: ProfiXone's link address and key, DexSafe's key. */
    services: {
      profixoneUrl: env.PROFIXONE_URL,
      profixoneSecret: env.PROFIXONE_SECRET ?? generatedKey(dataDir, 'profixone.key'),
      dexsafeSecret: env.DEXSAFE_SECRET ?? generatedKey(dataDir, 'dexsafe.key'),
    },
    /** The new year and summer promo windows (NEW_YEAR_PROMO_WINDOW, SUMMER_PROMO_WINDOW). */
    seasonPromos: {
      newYear: windowOf(env.NEW_YEAR_PROMO_WINDOW, 'NEW_YEAR_PROMO_WINDOW'),
      summer: windowOf(env.SUMMER_PROMO_WINDOW, 'SUMMER_PROMO_WINDOW'),
    },
    /** The largest amount a request may carry, per currency; beyond it a 400. */
    amountMax: {
      USDT: amountBound(env.AMOUNT_MAX_USDT, 'USDT', 'AMOUNT_MAX_USDT'),
      DXN: amountBound(env.AMOUNT_MAX_DXN, 'DXN', 'AMOUNT_MAX_DXN'),
      DFT: amountBound(env.AMOUNT_MAX_DFT, 'DFT', 'AMOUNT_MAX_DFT'),
    } satisfies Record<TCurrency, TMinor>,
  };
}

/** A chain currency's withdrawal fee and limits (WITHDRAWAL_FEE_*, _MIN_*, _MAX_*) and its networks. */
function withdrawalRule(env: TEnv, currency: TChainCurrency, networks: TNetwork[]) {
  const amount = (name: `WITHDRAWAL_${'FEE' | 'MIN' | 'MAX'}_${TChainCurrency}`) =>
    minorOf(env[name], currency, name);
  return {
    fee: amount(`WITHDRAWAL_FEE_${currency}`),
    min: amount(`WITHDRAWAL_MIN_${currency}`),
    max: amount(`WITHDRAWAL_MAX_${currency}`),
    networks,
  };
}

function hotWinterWindow(from: string, to: string): { from: string; to: string } {
  if (Date.parse(to) <= Date.parse(from))
    throw new ConfigError('HOT_WINTER_TO: must be after HOT_WINTER_FROM');
  return { from, to };
}

function windowOf(text: string, name: string): TWindowSpec {
  const window = parseWindow(text);
  if (typeof window === 'string') throw new ConfigError(`${name}: ${window}`);
  return window;
}

function minorOf(text: string, currency: TCurrency, name: string): TMinor {
  const amount = parseMinor(text, currency);
  if (amount === null) throw new ConfigError(`${name}: more decimal places than ${currency} has`);
  return amount;
}

/**
 * The ledger keeps minor units in 64-bit integers (at most about 9.2 x 10^18): one amount may take
 * at most 10^18 of them, so that the sums of a few still fit.
 */
const AMOUNT_BOUND_CEILING = 10n ** 18n;

function amountBound(text: string, currency: TCurrency, name: string): TMinor {
  const amount = minorOf(text, currency, name);
  if (amount > AMOUNT_BOUND_CEILING) {
    throw new ConfigError(
      `${name}: at most ${AMOUNT_BOUND_CEILING} minor units of ${currency} (the ledger's range)`,
    );
  }
  return amount;
}

/** The webhook's secret when none is set: known to whoever knows SECRET_KEY (tests, docs/decisions.md). */
export function developmentWebhookSecret(secretKey: string): string {
  return deriveKey(secretKey, 'telegram-webhook-secret').toString('base64url');
}

/** A key not configured: generated once beside the data (the development secret, external services' keys). */
function generatedKey(dataDir: string, name: string): string {
  return keptInDataDir(dataDir, name, () => randomBytes(32).toString('hex'));
}

/**
 * Outside production a missing DEPOSIT_XPUB is made from a random seed that is thrown away at
 * once: the development chain's deposit addresses need no private key either.
 */
function developmentXpub(dataDir: string): string {
  return keptInDataDir(
    dataDir,
    'deposit.xpub',
    () => HDKey.fromMasterSeed(randomBytes(32)).derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey,
  );
}

/** The BIP-44 account of Ethereum-style chains; deposit addresses are its children /0/i. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'";

function keptInDataDir(dataDir: string, name: string, make: () => string): string {
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, make(), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (or an earlier start) wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
