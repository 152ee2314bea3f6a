import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/schema';
import { deriveKey } from '../../src/lib/crypto';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { countRows } from '../helpers/rows';
import { loadConfig } from '../../src/config';
import { enableMfa, partnerInput, registerPartner, totpCode } from '../helpers/factories';

const LOGIN = '/api/v1/accounts/login/';
const MFA_LOGIN = '/api/v1/accounts/mfa_login/';
const INFO = '/api/v1/accounts/info/';
const FINANCES = '/api/v1/payments/finances/';
const REGISTER = '/api/v1/accounts/register/';
const INVALID_PAIR = { non_field_errors: ['Invalid username/password pair.'] };
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided or have expired.' };
const TOO_MANY = { detail: 'Too many attempts. Try again later.' };

const sessionCount = (app: TTestApp, userId: number) => countRows(app, sessions, eq(sessions.userId, userId));

/** The token works: it reads the profile of `userId`. */
async function expectWorkingToken(app: TTestApp, token: unknown, userId: number) {
  expect(token).toEqual(expect.any(String));
  const info = await post(app, INFO, {}, token as string);
  expect(info.status).toBe(200);
  expect(info.body.id).toBe(userId);
}

/** A six-digit code that matches no step the server accepts now. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

describe('POST /api/v1/accounts/login/', () => {
  it('signs in by email, in any letter case, with a token that works', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await post(app, LOGIN, {
      email: partner.email.toUpperCase(),
      password: partner.password,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), mfa_enabled: false });
    await expectWorkingToken(app, response.body.token, partner.id);
  });

  it('signs in by username, case-insensitively', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { username: 'CaseUser' });
    for (const login of ['CaseUser', 'caseuser', 'CASEUSER']) {
      const response = await post(app, LOGIN, { email: login, password: partner.password });
      expect(response.status, login).toBe(200);
      await expectWorkingToken(app, response.body.token, partner.id);
    }
  });

  it('answers the same 400 for a wrong password and an unknown user, and opens no session', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const before = await sessionCount(app, partner.id);
    expect(await post(app, LOGIN, { email: partner.email, password: 'wrong-password' })).toMatchObject({
      status: 400,
      body: INVALID_PAIR,
    });
    expect(await post(app, LOGIN, { email: 'nobody@example.com', password: partner.password })).toMatchObject(
      { status: 400, body: INVALID_PAIR },
    );
    expect(await post(app, LOGIN, { email: 'nobody', password: partner.password })).toMatchObject({
      status: 400,
      body: INVALID_PAIR,
    });
    expect(await sessionCount(app, partner.id)).toBe(before);
  });

  it('refuses an inactive user, and their earlier token stops working', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    await app.database.db.update(users).set({ isActive: false }).where(eq(users.id, partner.id));
    // With the right password they hear that the account is blocked; a wrong one says no more.
    expect(await post(app, LOGIN, { email: partner.email, password: partner.password })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Your account is blocked. Contact support.'] },
    });
    expect(await post(app, LOGIN, { email: partner.email, password: 'not-the-password-1' })).toMatchObject({
      status: 400,
      body: INVALID_PAIR,
    });
    expect(await post(app, INFO, {}, partner.token)).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
  });
});

/** A sign-in from the client address `address`. */
async function loginFrom(app: TTestApp, address: string, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: LOGIN,
    remoteAddress: address,
    payload: { email, password },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('login rate limits', () => {
  const perAccount = testConfig().rateLimits.perAccount;

  it('after LOGIN_ATTEMPTS_PER_ACCOUNT failures from one address refuses even the right password there, with Retry-After; other accounts still sign in', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    for (let attempt = 1; attempt <= perAccount; attempt++) {
      const response = await post(app, LOGIN, { email: partner.email, password: `wrong-${attempt}` });
      expect(response, `attempt ${attempt}`).toMatchObject({ status: 400, body: INVALID_PAIR });
    }
    const blocked = await post(app, LOGIN, { email: partner.email, password: partner.password });
    expect(blocked).toMatchObject({ status: 429, body: TOO_MANY });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(testConfig().rateLimits.windowSeconds);

    const fine = await post(app, LOGIN, { email: other.email, password: other.password });
    expect(fine.status).toBe(200);
    await expectWorkingToken(app, fine.body.token, other.id);
  });

  it('counts failures by email and by username against the same account', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { username: 'twonames' });
    for (let attempt = 1; attempt <= perAccount; attempt++) {
      const login = attempt % 2 === 0 ? partner.email : 'TwoNames';
      expect(
        (await post(app, LOGIN, { email: login, password: 'wrong-password' })).status,
        `attempt ${attempt}`,
      ).toBe(400);
    }
    expect((await post(app, LOGIN, { email: 'twonames', password: partner.password })).status).toBe(429);
    expect((await post(app, LOGIN, { email: partner.email, password: partner.password })).status).toBe(429);
  });

  it('limits attempts per client address across accounts', async () => {
    const app = await testApp({ config: { rateLimits: { perAccount: 50, perIp: 3, windowSeconds: 900 } } });
    const partners = [await registerPartner(app), await registerPartner(app), await registerPartner(app)];
    for (const partner of partners) {
      expect((await post(app, LOGIN, { email: partner.email, password: 'wrong-password' })).status).toBe(400);
    }
    const fresh = await registerPartner(app);
    const blocked = await post(app, LOGIN, { email: fresh.email, password: fresh.password });
    expect(blocked).toMatchObject({ status: 429, body: TOO_MANY });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const elsewhere = await app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: '203.0.113.7',
      payload: { email: fresh.email, password: fresh.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("strangers' failures from many addresses never lock the owner out of their own address", async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    // The owner has signed in from home before.
    expect((await loginFrom(app, '198.51.100.10', owner.email, owner.password)).status).toBe(200);
    let refused = 0;
    for (let attempt = 1; attempt <= 3 * perAccount; attempt++) {
      const stranger = `203.0.113.${attempt}`;
      const answer = await loginFrom(app, stranger, owner.email, `guess-${attempt}`);
      expect([400, 429], `attempt ${attempt}`).toContain(answer.status);
      if (answer.status === 429) refused += 1;
    }
    // Strangers were slowed down once past the account's limit...
    expect(refused).toBeGreaterThan(0);
    // ...but the owner, from home, signs in at once.
    const home = await loginFrom(app, '198.51.100.10', owner.email, owner.password);
    expect(home.status).toBe(200);
    await expectWorkingToken(app, home.body.token, owner.id);
  });

  it('slows an account down across addresses with a growing Retry-After, never a lock-out', async () => {
    const app = await testApp();
    const owner = await registerPartner(app);
    for (let attempt = 1; attempt <= perAccount; attempt++) {
      expect((await loginFrom(app, `203.0.113.${attempt}`, owner.email, 'guess')).status).toBe(400);
    }
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      // One attempt goes through; the next, from yet another address, waits.
      expect((await loginFrom(app, `192.0.2.${2 * round}`, owner.email, 'guess')).status).toBe(400);
      const slowed = await loginFrom(app, `192.0.2.${2 * round + 1}`, owner.email, owner.password);
      expect(slowed).toMatchObject({ status: 429, body: TOO_MANY });
      waits.push(Number(slowed.headers['retry-after']));
      // Time passes: the slot is free again.
      await app.database.db.execute(
        sql`update rate_limits set window_start = window_start - interval '1 hour' where key like 'login:slow:%'`,
      );
    }
    expect(waits[0]).toBeGreaterThanOrEqual(1);
    expect(waits[3]).toBeGreaterThan(waits[0]!);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(60);
    // Once the slot is free, the owner signs in from a new address: slowed, never locked.
    const fresh = await loginFrom(app, '198.51.100.77', owner.email, owner.password);
    expect(fresh.status).toBe(200);
  });

  it('does not let the per-address limit lock out an account that signed in from that address before', async () => {
    const app = await testApp({ config: { rateLimits: { perAccount: 50, perIp: 3, windowSeconds: 900 } } });
    const admin = await registerPartner(app);
    expect((await post(app, LOGIN, { email: admin.email, password: admin.password })).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const someone = await registerPartner(app);
      expect(
        (await post(app, LOGIN, { email: someone.email, password: 'wrong' })).status,
      ).toBeGreaterThanOrEqual(400);
    }
    expect((await post(app, LOGIN, { email: 'new@example.com', password: 'wrong' })).status).toBe(429);
    const again = await post(app, LOGIN, { email: admin.email, password: admin.password });
    expect(again.status).toBe(200);
  });

  it('keeps the finance password check apart from sign-in failures', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    for (let attempt = 1; attempt <= perAccount + 2; attempt++) {
      await loginFrom(app, `203.0.113.${attempt}`, partner.email, 'guess');
    }
    const set = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-pass-1', password: partner.password },
    });
    expect(set.status).toBe(200);
  });

  it('is shared by two server instances on the same database', async () => {
    const first = await testApp();
    const second = await testApp({ database: first.database });
    const partner = await registerPartner(first);
    for (let attempt = 1; attempt <= perAccount; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      expect(
        (await post(app, LOGIN, { email: partner.email, password: 'wrong-password' })).status,
        `attempt ${attempt}`,
      ).toBe(400);
    }
    expect(await post(first, LOGIN, { email: partner.email, password: partner.password })).toMatchObject({
      status: 429,
      body: TOO_MANY,
    });
    expect(await post(second, LOGIN, { email: partner.email, password: partner.password })).toMatchObject({
      status: 429,
      body: TOO_MANY,
    });
  });
});

