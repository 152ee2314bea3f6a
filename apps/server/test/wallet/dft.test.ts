import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dftGrants } from '../../src/schema';
import { grantDft, nextUnlock, partsDue, unlockAllDue, unlockedAmount } from '../../src/modules/dft/service';
import { liveQuote } from '../../src/modules/rates/service';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { balances, ledgerHealth } from '../helpers/money';

const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const grant = (app: TTestApp, userId: number, amount: bigint, reference: string, grantedAt: Date) =>
  app.database.db.transaction((tx) => grantDft(tx, userId, amount, reference, grantedAt));
const profile = async (app: TTestApp, token: string) =>
  (await post(app, '/api/v1/accounts/info/', {}, token)).body;
const SEND = '/api/v1/withdraw/dft_to_send_to_dexnet/';

describe('DFT unlocks (1/12 every 30 days)', () => {
  it('counts twelfths exactly, the twelve adding up to the grant', () => {
    const amount = 100_000_000_01n; // 100.00000001 DFT: not divisible by 12
    const parts = Array.from(
      { length: 12 },
      (_, index) => unlockedAmount(amount, index + 1) - unlockedAmount(amount, index),
    );
    expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(amount);
    expect(partsDue({ grantedAt: daysAgo(29.9) }, new Date())).toBe(0);
    expect(partsDue({ grantedAt: daysAgo(30.1) }, new Date())).toBe(1);
    expect(partsDue({ grantedAt: daysAgo(1000) }, new Date())).toBe(12);
    const granted = new Date('2026-01-01T00:00:00Z');
    expect(nextUnlock([{ grantedAt: granted, unlockedParts: 0 }], new Date('2026-01-02T00:00:00Z'))).toEqual(
      new Date('2026-01-31T00:00:00Z'),
    );
    expect(nextUnlock([{ grantedAt: granted, unlockedParts: 12 }], new Date())).toBeNull();
  });

  it('shows a new grant locked, with the date of its first unlock', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const grantedAt = daysAgo(1);
    await grant(app, partner.id, 1200_00000000n, 'purchase:1', grantedAt);
    const user = await profile(app, partner.token);
    expect(user.balances).toMatchObject({ dft_locked: '1200.00000000', dft_available: '0.00000000' });
    expect(user.dft_next_unlock_at).toBe(new Date(grantedAt.getTime() + 30 * DAY).toISOString());
  });

  it('unlocks what is due when the profile is read, even if no job ran', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const grantedAt = daysAgo(65);
    await grant(app, partner.id, 1200_00000000n, 'purchase:1', grantedAt);
    const user = await profile(app, partner.token);
    expect(user.balances).toMatchObject({ dft_locked: '1000.00000000', dft_available: '200.00000000' });
    expect(user.dft_next_unlock_at).toBe(new Date(grantedAt.getTime() + 90 * DAY).toISOString());
    expect((await profile(app, partner.token)).balances.dft_available).toBe('200.00000000');
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('a profile read writes nothing: what is due shows unlocked, and the job moves it later', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await grant(app, partner.id, 1200_00000000n, 'purchase:1', daysAgo(65));
    const before = await ledgerHealth(app);
    const user = await profile(app, partner.token);
    expect(user.balances).toMatchObject({ dft_locked: '1000.00000000', dft_available: '200.00000000' });
    const [row] = await app.database.db.select().from(dftGrants).where(eq(dftGrants.userId, partner.id));
    expect(row!.unlockedParts).toBe(0);
    expect(await ledgerHealth(app)).toEqual(before);
    await unlockAllDue(app.database.db);
    expect((await balances(app, partner.token)).dft_available).toBe('200.00000000');
    const [moved] = await app.database.db.select().from(dftGrants).where(eq(dftGrants.userId, partner.id));
    expect(moved!.unlockedParts).toBe(2);
  });

  it('the unlock job unlocks for every partner, once', async () => {
    const app = await testApp();
    const a = await registerPartner(app);
    const b = await registerPartner(app);
    await grant(app, a.id, 100_000_000_01n, 'purchase:a', daysAgo(400));
    await grant(app, b.id, 120_00000000n, 'purchase:b', daysAgo(31));
    await unlockAllDue(app.database.db);
    await unlockAllDue(app.database.db);
    expect((await balances(app, a.token)).dft_available).toBe('100.00000001');
    expect((await balances(app, a.token)).dft_locked).toBe('0.00000000');
    expect((await balances(app, b.token)).dft_available).toBe('10.00000000');
  });
});

describe('POST /api/v1/withdraw/dft_to_send_to_dexnet/', () => {
  it('moves the unlocked DFT to the DexNet balance, 1 for 1', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const grantedAt = daysAgo(31);
    await grant(app, partner.id, 1200_00000000n, 'purchase:1', grantedAt);
    const moved = await post(app, SEND, {}, partner.token);
    expect(moved).toMatchObject({
      status: 200,
      body: {
        amount: '100.00000000',
        next_unlock_at: new Date(grantedAt.getTime() + 60 * DAY).toISOString(),
      },
    });
    expect(await balances(app, partner.token)).toMatchObject({
      dexnet: '100.00000000',
      dft_available: '0.00000000',
      dft_locked: '1100.00000000',
    });
    const lines = (
      await post(app, '/api/v1/payments/finances/', { operation_type: 'transfer' }, partner.token)
    ).body.results;
    expect(lines.map((line: any) => [line.currency, line.amount]).sort()).toEqual([
      ['DFT', '-100.00000000'],
      ['DXN', '100.00000000'],
    ]);
    expect(await post(app, SEND, {}, partner.token)).toMatchObject({
      status: 400,
      body: { non_field_errors: ['There is no unlocked DFT to transfer yet.'] },
    });
    expect((await ledgerHealth(app)).ok).toBe(true);
  });

  it('is idempotent', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await grant(app, partner.id, 1200_00000000n, 'purchase:1', daysAgo(31));
    const send = () =>
      call(app, 'POST', SEND, { token: partner.token, body: {}, headers: { 'idempotency-key': 'dft-1' } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect((await balances(app, partner.token)).dexnet).toBe('100.00000000');
  });
});

describe('POST /api/v1/mlm/usdt_dexnet_rate/', () => {
  it('fixes a DexNet price for 30 minutes under a quote id', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const before = Date.now();
    const quote = await post(app, '/api/v1/mlm/usdt_dexnet_rate/', {}, partner.token);
    expect(quote.body).toMatchObject({
      rate: '0.05',
      dexnet_per_usdt: '20.00000000',
      quote_id: expect.any(String),
    });
    const expires = new Date(quote.body.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
    expect(await liveQuote(app.database.db, quote.body.quote_id)).toBeDefined();
    expect(await liveQuote(app.database.db, quote.body.quote_id, new Date(expires + 1))).toBeUndefined();
  });
});
