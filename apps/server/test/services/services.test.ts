import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, post, testApp } from '../helpers/app';
import { registerPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { auditActions } from '../helpers/rows';
import { buyTariff } from '../helpers/tariffs';

const LINK = '/api/v1/accounts/make_profixone_link/';
const SECRET = 'profixone-test-secret-0123456789abcdef';
const NOW = new Date('2026-05-01T12:00:00Z');

describe('ProfiXone link', () => {
  it('signs the partner id, email and expiry with the server secret, which the link does not hold', async () => {
    const app = await testApp({
      config: {
        services: {
          profixoneUrl: 'https://profixone.test/sso?from=portal',
          profixoneSecret: SECRET,
          dexsafeSecret: 'dexsafe-test-secret-0123456789abcdef',
        },
      },
      clock: () => NOW,
    });
    const partner = await registerPartner(app);
    const answer = await post(app, LINK, {}, partner.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const link = new URL(answer.body.link);
    expect(`${link.origin}${link.pathname}`).toBe('https://profixone.test/sso');
    expect(link.searchParams.get('from')).toBe('portal');
    expect(link.searchParams.get('uid')).toBe(String(partner.id));
    expect(link.searchParams.get('email')).toBe(partner.email);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires).toBe(NOW.getTime() / 1000 + 300);
    expect(answer.body.expires_at).toBe(new Date(expires * 1000).toISOString());
    const expected = createHmac('sha256', SECRET)
      .update(`${partner.id}\n${partner.email}\n${expires}`)
      .digest('hex');
    expect(link.searchParams.get('signature')).toBe(expected);
    expect(answer.body.link).not.toContain(SECRET);
    expect(await auditActions(app, partner.id)).toContain('profixone.link_made');

    const other = await registerPartner(app);
    const otherLink = new URL((await post(app, LINK, {}, other.token)).body.link);
    expect(otherLink.searchParams.get('uid')).toBe(String(other.id));
    expect(otherLink.searchParams.get('signature')).not.toBe(link.searchParams.get('signature'));
  });

  it('is refused without a sign-in', async () => {
    const app = await testApp();
    expect((await post(app, LINK, {})).status).toBe(401);
  });
});

describe('DexSafe code and DexPoint', () => {
  it('gives each partner a stable code of their own, checkable with the DexSafe key', async () => {
    const key = 'dexsafe-test-secret-0123456789abcdef';
    const app = await testApp({
      config: {
        services: { profixoneUrl: 'https://profixone.test/', profixoneSecret: SECRET, dexsafeSecret: key },
      },
    });
    const one = await registerPartner(app);
    const two = await registerPartner(app);
    const code = async (token: string) => {
      const answer = await call(app, 'GET', '/api/v1/accounts/dexsafe_code/', { token });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      return answer.body.code as string;
    };
    const first = await code(one.token);
    expect(first).toMatch(new RegExp(`^DS-${one.id}-([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$`));
    expect(await code(one.token)).toBe(first);
    expect(await code(two.token)).not.toBe(first);
    // Another key makes another code: what DexSafe checks against is the shared key.
    const other = await testApp({
      config: {
        services: { profixoneUrl: 'https://p.test/', profixoneSecret: SECRET, dexsafeSecret: `${key}x` },
      },
      database: app.database,
    });
    const again = await call(other, 'GET', '/api/v1/accounts/dexsafe_code/', { token: one.token });
    expect(again.body.code).not.toBe(first);
    expect((await call(app, 'GET', '/api/v1/accounts/dexsafe_code/')).status).toBe(401);
  });

  it('shows DexPoint inactive without nodes and active with one', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const overview = async () =>
      (await call(app, 'GET', '/api/v1/accounts/services/', { token: partner.token })).body;
    expect(await overview()).toEqual({ dexpoint: { status: 'inactive', devices: 0, virtual_nodes: 0 } });
    await adjust(app, partner.id, 'USDT', '500');
    await buyTariff(app, partner, 'tariff-500');
    expect(await overview()).toEqual({ dexpoint: { status: 'active', devices: 0, virtual_nodes: 1 } });
    expect((await call(app, 'GET', '/api/v1/accounts/services/')).status).toBe(401);
  });
});