describe('registrations per address', () => {
  it('answers 429 with Retry-After and a clear message past REGISTRATIONS_PER_IP_PER_HOUR, per address', async () => {
    const app = await testApp({ config: { registrationsPerIpPerHour: 3 } });
    const register = (address: string, input = partnerInput()) =>
      app.inject({ method: 'POST', url: REGISTER, remoteAddress: address, payload: input });
    const first = await registerPartner(app);
    // A refused sign-up counts too: it is no free way to test which emails have accounts.
    expect((await register('127.0.0.1', partnerInput({ email: first.email }))).statusCode).toBe(400);
    expect((await register('127.0.0.1')).statusCode).toBe(201);
    const refused = await register('127.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'Too many accounts have been registered from this network in the last hour. Please try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await register('198.51.100.20')).statusCode).toBe(201);
    // Signing in is not affected.
    expect((await post(app, LOGIN, { email: first.email, password: first.password })).status).toBe(200);
  });

  it('defaults to 30 an hour', () => {
    expect(loadConfig({ SECRET_KEY: testConfig().secretKey }).registrationsPerIpPerHour).toBe(30);
  });
});

describe('two-factor sign-in', () => {
  it('answers no token from the password alone, and a working token with a valid code', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const before = await sessionCount(app, partner.id);

    const login = await post(app, LOGIN, { email: partner.email, password: partner.password });
    expect(login).toMatchObject({ status: 200, body: { token: null, mfa_enabled: true } });
    expect(await sessionCount(app, partner.id)).toBe(before);

    const mfa = await post(app, MFA_LOGIN, {
      email: partner.email,
      password: partner.password,
      code: totpCode(secret, 1),
    });
    expect(mfa.status).toBe(200);
    expect(mfa.body).toEqual({ token: expect.any(String), mfa_enabled: true });
    await expectWorkingToken(app, mfa.body.token, partner.id);
  });

  it('refuses a wrong code', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const before = await sessionCount(app, partner.id);
    const response = await post(app, MFA_LOGIN, {
      email: partner.email,
      password: partner.password,
      code: wrongCode(secret),
    });
    expect(response).toMatchObject({ status: 400, body: { code: ['Invalid confirmation code.'] } });
    expect(await sessionCount(app, partner.id)).toBe(before);
  });

  it('never accepts a step twice, nor an earlier step after a later one', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const credentials = { email: partner.email, password: partner.password };
    const code = totpCode(secret, 1);
    expect((await post(app, MFA_LOGIN, { ...credentials, code })).status).toBe(200);
    expect(await post(app, MFA_LOGIN, { ...credentials, code })).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
    expect(await post(app, MFA_LOGIN, { ...credentials, code: totpCode(secret, -1) })).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
  });

  it('refuses a wrong password with a right code, without spending the code', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const code = totpCode(secret, 1);
    const refused = await post(app, MFA_LOGIN, { email: partner.email, password: 'wrong-password', code });
    expect(refused).toMatchObject({ status: 400, body: INVALID_PAIR });
    const accepted = await post(app, MFA_LOGIN, { email: partner.email, password: partner.password, code });
    expect(accepted.status).toBe(200);
    await expectWorkingToken(app, accepted.body.token, partner.id);
  });
});

