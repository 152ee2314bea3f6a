import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, oneTimeTokens } from '../../src/schema';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { userRow, countRows } from '../helpers/rows';
import { enableMfa, registerPartner, totpCode, type TPartner } from '../helpers/factories';
import { lastMailTo, linkIn } from '../helpers/outbox';

const REQUEST = '/accounts/email_password_reset/';
const CONFIRM = '/accounts/email_password_reset/confirm/';
const LOGIN = '/api/v1/accounts/login/';
const INFO = '/api/v1/accounts/info/';
const LINK_INVALID = { token: ['This link is invalid or has expired.'] };

const mailCount = (app: TTestApp, to?: string) =>
  countRows(app, mailOutbox, to ? eq(mailOutbox.to, to) : undefined);
const canLogin = async (app: TTestApp, email: string, password: string) =>
  (await post(app, LOGIN, { email, password })).status === 200;

/** Asks for a reset link by the first flow and answers the token from the mailed link. */
async function resetToken(app: TTestApp, partner: TPartner): Promise<string> {
  expect(await post(app, REQUEST, { email: partner.email })).toMatchObject({
    status: 200,
    body: { success: true },
  });
  const mail = await lastMailTo(app, partner.email);
  return linkIn(mail!.text).pathname.split('/').pop()!;
}

