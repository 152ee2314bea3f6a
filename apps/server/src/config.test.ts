import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import type { TCurrency, TMinor, TNetwork } from '@portal/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, developmentWebhookSecret, loadConfig, type TConfig } from './config';
import type { TWindowSpec } from './lib/windows';

/** An account-level xpub (m/44'/60'/0') of a throwaway seed. */
const XPUB = HDKey.fromMasterSeed(Buffer.alloc(32, 1)).derive("m/44'/60'/0'").publicExtendedKey;

const dataDir = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

describe('configuration', () => {
  it('needs nothing for the embedded default: PGlite under DATA_DIR and a generated secret key kept there', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ dataDir: join(dir, 'pglite') });
    expect(config.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
    expect(config.admin).toBeNull();
    expect(config.port).toBe(3000);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db/portal' });
    expect(config.database).toEqual({ url: 'postgres://u@db/portal' });
  });

  it('runs WORKERS server processes only on PostgreSQL: a number, or one per core', () => {
    const database = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db/portal' };
    expect(loadConfig(database).workers).toBe(1);
    expect(loadConfig({ ...database, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...database, WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: '2' })).toThrow(
      /WORKERS above 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...database, WORKERS: '0' })).toThrow(/WORKERS/);
  });

  it('refuses production without DATABASE_URL, SECRET_KEY, the shared app secrets or a real chain', () => {
    const chain = { CHAIN_RPC_URL: 'https://bsc.example.com', DEPOSIT_XPUB: XPUB };
    const apps = { PROFIXONE_SECRET: 'p'.repeat(32), DEXSAFE_SECRET: 'd'.repeat(32) };
    const secret = { SECRET_KEY: 'k'.repeat(32), ...apps };
    const database = { DATABASE_URL: 'postgres://db/p' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, ...chain })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...database, ...chain })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...database, ...secret })).toThrow(/CHAIN_RPC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', ...database, ...secret, ...chain }).env).toBe('production');
    // Generated per machine, they would differ between servers: production takes them set.
    const production = { NODE_ENV: 'production', ...database, ...secret, ...chain };
    expect(() => loadConfig({ ...production, PROFIXONE_SECRET: undefined })).toThrow(/^PROFIXONE_SECRET /);
    expect(() => loadConfig({ ...production, DEXSAFE_SECRET: undefined })).toThrow(/^DEXSAFE_SECRET /);
    expect(() =>
      loadConfig({ ...production, PROFIXONE_SECRET: undefined, DEXSAFE_SECRET: undefined }),
    ).toThrow(
      'PROFIXONE_SECRET and DEXSAFE_SECRET (at least 32 characters) must be set in production: the same on every server.',
    );
    const config = loadConfig(production);
    expect([config.services.profixoneSecret, config.services.dexsafeSecret]).toEqual([
      apps.PROFIXONE_SECRET,
      apps.DEXSAFE_SECRET,
    ]);
  });

  it('takes nothing in production that one machine would make for itself', () => {
    const dir = dataDir();
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://db/p',
      SECRET_KEY: 'k'.repeat(32),
      PROFIXONE_SECRET: 'p'.repeat(32),
      DEXSAFE_SECRET: 'd'.repeat(32),
      CHAIN_RPC_URL: 'https://bsc.example.com',
      DEPOSIT_XPUB: XPUB,
    };
    expect(() => loadConfig({ ...production, DEPOSIT_XPUB: undefined })).toThrow(/DEPOSIT_XPUB/);
    // A key, an xpub or a secret generated into DATA_DIR would differ from server to server.
    const config = loadConfig(production);
    expect(readdirSync(dir)).toEqual([]);
    expect([config.secretKey, config.chain.depositXpub]).toEqual([production.SECRET_KEY, XPUB]);
    // The webhook secret, when not set, comes from SECRET_KEY: every server derives the same one.
    const other = loadConfig({ ...production, DATA_DIR: dataDir() });
    expect(other.telegram.webhookSecret).toBe(config.telegram.webhookSecret);
    expect(config.telegram.webhookSecret).toBe(developmentWebhookSecret(production.SECRET_KEY));
  });

  it('says which settings are wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', ADMIN_EMAIL: 'nope' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', SECRET_KEY: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SECRET_KEY/);
    }
    // One message for every wrong variable, whichever module declares it (issue 21: slices).
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', CARD_SANDBOX: 'maybe', FOLD_BATCH_SIZE: '0' }),
    ).toThrow(/^Invalid configuration:\nPORT: .*\nFOLD_BATCH_SIZE: .*\nCARD_SANDBOX: .*$/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@example.com' })).toThrow(/go together/);
  });

  it('checks the rates when it loads, not at the first quote', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DXN_USDT_RATE: '0.00000001', USDT_EUR_RATE: '1000000' });
    expect(config.rates).toEqual({ dxnUsdt: '0.00000001', usdtEur: '1000000' });
    for (const bad of ['0', '0.000000001', '1000000.00000001', '1e3', '-1', '']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DXN_USDT_RATE: bad }), bad).toThrow(/DXN_USDT_RATE/);
      expect(() => loadConfig({ DATA_DIR: dataDir(), USDT_EUR_RATE: bad }), bad).toThrow(/USDT_EUR_RATE/);
    }
  });
});

describe('PUBLIC_URL', () => {
  it('follows PORT by default, so that mail links reach this server', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const set = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '4100',
      PUBLIC_URL: 'https://partners.example.com/',
    });
    expect(set.publicUrl).toBe('https://partners.example.com');
  });
});

