import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('refuses production without DATABASE_URL, SECRET_KEY or a real chain', () => {
    const chain = { CHAIN_RPC_URL: 'https://bsc.example.com', DEPOSIT_XPUB: XPUB };
    const secret = { SECRET_KEY: 'k'.repeat(32) };
    const database = { DATABASE_URL: 'postgres://db/p' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, ...chain })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...database, ...chain })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...database, ...secret })).toThrow(/CHAIN_RPC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', ...database, ...secret, ...chain }).env).toBe('production');
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
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@example.com' })).toThrow(/go together/);
  });

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
    });
    expect([real.chain.dev, real.card.sandbox]).toEqual([false, false]);
  });

  it('refuses the development chain and the sandbox card provider in production', () => {
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'k'.repeat(32),
      DATABASE_URL: 'postgres://db/p',
      CHAIN_RPC_URL: 'https://bsc.example.com',
      DEPOSIT_XPUB: XPUB,
    };
    expect(loadConfig(production).card.sandbox).toBe(false);
    expect(() => loadConfig({ ...production, CARD_SANDBOX: 'true' })).toThrow(/never in production/);
    expect(() => loadConfig({ ...production, DEV_CHAIN: 'true' })).toThrow(/never in production/);
  });
});
