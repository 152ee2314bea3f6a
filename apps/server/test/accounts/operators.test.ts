import { OPERATOR_ROLES, type TOperatorRole } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mfaFactors, users } from '../../src/schema';
import { ADMIN, call, post, testApp, type TTestApp } from '../helpers/app';
import { enableMfa, loginAdmin, registerPartner, totpCode, type TPartner } from '../helpers/factories';
import { lastMailTo } from '../helpers/outbox';

const LOGIN = '/api/v1/accounts/login/';
const INFO = '/api/v1/accounts/info/';
const roles = (app: TTestApp, id: number, body: unknown, token: string | null) =>
  call(app, 'PUT', `/api/v1/admin/users/${id}/roles/`, { body, token });
const auditOf = async (app: TTestApp, query: string, token: string) =>
  (await call(app, 'GET', `/api/v1/admin/audit/?${query}`, { token })).body;

/** A partner an admin made an operator with `role`, signed in again (a token is checked against the roles of now). */
async function operator(app: TTestApp, admin: string, role: TOperatorRole): Promise<TPartner> {
  const partner = await registerPartner(app);
  expect(await roles(app, partner.id, { roles: [role], reason: `hired as ${role}` }, admin)).toMatchObject({
    status: 200,
    body: { roles: [role] },
  });
  return partner;
}

type TOperation = { method: string; path: string; role: TOperatorRole | undefined };

/** Every operation of the OpenAPI document, with the operator role it declares (`x-role`). */
async function operations(app: TTestApp): Promise<TOperation[]> {
  const document = (await call(app, 'GET', '/api/docs/json')).body as {
    paths: Record<string, Record<string, { 'x-role'?: TOperatorRole }>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      role: operation['x-role'],
    })),
  );
}