describe('amount bounds', () => {
  it('bounds amounts per currency, within what the ledger can hold', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), AMOUNT_MAX_USDT: '5000' });
    expect(config.amountMax.USDT).toBe(5_000_000_000n);
    expect(config.amountMax.DXN).toBe(10n ** 18n);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AMOUNT_MAX_USDT: '0' })).toThrow(/AMOUNT_MAX_USDT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AMOUNT_MAX_DXN: '10000000001' })).toThrow(
      /AMOUNT_MAX_DXN/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), AMOUNT_MAX_DFT: '1.123456789' })).toThrow(
      /AMOUNT_MAX_DFT/,
    );
  });
});

describe('development chain and sandbox card provider', () => {
  it('runs the development chain and the sandbox card provider by default only on the embedded database', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir() });
    expect([embedded.chain.dev, embedded.card.sandbox]).toEqual([true, true]);
    const shared = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@db/portal' });
    expect([shared.chain.dev, shared.card.sandbox]).toEqual([false, false]);
    const switchedOn = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db/portal',
      DEV_CHAIN: 'true',
      CARD_SANDBOX: '1',
    });
    expect([switchedOn.chain.dev, switchedOn.card.sandbox]).toEqual([true, true]);
    const switchedOff = loadConfig({ DATA_DIR: dataDir(), DEV_CHAIN: 'false', CARD_SANDBOX: 'false' });
    expect([switchedOff.chain.dev, switchedOff.card.sandbox]).toEqual([false, false]);
    // A real node or provider replaces them whatever the switch says.
    const real = loadConfig({
      DATA_DIR: dataDir(),
      DEV_CHAIN: 'true',
      CARD_SANDBOX: 'true',
      CHAIN_RPC_URL: 'https://bsc.example.com',
      CARD_PROVIDER_URL: 'https://cards.example.com',
      CARD_WEBHOOK_SECRET: 'w'.repeat(32),
    });
    expect([real.chain.dev, real.card.sandbox]).toEqual([false, false]);
    expect(real.card.webhookSecret).toBe('w'.repeat(32));
    // A provider whose webhooks could not be verified is refused at start.
    expect(() => loadConfig({ DATA_DIR: dataDir(), CARD_PROVIDER_URL: 'https://cards.example.com' })).toThrow(
      'CARD_WEBHOOK_SECRET is required with CARD_PROVIDER_URL: webhooks are verified by it',
    );
  });

  it('refuses the development chain and the sandbox card provider in production', () => {
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'k'.repeat(32),
      PROFIXONE_SECRET: 'p'.repeat(32),
      DEXSAFE_SECRET: 'd'.repeat(32),
      DATABASE_URL: 'postgres://db/p',
      CHAIN_RPC_URL: 'https://bsc.example.com',
      DEPOSIT_XPUB: XPUB,
    };
    expect(loadConfig(production).card.sandbox).toBe(false);
    expect(() => loadConfig({ ...production, CARD_SANDBOX: 'true' })).toThrow(/never in production/);
    expect(() => loadConfig({ ...production, DEV_CHAIN: 'true' })).toThrow(
      'DEV_CHAIN and CARD_SANDBOX move money for anyone: never in production.',
    );
  });
});

describe('the configuration type', () => {
  it('is what loadConfig builds, with the shapes its callers narrow on', () => {
    expectTypeOf(loadConfig).returns.toEqualTypeOf<TConfig>();
    expectTypeOf<TConfig['env']>().toEqualTypeOf<'development' | 'production' | 'test'>();
    expectTypeOf<TConfig['database']>().toEqualTypeOf<{ url: string } | { dataDir: string | null }>();
    expectTypeOf<TConfig['withdrawals']['USDT']>().toEqualTypeOf<{
      fee: TMinor;
      min: TMinor;
      max: TMinor;
      networks: TNetwork[];
    }>();
    expectTypeOf<TConfig['amountMax']>().toEqualTypeOf<{ [C in TCurrency]: TMinor }>();
    expectTypeOf<TConfig['blackFriday']['window']>().toEqualTypeOf<TWindowSpec>();
    expectTypeOf<TConfig['admin']>().toEqualTypeOf<{ email: string; password: string } | null>();
  });

  it('reads the withdrawal fees and limits of each chain currency', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), WITHDRAWAL_FEE_DXN: '2.5', WITHDRAWAL_MAX_USDT: '500' });
    expect(config.withdrawals).toEqual({
      USDT: { fee: 1_000_000n, min: 10_000_000n, max: 500_000_000n, networks: ['BEP-20', 'TRC-20'] },
      DXN: { fee: 250_000_000n, min: 10_000_000_000n, max: 100_000_000_000_000n, networks: ['BEP-20'] },
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), WITHDRAWAL_MIN_USDT: '0.0000001' })).toThrow(
      'WITHDRAWAL_MIN_USDT: more decimal places than USDT has',
    );
  });
});

describe('the variables', () => {
  it('are each declared once, and README.md lists every one of them and no other', () => {
    expect(new Set(CONFIG_VARIABLES).size).toBe(CONFIG_VARIABLES.length);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('## Running on PostgreSQL'),
    );
    // The first column of every table of the section: `NAME` or `NAME`, `OTHER`.
    const listed = section
      .split('\n')
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