describe('sessions', () => {
  it('logout revokes only its own token', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const second = await post(app, LOGIN, { email: partner.email, password: partner.password });
    const logout = await post(app, '/api/v1/accounts/logout/', {}, partner.token);
    expect(logout.status).toBe(204);
    expect(logout.body).toBeNull();
    expect(await post(app, INFO, {}, partner.token)).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
    await expectWorkingToken(app, second.body.token, partner.id);
  });

  it('answers 401 for a bad or tampered signature, alg none or RS256, a malformed token, no token, an expired or not-yet-valid token', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const { sid, sub } = decodeJwt(partner.token);
    const sign = (key: Buffer, expiresAt: number) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub!)
        .setIssuedAt(expiresAt - 3600)
        .setExpirationTime(expiresAt)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const rightKey = deriveKey(testConfig().secretKey, 'session-token');

    // The same claims signed with the right key pass: the failures below come from what was changed.
    await expectWorkingToken(app, await sign(rightKey, now + 3600), partner.id);

    const badSignature = await sign(
      deriveKey('another-secret-key-0123456789-0123456789', 'session-token'),
      now + 3600,
    );
    const expired = await sign(rightKey, now - 60);
    const notYetValid = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub!)
      .setNotBefore(now + 600)
      .setExpirationTime(now + 3600)
      .sign(rightKey);
    const [header, payload, signature] = partner.token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    // The same claims under another alg: none, or RS256 with an HMAC of the right key (a
    // verifier that let the header pick the algorithm would take them).
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const rs256Input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}`;
    const rs256 = `${rs256Input}.${createHmac('sha256', rightKey).update(rs256Input).digest('base64url')}`;
    const cases: [string, Record<string, string>][] = [
      ['bad signature', { authorization: `Bearer ${badSignature}` }],
      ['forged signature', { authorization: `Bearer ${forged}` }],
      ['tampered signature', { authorization: `Bearer ${tampered}` }],
      ['alg none', { authorization: `Bearer ${algNone}` }],
      ['alg RS256', { authorization: `Bearer ${rs256}` }],
      ['malformed', { authorization: 'Bearer not-a-jwt' }],
      ['three dots', { authorization: 'Bearer a.b.c' }],
      ['not bearer', { authorization: `Basic ${partner.token}` }],
      ['no token', {}],
      ['expired', { authorization: `Bearer ${expired}` }],
      ['not yet valid', { authorization: `Bearer ${notYetValid}` }],
    ];
    // The profile checks the token itself (its own `authenticate`); the finances go through the
    // app's session check. Both answer the same.
    for (const url of [INFO, FINANCES])
      for (const [name, headers] of cases) {
        const response = await call(app, 'POST', url, { body: {}, headers });
        expect(response, `${url} ${name}`).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
      }
    // The token itself still works after all these: no refusal was kept against it.
    await expectWorkingToken(app, partner.token, partner.id);
    expect((await post(app, FINANCES, {}, partner.token)).status).toBe(200);
  });

  it('token-auth takes a form, answers {token, user} and saves the language', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/token-auth/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(partner.token)}&language=ru`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toBe(partner.token);
    expect(body.user).toMatchObject({ id: partner.id, email: partner.email, language: 'ru' });
    const [row] = await app.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, partner.id));
    expect(row!.language).toBe('ru');
    expect((await post(app, INFO, {}, partner.token)).body.language).toBe('ru');
  });

  it('token-auth answers 401 for an invalid or revoked token', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const form = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/accounts/token-auth/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${encodeURIComponent(token)}&language=ru`,
      });
    const invalid = await form('not-a-token');
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual(NOT_AUTHENTICATED);

    expect((await post(app, '/api/v1/accounts/logout/', {}, partner.token)).status).toBe(204);
    const revoked = await form(partner.token);
    expect(revoked.statusCode).toBe(401);
    const [row] = await app.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, partner.id));
    expect(row!.language).toBe('en');
  });
});