/** The path with its parameters filled in (an id no one has: the role check comes before the id). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '999999');

describe('operator roles on the whole route table', () => {
  it('a partner gets 403 on every operator route, and each role only on its own routes', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    const operators = {
      support: await operator(app, admin, 'support'),
      finance: await operator(app, admin, 'finance'),
      admin: await operator(app, admin, 'admin'),
    };
    const all = await operations(app);
    const guarded = all.filter((operation) => operation.role !== undefined);
    // Every call under /api/v1/admin/ (and the users list and its block calls) names its role.
    for (const operation of all.filter((one) => one.path.startsWith('/api/v1/admin/')))
      expect(operation.role, `${operation.method} ${operation.path}`).toBeDefined();
    expect(guarded.map((operation) => operation.role)).toEqual(expect.arrayContaining([...OPERATOR_ROLES]));
    expect(guarded.length).toBeGreaterThanOrEqual(25);

    const statusOf = async (operation: TOperation, token: string) =>
      (
        await call(app, operation.method as 'GET', concrete(operation.path), {
          token,
          ...(operation.method === 'GET' ? {} : { body: {} }),
        })
      ).status;
    for (const operation of guarded) {
      const name = `${operation.method} ${operation.path}`;
      expect(await statusOf(operation, partner.token), `partner: ${name}`).toBe(403);
      for (const role of OPERATOR_ROLES) {
        const status = await statusOf(operation, operators[role].token);
        const allowed = role === 'admin' || role === operation.role;
        if (allowed) expect(status, `${role}: ${name}`).not.toBe(403);
        else expect(status, `${role}: ${name}`).toBe(403);
      }
      expect(await statusOf(operation, admin), `superuser: ${name}`).not.toBe(403);
    }
  });

  it('the profile answers the roles; a superuser has every role; roles are audited with their reason', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const partner = await registerPartner(app);
    expect((await post(app, INFO, {}, partner.token)).body.roles).toEqual([]);
    expect((await post(app, INFO, {}, admin)).body.roles).toEqual(['support', 'finance', 'admin']);

    // In any order, each once; stored in the plan's order.
    const set = await roles(app, partner.id, { roles: ['finance', 'support'], reason: 'night shift' }, admin);
    expect(set).toMatchObject({ status: 200, body: { roles: ['support', 'finance'] } });
    expect((await post(app, INFO, {}, partner.token)).body.roles).toEqual(['support', 'finance']);
    const listed = await call(app, 'GET', `/api/v1/users/?search=${encodeURIComponent(partner.email)}`, {
      token: admin,
    });
    expect(listed.body.results[0]).toMatchObject({ roles: ['support', 'finance'], kyc_status: 'none' });

    // A support operator may not hand out roles, not even to themself.
    expect((await roles(app, partner.id, { roles: ['admin'], reason: 'me' }, partner.token)).status).toBe(
      403,
    );
    // Bad input changes nothing.
    for (const body of [
      { roles: ['root'], reason: 'x' },
      { roles: ['support'] },
      { roles: ['support'], reason: '' },
      { roles: 'support', reason: 'x' },
    ])
      expect((await roles(app, partner.id, body, admin)).status, JSON.stringify(body)).toBe(400);
    expect((await post(app, INFO, {}, partner.token)).body.roles).toEqual(['support', 'finance']);
    expect((await roles(app, 999_999, { roles: [], reason: 'x' }, admin)).status).toBe(404);

    // Taken back: a partner again, at once (the token is checked against the roles of now).
    expect(await roles(app, partner.id, { roles: [], reason: 'left the team' }, admin)).toMatchObject({
      status: 200,
      body: { roles: [] },
    });
    expect((await call(app, 'GET', '/api/v1/admin/orders/', { token: partner.token })).status).toBe(403);

    const [adminRow] = await app.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    const page = await auditOf(app, `actor_id=${adminRow!.id}&action=user.roles`, admin);
    expect(page.count).toBe(2);
    expect(page.results).toMatchObject([
      {
        actor_id: adminRow!.id,
        action: 'user.roles',
        target: `user:${partner.id}`,
        reason: 'left the team',
        before: { roles: ['support', 'finance'] },
        after: { roles: [] },
      },
      { reason: 'night shift', before: { roles: [] }, after: { roles: ['support', 'finance'] } },
    ]);
  });
});

describe('support resets two-factor (POST /api/v1/admin/users/{id}/mfa/reset/)', () => {
  it('a partner who lost their phone signs in with the password alone, is mailed, and may set it up again', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const support = await operator(app, admin, 'support');
    const partner = await registerPartner(app);
    await enableMfa(app, partner.token);
    const reset = `/api/v1/admin/users/${partner.id}/mfa/reset/`;

    // No reason, another partner, finance: refused, two-factor stays on.
    expect((await post(app, reset, {}, support.token)).status).toBe(400);
    expect((await post(app, reset, { reason: ' ' }, support.token)).status).toBe(400);
    expect((await post(app, reset, { reason: 'lost phone' }, partner.token)).status).toBe(403);
    const finance = await operator(app, admin, 'finance');
    expect((await post(app, reset, { reason: 'lost phone' }, finance.token)).status).toBe(403);
    expect((await post(app, INFO, {}, partner.token)).body).toMatchObject({
      mfa_enabled: true,
      mfa_setup_required: false,
    });
    expect((await post(app, LOGIN, { email: partner.email, password: partner.password })).body).toMatchObject(
      {
        mfa_enabled: true,
      },
    );

    expect(
      await post(app, reset, { reason: 'Ticket 4711: lost phone, ID checked' }, support.token),
    ).toMatchObject({
      status: 200,
      body: { mfa_enabled: false },
    });
    const login = await post(app, LOGIN, { email: partner.email, password: partner.password });
    expect(login.body).toMatchObject({ token: expect.any(String), mfa_enabled: false });
    // The portal asks the partner to set it up again, until they have.
    expect((await post(app, INFO, {}, login.body.token as string)).body).toMatchObject({
      mfa_enabled: false,
      mfa_setup_required: true,
    });
    const mail = await lastMailTo(app, partner.email);
    expect(mail?.subject).toContain('two-factor authentication was reset');
    expect(mail?.text).toContain('Set it up again');

    // Set up again with a new phone: a new secret, and codes of it work.
    const secret = await enableMfa(app, login.body.token as string);
    const again = await post(app, '/api/v1/accounts/mfa_login/', {
      email: partner.email,
      password: partner.password,
      code: totpCode(secret, 1),
    });
    expect(again.status).toBe(200);
    expect((await post(app, INFO, {}, login.body.token as string)).body).toMatchObject({
      mfa_enabled: true,
      mfa_setup_required: false,
    });

    const page = await auditOf(app, 'action=mfa.reset', admin);
    expect(page.results).toMatchObject([
      {
        actor_id: support.id,
        target: `user:${partner.id}`,
        reason: 'Ticket 4711: lost phone, ID checked',
        before: { mfa_enabled: true },
        after: { mfa_enabled: false },
      },
    ]);
    // Nothing to reset: the same answer, no second entry and no mail.
    const other = await registerPartner(app);
    expect(
      await post(app, `/api/v1/admin/users/${other.id}/mfa/reset/`, { reason: 'asked' }, support.token),
    ).toMatchObject({ status: 200, body: { mfa_enabled: false } });
    expect((await auditOf(app, 'action=mfa.reset', admin)).count).toBe(1);
    expect(await lastMailTo(app, other.email)).toBeUndefined();
    expect((await post(app, INFO, {}, other.token)).body.mfa_setup_required).toBe(false);
    expect(
      (await post(app, '/api/v1/admin/users/999999/mfa/reset/', { reason: 'asked' }, support.token)).status,
    ).toBe(404);
  });
});

describe('support decides KYC (POST /api/v1/admin/users/{id}/kyc/)', () => {
  it('verifies or rejects with a reason, shown in the profile and kept in the audit log', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const support = await operator(app, admin, 'support');
    const partner = await registerPartner(app);
    const kyc = `/api/v1/admin/users/${partner.id}/kyc/`;

    for (const body of [
      { status: 'verified' },
      { status: 'pending', reason: 'x' },
      { status: 'verified', reason: '' },
      { status: 'verified', reason: 'ok', extra: 1 },
    ])
      expect((await post(app, kyc, body, support.token)).status, JSON.stringify(body)).toBe(400);
    expect((await post(app, kyc, { status: 'verified', reason: 'ok' }, partner.token)).status).toBe(403);
    expect((await post(app, INFO, {}, partner.token)).body.kyc_status).toBe('none');

    expect(
      await post(app, kyc, { status: 'rejected', reason: 'The selfie is blurred' }, support.token),
    ).toMatchObject({ status: 200, body: { kyc_status: 'rejected' } });
    expect((await post(app, INFO, {}, partner.token)).body).toMatchObject({
      kyc_status: 'rejected',
      kyc_reason: 'The selfie is blurred',
    });
    expect(
      await post(app, kyc, { status: 'verified', reason: 'Passport matches' }, support.token),
    ).toMatchObject({
      status: 200,
      body: { kyc_status: 'verified' },
    });
    expect((await post(app, INFO, {}, partner.token)).body).toMatchObject({
      kyc_status: 'verified',
      kyc_reason: null,
    });
    // The same decision again changes nothing and logs nothing.
    await post(app, kyc, { status: 'verified', reason: 'again' }, support.token);

    const page = await auditOf(app, `actor_id=${support.id}`, admin);
    expect(page.results.filter((entry: { action: string }) => entry.action.startsWith('kyc.'))).toMatchObject(
      [
        { action: 'kyc.verified', reason: 'Passport matches', before: { kyc_status: 'rejected' } },
        { action: 'kyc.rejected', reason: 'The selfie is blurred', before: { kyc_status: 'none' } },
      ],
    );
    expect(
      (await post(app, '/api/v1/admin/users/999999/kyc/', { status: 'verified', reason: 'x' }, support.token))
        .status,
    ).toBe(404);
  });
});

describe('GET /api/v1/admin/audit/', () => {
  it('is for admins: block and unblock keep who, why, before and after', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const support = await operator(app, admin, 'support');
    const partner = await registerPartner(app);
    expect(
      (await post(app, `/api/v1/users/${partner.id}/block/`, { reason: 'Chargeback fraud' }, support.token))
        .status,
    ).toBe(200);
    // No body at all, as older clients send it.
    const unblock = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${partner.id}/unblock/`,
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(unblock.statusCode).toBe(200);

    expect((await call(app, 'GET', '/api/v1/admin/audit/', { token: support.token })).status).toBe(403);
    const other = await registerPartner(app);
    expect((await call(app, 'GET', '/api/v1/admin/audit/', { token: other.token })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/admin/audit/?actor_id=abc', { token: admin })).status).toBe(400);
    const page = await auditOf(app, `actor_id=${support.id}`, admin);
    expect(page.results.slice(0, 2)).toMatchObject([
      { action: 'user.unblocked', reason: null, before: { is_active: false }, after: { is_active: true } },
      {
        action: 'user.blocked',
        target: `user:${partner.id}`,
        reason: 'Chargeback fraud',
        before: { is_active: true },
        after: { is_active: false },
      },
    ]);
  });
});

describe('two-factor recovery codes', () => {
  it('setup shows ten codes once; each signs in once in place of the app code, and a reset voids them', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const setup = await post(app, '/api/v1/accounts/mfa/setup/', {}, partner.token);
    const verify = await post(
      app,
      '/api/v1/accounts/mfa/verify/',
      { code: totpCode(setup.body.secret) },
      partner.token,
    );
    expect(verify.status).toBe(200);
    const codes = verify.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Only hashes are kept.
    const [row] = await app.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, partner.id));
    expect(row!.recoveryHashes).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(row)).not.toContain(code.replace('-', ''));

    const signIn = (code: string) =>
      post(app, '/api/v1/accounts/mfa_login/', { email: partner.email, password: partner.password, code });
    // Typed in capitals and without the dash, it is the same code.
    const first = await signIn(codes[0]!.replace('-', '').toUpperCase());
    expect(first).toMatchObject({ status: 200, body: { token: expect.any(String), mfa_enabled: true } });
    expect(await signIn(codes[0]!)).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
    expect(await signIn('abcd-efgh')).toMatchObject({
      status: 400,
      body: { code: ['Invalid confirmation code.'] },
    });
    expect(await signIn('abc')).toMatchObject({
      status: 400,
      body: { code: ['Enter the 6-digit code or a recovery code.'] },
    });
    // Two sign-ins with the same code at the same moment: one gets in.
    const both = await Promise.all([signIn(codes[1]!), signIn(codes[1]!)]);
    expect(both.map((one) => one.status).sort()).toEqual([200, 400]);
    // The others still work.
    expect((await signIn(codes[9]!)).status).toBe(200);

    const admin = await loginAdmin(app);
    const support = await operator(app, admin, 'support');
    await post(app, `/api/v1/admin/users/${partner.id}/mfa/reset/`, { reason: 'lost phone' }, support.token);
    // Two-factor off: the password alone signs in, and the old codes are gone with the secret.
    expect((await post(app, LOGIN, { email: partner.email, password: partner.password })).body).toMatchObject(
      {
        mfa_enabled: false,
      },
    );
    const [after] = await app.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, partner.id));
    // The row stays only to ask for a new setup: no secret, no codes.
    expect(after).toMatchObject({
      secret: null,
      pendingSecret: null,
      enabled: false,
      recoveryHashes: [],
      setupRequested: true,
    });
  });
});

/** A multipart body of files: [field, type, bytes]. */
function filesBody(files: [string, string, Buffer][]) {
  const boundary = '----portal-kyc-boundary-1b2c';
  const payload = Buffer.concat([
    ...files.flatMap(([field, type, data]) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.bin"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

describe('a partner sends KYC (POST /api/v1/accounts/kyc/) and support reviews it', () => {
  it('keeps the files privately, queues the partner as pending, and shows the files to support only', async () => {
    const app = await testApp();
    const admin = await loginAdmin(app);
    const support = await operator(app, admin, 'support');
    const finance = await operator(app, admin, 'finance');
    const partner = await registerPartner(app);
    const send = (files: [string, string, Buffer][], token = partner.token) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/accounts/kyc/',
        ...filesBody(files),
        headers: { ...filesBody(files).headers, authorization: `Bearer ${token}` },
      });

    // Refused, each field named, and nothing kept.
    const text = Buffer.from('not an image');
    expect((await send([['document', 'image/png', PNG]])).json()).toEqual({
      selfie: ['Choose a file to upload.'],
    });
    expect(
      (
        await send([
          ['document', 'image/png', text],
          ['selfie', 'image/png', PNG],
        ])
      ).json(),
    ).toEqual({
      document: ['Upload a JPEG, PNG or WebP image, or a PDF.'],
    });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await send([
      ['document', 'image/png', big],
      ['selfie', 'image/png', PNG],
    ]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ document: ['The file must not exceed 10 MB.'] });
    expect(
      (
        await send([
          ['passport', 'image/png', PNG],
          ['selfie', 'image/png', PNG],
        ])
      ).statusCode,
    ).toBe(400);
    expect((await post(app, INFO, {}, partner.token)).body.kyc_status).toBe('none');

    const sent = await send([
      ['document', 'application/octet-stream', PDF],
      ['selfie', 'image/png', PNG],
    ]);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ kyc_status: 'pending' });
    expect((await post(app, INFO, {}, partner.token)).body.kyc_status).toBe('pending');

    const queue = await call(app, 'GET', '/api/v1/admin/kyc/', { token: support.token });
    expect(queue.body.results).toMatchObject([
      { user_id: partner.id, email: partner.email, kyc_status: 'pending', files: ['document', 'selfie'] },
    ]);
    expect((await call(app, 'GET', '/api/v1/admin/kyc/', { token: finance.token })).status).toBe(403);

    const fileUrl = (kind: string) => `/api/v1/admin/users/${partner.id}/kyc/files/${kind}/`;
    const document = await app.inject({
      method: 'GET',
      url: fileUrl('document'),
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('no-store');
    expect(document.rawPayload.equals(PDF)).toBe(true);
    const selfie = await app.inject({
      method: 'GET',
      url: fileUrl('selfie'),
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(selfie.headers['content-type']).toBe('image/png');
    expect(selfie.rawPayload.equals(PNG)).toBe(true);
    // Not the partner (not even their own), not finance, not without a token.
    for (const token of [partner.token, finance.token, null])
      expect((await call(app, 'GET', fileUrl('selfie'), { token })).status).not.toBe(200);
    expect((await call(app, 'GET', fileUrl('passport'), { token: support.token })).status).toBe(400);

    // Verified: the queue empties, and sending again is refused.
    await post(
      app,
      `/api/v1/admin/users/${partner.id}/kyc/`,
      { status: 'verified', reason: 'Matches' },
      support.token,
    );
    expect((await call(app, 'GET', '/api/v1/admin/kyc/', { token: support.token })).body.count).toBe(0);
    const again = await send([
      ['document', 'image/png', PNG],
      ['selfie', 'image/png', PNG],
    ]);
    expect(again.json()).toEqual({ non_field_errors: ['Your identity is already verified.'] });
  });
});
