import { describe, expect, it } from 'vitest';
import { post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { auditActions, mfaRow } from '../helpers/rows';
import { enableMfa, registerPartner, totpCode } from '../helpers/factories';

const SETUP = '/api/v1/accounts/mfa/setup/';
const VERIFY = '/api/v1/accounts/mfa/verify/';
const ALREADY = { non_field_errors: ['Two-factor authentication is already enabled.'] };

const mfaEnabled = async (app: TTestApp, token: string) =>
  (await post(app, '/api/v1/accounts/info/', {}, token)).body.mfa_enabled;

function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

describe('two-factor setup and verify', () => {
  it('setup answers a secret and its otpauth URL, and does not turn two-factor on yet', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await post(app, SETUP, {}, partner.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['otpauth_url', 'secret']);
    expect(response.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(response.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Partner Portal:${partner.email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: response.body.secret,
      issuer: 'Partner Portal',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(await mfaEnabled(app, partner.token)).toBe(false);
    expect((await mfaRow(app, partner.id))!.secret).toBeNull();
    // Signing in still needs no code.
    const login = await post(app, '/api/v1/accounts/login/', {
      email: partner.email,
      password: partner.password,
    });
    expect(login.body).toMatchObject({ token: expect.any(String), mfa_enabled: false });
  });

  it('verify with a wrong code answers 400 on code and two-factor stays off', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const setup = await post(app, SETUP, {}, partner.token);
    const response = await post(app, VERIFY, { code: wrongCode(setup.body.secret) }, partner.token);
    expect(response).toMatchObject({ status: 400, body: { code: ['Invalid confirmation code.'] } });
    expect(await mfaEnabled(app, partner.token)).toBe(false);
    expect(await auditActions(app, partner.id)).not.toContain('mfa.enabled');
  });

  it('verify with the right code turns two-factor on and writes the audit row', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const setup = await post(app, SETUP, {}, partner.token);
    const response = await post(app, VERIFY, { code: totpCode(setup.body.secret) }, partner.token);
    expect(response).toMatchObject({ status: 200, body: { mfa_enabled: true } });
    expect(await mfaEnabled(app, partner.token)).toBe(true);
    expect(await auditActions(app, partner.id)).toContain('mfa.enabled');
    const login = await post(app, '/api/v1/accounts/login/', {
      email: partner.email,
      password: partner.password,
    });
    expect(login.body).toEqual({ token: null, mfa_enabled: true });
  });

  it('only the latest setup secret counts', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const first = await post(app, SETUP, {}, partner.token);
    const second = await post(app, SETUP, {}, partner.token);
    expect(second.body.secret).not.toBe(first.body.secret);
    const stale = totpCode(first.body.secret);
    if (![-1, 0, 1].some((offset) => totpCode(second.body.secret, offset) === stale)) {
      expect((await post(app, VERIFY, { code: stale }, partner.token)).status).toBe(400);
    }
    expect((await post(app, VERIFY, { code: totpCode(second.body.secret) }, partner.token)).status).toBe(200);
  });

  it('setup or verify again answers that two-factor is already enabled, and keeps the secret', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const stored = (await mfaRow(app, partner.id))!.secret;
    expect(await post(app, SETUP, {}, partner.token)).toMatchObject({ status: 400, body: ALREADY });
    expect(await post(app, VERIFY, { code: totpCode(secret, 1) }, partner.token)).toMatchObject({
      status: 400,
      body: ALREADY,
    });
    expect((await mfaRow(app, partner.id))!.secret).toBe(stored);
    // The old secret still signs in.
    const login = await post(app, '/api/v1/accounts/mfa_login/', {
      email: partner.email,
      password: partner.password,
      code: totpCode(secret, 1),
    });
    expect(login.status).toBe(200);
  });

  it('verify before setup answers 400 on code', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await post(app, VERIFY, { code: '123456' }, partner.token);
    expect(response).toMatchObject({ status: 400, body: { code: ['Start the two-factor setup first.'] } });
    expect(await mfaEnabled(app, partner.token)).toBe(false);
  });

  it('stores the secret encrypted', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const setup = await post(app, SETUP, {}, partner.token);
    const pending = (await mfaRow(app, partner.id))!.pendingSecret;
    expect(pending).toMatch(/^v1\./);
    expect(pending).not.toContain(setup.body.secret);
    expect((await post(app, VERIFY, { code: totpCode(setup.body.secret) }, partner.token)).status).toBe(200);
    const row = (await mfaRow(app, partner.id))!;
    expect(row.secret).toMatch(/^v1\./);
    expect(row.secret).not.toContain(setup.body.secret);
    expect(row.pendingSecret).toBeNull();
  });

  it('rate-limits code attempts: after many wrong codes even the right one answers 429', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const setup = await post(app, SETUP, {}, partner.token);
    const wrong = wrongCode(setup.body.secret);
    for (let attempt = 1; attempt <= testConfig().rateLimits.perAccount; attempt++) {
      expect((await post(app, VERIFY, { code: wrong }, partner.token)).status, `attempt ${attempt}`).toBe(
        400,
      );
    }
    const blocked = await post(app, VERIFY, { code: totpCode(setup.body.secret) }, partner.token);
    expect(blocked).toMatchObject({ status: 429, body: { detail: 'Too many attempts. Try again later.' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mfaEnabled(app, partner.token)).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const app = await testApp();
    expect((await post(app, SETUP, {})).status).toBe(401);
    expect((await post(app, VERIFY, { code: '123456' })).status).toBe(401);
  });
});