describe('password recovery: /accounts/email_password_reset/', () => {
  it('answers "There is no such email." for an unknown address and sends nothing', async () => {
    const app = await testApp();
    const response = await post(app, REQUEST, { email: 'nobody@example.com' });
    expect(response).toMatchObject({ status: 400, body: { email: ['There is no such email.'] } });
    expect(await mailCount(app)).toBe(0);
  });

  it('mails a link to PUBLIC_URL/reset-password/<token>', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { first_name: 'Rita' });
    expect(await post(app, REQUEST, { email: partner.email.toUpperCase() })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const mail = await lastMailTo(app, partner.email);
    expect(mail!.subject).toBe('Partner Portal: password recovery');
    expect(mail!.text).toContain('Hello Rita,');
    const link = linkIn(mail!.text);
    expect(link.origin).toBe('http://portal.test');
    expect(link.pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain(link.toString());
    // Only a hash of the token is stored.
    const token = link.pathname.split('/').pop()!;
    const stored = await app.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, partner.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
  });

  it('sets the new password with the token and ends every earlier session', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await post(app, LOGIN, { email: partner.email, password: partner.password });
    const token = await resetToken(app, partner);
    const response = await post(app, CONFIRM, {
      token,
      password: 'brand-new-pass',
      password_confirm: 'brand-new-pass',
    });
    expect(response).toMatchObject({ status: 200, body: { success: true } });

    expect(await post(app, LOGIN, { email: partner.email, password: partner.password })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Invalid username/password pair.'] },
    });
    expect(await canLogin(app, partner.email, 'brand-new-pass')).toBe(true);
    for (const earlier of [partner.token, other.body.token as string]) {
      expect((await post(app, INFO, {}, earlier)).status).toBe(401);
    }
    const actions = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.userId, partner.id));
    expect(actions.map((row) => row.action)).toContain('password.reset');

    // The same link a second time.
    expect(
      await post(app, CONFIRM, { token, password: 'third-password', password_confirm: 'third-password' }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect(await canLogin(app, partner.email, 'brand-new-pass')).toBe(true);
  });

  it('refuses passwords that do not match, and the link still works after', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const token = await resetToken(app, partner);
    expect(
      await post(app, CONFIRM, { token, password: 'brand-new-pass', password_confirm: 'other-new-pass' }),
    ).toMatchObject({
      status: 400,
      body: { password_confirm: ['Passwords does not match.'] },
    });
    expect(await canLogin(app, partner.email, partner.password)).toBe(true);
    expect(
      (await post(app, CONFIRM, { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired link and an unknown one', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const token = await resetToken(app, partner);
    await app.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, partner.id));
    expect(
      await post(app, CONFIRM, { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect(
      await post(app, CONFIRM, {
        token: 'x'.repeat(43),
        password: 'brand-new-pass',
        password_confirm: 'brand-new-pass',
      }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect(await canLogin(app, partner.email, partner.password)).toBe(true);
    expect((await post(app, INFO, {}, partner.token)).status).toBe(200);
  });

  it('a second request retires the first link', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const first = await resetToken(app, partner);
    const second = await resetToken(app, partner);
    expect(second).not.toBe(first);
    expect(
      await post(app, CONFIRM, {
        token: first,
        password: 'brand-new-pass',
        password_confirm: 'brand-new-pass',
      }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect(
      (
        await post(app, CONFIRM, {
          token: second,
          password: 'brand-new-pass',
          password_confirm: 'brand-new-pass',
        })
      ).status,
    ).toBe(200);
  });

  it('limits the mails one user can be sent per hour', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    for (let request = 1; request <= 5; request++) {
      expect((await post(app, REQUEST, { email: partner.email })).status, `request ${request}`).toBe(200);
    }
    const blocked = await post(app, REQUEST, { email: partner.email });
    expect(blocked).toMatchObject({ status: 429, body: { detail: 'Too many attempts. Try again later.' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailCount(app, partner.email)).toBe(5);
  });

  it("mails in the user's language", async () => {
    const app = await testApp();
    const english = await registerPartner(app);
    const russian = await registerPartner(app, { language: 'ru', first_name: 'Иван' });
    await resetToken(app, english);
    await resetToken(app, russian);
    const en = await lastMailTo(app, english.email);
    const ru = await lastMailTo(app, russian.email);
    expect(en!.subject).toBe('Partner Portal: password recovery');
    expect(ru!.subject).toBe('Partner Portal: восстановление пароля');
    expect(ru!.text).toContain('Здравствуйте, Иван!');
    expect(linkIn(ru!.text).pathname).toMatch(/^\/reset-password\//);
  });
});

describe('password recovery: /api/v1/password-recovery/<email> and /api/v1/reset-password/', () => {
  const requestBy = (app: TTestApp, email: string) =>
    post(app, `/api/v1/password-recovery/${encodeURIComponent(email)}`, {});

  it('works the same way', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect(await requestBy(app, 'nobody@example.com')).toMatchObject({
      status: 400,
      body: { email: ['There is no such email.'] },
    });
    expect(await requestBy(app, 'not-an-email')).toMatchObject({
      status: 400,
      body: { email: ['Invalid email.'] },
    });

    expect(await requestBy(app, partner.email)).toMatchObject({ status: 200, body: { success: true } });
    const firstToken = linkIn((await lastMailTo(app, partner.email))!.text)
      .pathname.split('/')
      .pop()!;
    expect(await requestBy(app, partner.email)).toMatchObject({ status: 200, body: { success: true } });
    const link = linkIn((await lastMailTo(app, partner.email))!.text);
    expect(link.origin).toBe('http://portal.test');
    const token = link.pathname.split('/').pop()!;

    expect(
      await post(app, '/api/v1/reset-password/', { token: firstToken, new_password: 'brand-new-pass' }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect(
      await post(app, '/api/v1/reset-password/', { token, new_password: 'brand-new-pass' }),
    ).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await canLogin(app, partner.email, partner.password)).toBe(false);
    expect(await canLogin(app, partner.email, 'brand-new-pass')).toBe(true);
    expect((await post(app, INFO, {}, partner.token)).status).toBe(401);
    expect(
      await post(app, '/api/v1/reset-password/', { token, new_password: 'third-password' }),
    ).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
  });
});

describe('email change by a link to the old address', () => {
  const REQUEST_CHANGE = '/api/v1/accounts/email_change/email/';
  const confirmUrl = (token: string, email: string) =>
    `/api/v1/accounts/email_change/email/confirm/?${new URLSearchParams({ token, email }).toString()}`;

  /** Asks for the change and answers the link mailed to the old address. */
  async function requestChange(app: TTestApp, partner: TPartner, newEmail: string) {
    const response = await post(app, REQUEST_CHANGE, { new_email: newEmail }, partner.token);
    expect(response).toMatchObject({ status: 200, body: { email: newEmail, changed: false } });
    const mail = await lastMailTo(app, partner.email);
    return linkIn(mail!.text);
  }

  it('mails the link to the old address only and changes nothing yet', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const link = await requestChange(app, partner, 'new.address@example.com');
    expect(link.origin + link.pathname).toBe('http://portal.test/confirm-email');
    expect(link.searchParams.get('email')).toBe('new.address@example.com');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await lastMailTo(app, partner.email))!.subject).toBe('Partner Portal: confirm your new email');
    expect(await mailCount(app, 'new.address@example.com')).toBe(0);
    expect((await userRow(app, partner.id)).email).toBe(partner.email);
    expect(await canLogin(app, 'new.address@example.com', partner.password)).toBe(false);
  });

  it('the link changes the email once and tells the old address', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const link = await requestChange(app, partner, 'new.address@example.com');
    const token = link.searchParams.get('token')!;
    const mailsBefore = await mailCount(app, partner.email);

    const confirmed = await call(app, 'GET', confirmUrl(token, 'new.address@example.com'));
    expect(confirmed).toMatchObject({
      status: 200,
      body: { email: 'new.address@example.com', changed: true },
    });
    expect((await userRow(app, partner.id)).email).toBe('new.address@example.com');
    expect(await canLogin(app, 'new.address@example.com', partner.password)).toBe(true);
    expect(await canLogin(app, partner.email, partner.password)).toBe(false);

    expect(await mailCount(app, partner.email)).toBe(mailsBefore + 1);
    const notice = await lastMailTo(app, partner.email);
    expect(notice!.subject).toBe('Partner Portal: your email was changed');
    expect(notice!.text).toContain('new.address@example.com');
    expect(await mailCount(app, 'new.address@example.com')).toBe(0);
    const audit = await app.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.userId, partner.id), eq(auditLog.action, 'email.changed')));
    expect(audit).toEqual([{ details: { from: partner.email, to: 'new.address@example.com', via: 'mail' } }]);

    expect(await call(app, 'GET', confirmUrl(token, 'new.address@example.com'))).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
  });

  it('a wrong email parameter is refused and does not spend the link', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const token = (await requestChange(app, partner, 'new.address@example.com')).searchParams.get('token')!;
    expect(await call(app, 'GET', confirmUrl(token, 'attacker@example.com'))).toMatchObject({
      status: 400,
      body: LINK_INVALID,
    });
    expect((await userRow(app, partner.id)).email).toBe(partner.email);
    expect((await call(app, 'GET', confirmUrl(token, 'new.address@example.com'))).status).toBe(200);
  });

  it('refuses a new email that another account has, or its own', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    const mailsBefore = await mailCount(app);
    expect(
      await post(app, REQUEST_CHANGE, { new_email: other.email.toUpperCase() }, partner.token),
    ).toMatchObject({
      status: 400,
      body: { new_email: ['Email is already exists.'] },
    });
    expect(await post(app, REQUEST_CHANGE, { new_email: partner.email }, partner.token)).toMatchObject({
      status: 400,
      body: { new_email: ['This is already your email.'] },
    });
    expect(await mailCount(app)).toBe(mailsBefore);
  });

  it('refuses the link when the address was taken after it was sent', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const token = (await requestChange(app, partner, 'wanted@example.com')).searchParams.get('token')!;
    await registerPartner(app, { email: 'wanted@example.com' });
    expect(await call(app, 'GET', confirmUrl(token, 'wanted@example.com'))).toMatchObject({
      status: 400,
      body: { new_email: ['Email is already exists.'] },
    });
    expect((await userRow(app, partner.id)).email).toBe(partner.email);
  });

  it('needs a signed-in user', async () => {
    const app = await testApp();
    expect((await post(app, REQUEST_CHANGE, { new_email: 'x@example.com' })).status).toBe(401);
  });
});

