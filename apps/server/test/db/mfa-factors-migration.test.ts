import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Database,
  MIGRATIONS_DIR,
  openDatabase,
  PGLITE_EXTENSIONS,
  queryRows,
} from '../../src/db/client';
import { deriveKey, encrypt } from '../../src/lib/crypto';
import { hashPassword } from '../../src/lib/passwords';
import { base32Decode, generateTotpSecret, hotp, timeStep } from '../../src/lib/totp';
import { post, testApp, testConfig } from '../helpers/app';
import { ownPostgresDatabase } from '../helpers/database';

/** The committed migrations up to `last` (its number), as a folder of their own. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

/** An empty database of this test's own: PGlite, or a PostgreSQL database when TEST_DATABASE_URL is set. */
async function emptyDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = openDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    return { database, dispose: () => database.close() };
  }
  return ownPostgresDatabase('portal_test_mfa_', null, (name) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return openDatabase({ url: url.toString(), poolSize: 2 });
  });
}

const disposals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

describe('migration 0036: two-factor secrets move to mfa_factors', () => {
  it('keeps a partner signing in with the codes of their secret, and a code used before stays used', async () => {
    const { database, dispose } = await emptyDatabase();
    disposals.push(dispose);
    const upTo0035 = migrationsUpTo(35);
    disposals.push(async () => rmSync(upTo0035, { recursive: true, force: true }));
    const { dialect, session } = database.db as unknown as { dialect: PgDialect; session: PgSession };
    await dialect.migrate(readMigrationFiles({ migrationsFolder: upTo0035 }), session, {
      migrationsFolder: upTo0035,
    });

    // At 0035: one partner with two-factor on, whose code of `used` was accepted; one who only
    // started a setup; one who never did.
    const secret = generateTotpSecret();
    const sealed = (plain: string) => encrypt(deriveKey(testConfig().secretKey, 'totp-secret'), plain);
    const used = timeStep(Date.now() / 1000);
    const password = 'password-123';
    const hash = await hashPassword(password);
    await database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, referral_id,
                         mfa_secret, mfa_pending_secret, mfa_enabled, mfa_last_step)
      values ('on@example.com', ${hash}, 'On', 'Partner', 'MFAON001', ${sealed(secret)}, null, true, ${used}),
             ('pending@example.com', ${hash}, 'Pending', 'Partner', 'MFAPEND1', null, ${sealed('PENDING')}, false, 0),
             ('off@example.com', ${hash}, 'Off', 'Partner', 'MFAOFF01', null, null, false, 0)`);

    await database.migrate();
    const factors = await queryRows<{ email: string; enabled: boolean; last_step: string; pending: boolean }>(
      database.db,
      sql`select u.email, f.enabled, f.last_step::text as last_step, f.pending_secret is not null as pending
          from mfa_factors f join users u on u.id = f.user_id order by u.email`,
    );
    expect(factors).toEqual([
      { email: 'on@example.com', enabled: true, last_step: String(used), pending: false },
      { email: 'pending@example.com', enabled: false, last_step: '0', pending: true },
    ]);

    const app = await testApp({ database });
    const credentials = { email: 'on@example.com', password };
    expect((await post(app, '/api/v1/accounts/login/', credentials)).body).toEqual({
      token: null,
      mfa_enabled: true,
    });
    const code = (step: number) => hotp(base32Decode(secret), step);
    const MFA_LOGIN = '/api/v1/accounts/mfa_login/';
    expect((await post(app, MFA_LOGIN, { ...credentials, code: code(used) })).status).toBe(400);
    const signedIn = await post(app, MFA_LOGIN, { ...credentials, code: code(used + 1) });
    expect(signedIn).toMatchObject({ status: 200, body: { token: expect.any(String), mfa_enabled: true } });
    const off = await post(app, '/api/v1/accounts/login/', { email: 'off@example.com', password });
    expect(off.body).toEqual({ token: expect.any(String), mfa_enabled: false });
  }, 120_000);
});
