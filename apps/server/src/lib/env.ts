import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMinor, type TCurrency, type TMinor } from '@portal/contracts';
import { z } from 'zod';
import { parseWindow, type TWindowSpec } from './windows';

/**
 * What src/config.ts and each module's config.ts share: the error a bad setting raises, the slice
 * every module declares its variables in, and the readers of the kinds of values they take.
 */

export class ConfigError extends Error {}

/** What src/config.ts decides once, from the shared variables, for every slice. */
export type TConfigCommon = {
  /** The embedded database outside production: the only place where money for anyone is on by default. */
  embedded: boolean;
  /** DATA_DIR, resolved: where a key left unset is generated (never in production, which refuses that). */
  dataDir: string;
  secretKey: string;
};

type TEnvOf<TShape extends z.core.$ZodShape> = z.output<z.ZodObject<TShape>>;

/**
 * A module's part of the configuration (issue 21). src/config.ts merges every slice's variables
 * into one schema, so that one message still lists every wrong variable; then it asks every
 * slice's refusals (production's first), and only then builds, so that nothing is generated into
 * DATA_DIR for a configuration refused.
 */
export type TConfigSlice<TShape extends z.core.$ZodShape, TBuilt extends object> = {
  /** The variables the module reads, with their defaults (README.md lists them). */
  env: TShape;
  /** Why production refuses these settings (a shared secret or a real service unset), or null. */
  production?: (env: TEnvOf<TShape>) => string | null;
  /** The switch of a stand-in that moves money for anyone: production refuses it on. */
  sandbox?: keyof TShape & string;
  /** Why these settings do not go together, in any environment, or null. */
  check?: (env: TEnvOf<TShape>) => string | null;
  /** The module's keys of the configuration. */
  build: (env: TEnvOf<TShape>, common: TConfigCommon) => TBuilt;
};

/** Declares a slice, with its variables' types inferred from its schema. */
export function configSlice<TShape extends z.core.$ZodShape, TBuilt extends object>(
  slice: TConfigSlice<TShape, TBuilt>,
): TConfigSlice<TShape, TBuilt> {
  return slice;
}

export const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
export const decimal = z.string().regex(/^[0-9]+(\.[0-9]+)?$/);
export const positiveDecimal = decimal.refine((text) => /[1-9]/.test(text), {
  message: 'must be more than zero',
});

/** An exchange rate: more than zero, at most 8 decimal places and at most 1,000,000. */
export const exchangeRate = positiveDecimal
  .refine((text) => parseMinor(text, 'DXN') !== null, { message: 'at most 8 decimal places' })
  .refine((text) => (parseMinor(text, 'DXN') ?? 0n) <= 10n ** 14n, { message: 'at most 1000000' });

/** A window setting (lib/windows.ts), or the variable's error. */
export function windowOf(text: string, name: string): TWindowSpec {
  const window = parseWindow(text);
  if (typeof window === 'string') throw new ConfigError(`${name}: ${window}`);
  return window;
}

export function minorOf(text: string, currency: TCurrency, name: string): TMinor {
  const amount = parseMinor(text, currency);
  if (amount === null) throw new ConfigError(`${name}: more decimal places than ${currency} has`);
  return amount;
}

/**
 * The ledger keeps minor units in 64-bit integers (at most about 9.2 x 10^18): one amount may take
 * at most 10^18 of them, so that the sums of a few still fit.
 */
const AMOUNT_BOUND_CEILING = 10n ** 18n;

export function amountBound(text: string, currency: TCurrency, name: string): TMinor {
  const amount = minorOf(text, currency, name);
  if (amount > AMOUNT_BOUND_CEILING) {
    throw new ConfigError(
      `${name}: at most ${AMOUNT_BOUND_CEILING} minor units of ${currency} (the ledger's range)`,
    );
  }
  return amount;
}

/** A key not configured: generated once beside the data (the development secret, external services' keys). */
export function generatedKey(dataDir: string, name: string): string {
  return keptInDataDir(dataDir, name, () => randomBytes(32).toString('hex'));
}

export function keptInDataDir(dataDir: string, name: string, make: () => string): string {
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