describe('email change with the authenticator app', () => {
  const BY_APP = '/api/v1/accounts/email_change/auth_app/';

  it('needs two-factor on', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect(
      await post(app, BY_APP, { new_email: 'new.address@example.com', code: '123456' }, partner.token),
    ).toMatchObject({
      status: 400,
      body: { code: ['Two-factor authentication is not enabled.'] },
    });
    expect((await userRow(app, partner.id)).email).toBe(partner.email);
  });

  it('changes the email at once with a valid code, and tells the old address', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const response = await post(
      app,
      BY_APP,
      { new_email: 'New.Address@Example.com', code: totpCode(secret, 1) },
      partner.token,
    );
    expect(response).toMatchObject({
      status: 200,
      body: { email: 'new.address@example.com', changed: true },
    });
    expect((await userRow(app, partner.id)).email).toBe('new.address@example.com');
    expect((await post(app, INFO, {}, partner.token)).body.email).toBe('new.address@example.com');
    expect((await lastMailTo(app, partner.email))!.subject).toBe('Partner Portal: your email was changed');
  });

  it('refuses a wrong code and a spent one', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
    const wrong = ['000000', '111111', '222222'].find((code) => !near.has(code))!;
    expect(
      await post(app, BY_APP, { new_email: 'new.address@example.com', code: wrong }, partner.token),
    ).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
    const code = totpCode(secret, 1);
    expect((await post(app, BY_APP, { new_email: 'first@example.com', code }, partner.token)).status).toBe(
      200,
    );
    expect(await post(app, BY_APP, { new_email: 'second@example.com', code }, partner.token)).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
    expect((await userRow(app, partner.id)).email).toBe('first@example.com');
  });
});
