import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { ZERO_BALANCES } from '../helpers/money';
import { uploads, users } from '../../src/schema';
import { call, post, testApp, testConfig, type TTestApp } from '../helpers/app';
import { userRow, auditActions, countRows, mfaRow } from '../helpers/rows';
import { enableMfa, loginAdmin, partnerInput, registerPartner } from '../helpers/factories';

const INFO = '/api/v1/accounts/info/';
const ME = '/api/v1/accounts/me/';
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided or have expired.' };

const uploadCount = (app: TTestApp) => countRows(app, uploads);

describe('POST /api/v1/accounts/info/', () => {
  it('answers the profile of api.md with exactly its keys and decimal-string balances', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { username: 'profiled', language: 'it' });
    const response = await post(app, INFO, {}, partner.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        'id',
        'referral_id',
        'email',
        'first_name',
        'last_name',
        'phone',
        'country',
        'country_code',
        'username',
        'language',
        'avatar',
        'mentor_id',
        'mentor',
        'is_superuser',
        'roles',
        'is_active',
        'mfa_enabled',
        // Beyond api.md: whether support reset two-factor and asks for a new setup (issue 22).
        'mfa_setup_required',
        'has_finance_password',
        'binary_side',
        'kyc_status',
        'kyc_reason',
        'balances',
        'dft_next_unlock_at',
      ].sort(),
    );
    const row = await userRow(app, partner.id);
    expect(response.body).toEqual({
      id: partner.id,
      referral_id: partner.referralId,
      email: partner.email,
      first_name: 'Pat',
      last_name: row.lastName,
      phone: row.phone,
      country: 'Portugal',
      country_code: 'PT',
      username: 'profiled',
      language: 'it',
      avatar: null,
      mentor_id: row.mentorId,
      // Signed up without a code: the mentor is the company's own account.
      mentor: { first_name: 'Company', last_name: '', username: null, company: true },
      is_superuser: false,
      roles: [],
      is_active: true,
      mfa_enabled: false,
      mfa_setup_required: false,
      has_finance_password: false,
      binary_side: 'left',
      kyc_status: 'none',
      kyc_reason: null,
      balances: ZERO_BALANCES,
      dft_next_unlock_at: null,
    });
  });

  it('never contains password hashes or secrets', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const secret = await enableMfa(app, partner.token);
    const patched = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-1', password: partner.password },
    });
    expect(patched.status).toBe(200);
    const row = await userRow(app, partner.id);
    const factor = (await mfaRow(app, partner.id))!;
    const text =
      JSON.stringify((await post(app, INFO, {}, partner.token)).body) + JSON.stringify(patched.body);
    for (const hidden of [
      row.passwordHash!,
      row.financePasswordHash!,
      factor.secret!,
      secret,
      '$argon2',
      'password_hash',
      'mfa_secret',
      'secret',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it('answers 401 without a token', async () => {
    const app = await testApp();
    expect(await post(app, INFO, {})).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
  });

  it('names the mentor by name and username only, never their email, phone or other details', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app, { first_name: 'Mira', last_name: 'Mentor', username: 'mira' });
    const partner = await registerPartner(app, { promocode: mentor.referralId });
    const mentorRow = await userRow(app, mentor.id);
    const expected = { first_name: 'Mira', last_name: 'Mentor', username: 'mira', company: false };

    const profile = await post(app, INFO, {}, partner.token);
    expect(profile.body.mentor_id).toBe(mentor.id);
    expect(profile.body.mentor).toEqual(expected);
    const text = JSON.stringify(profile.body.mentor);
    for (const hidden of [mentor.email, mentorRow.phone!, mentor.referralId])
      expect(text).not.toContain(hidden);

    // Every answer that carries the profile names the mentor alike: sign-up, a change, the avatar.
    const registered = await post(app, '/api/v1/accounts/register/', partnerInput({ promocode: 'mira' }));
    expect(registered.body.user.mentor).toEqual(expected);
    const patched = await call(app, 'PATCH', INFO, { token: partner.token, body: { last_name: 'Lee' } });
    expect(patched.body.mentor).toEqual(expected);

    // A new name of the mentor shows at once (the profile read is not kept past a write).
    await call(app, 'PATCH', INFO, { token: mentor.token, body: { first_name: 'Mirra' } });
    expect((await post(app, INFO, {}, partner.token)).body.mentor).toEqual({
      ...expected,
      first_name: 'Mirra',
    });
  });
});

describe('PATCH /api/v1/accounts/info/', () => {
  it('changes personal fields, normalized, and keeps the others', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const patch = {
      first_name: ' Anna ',
      last_name: 'Lee',
      phone: '+351 (912) 345-678',
      country: 'Spain',
      country_code: 'es',
      username: 'anna.lee',
      language: 'es',
    };
    const response = await call(app, 'PATCH', INFO, { token: partner.token, body: patch });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: partner.id,
      email: partner.email,
      first_name: 'Anna',
      last_name: 'Lee',
      phone: '+351912345678',
      country: 'Spain',
      country_code: 'ES',
      username: 'anna.lee',
      language: 'es',
    });
    expect(await userRow(app, partner.id)).toMatchObject({
      firstName: 'Anna',
      lastName: 'Lee',
      phone: '+351912345678',
      country: 'Spain',
      countryCode: 'ES',
      username: 'anna.lee',
      language: 'es',
    });

    const partial = await call(app, 'PATCH', INFO, { token: partner.token, body: { last_name: 'Smith' } });
    expect(partial.body).toMatchObject({ first_name: 'Anna', last_name: 'Smith', username: 'anna.lee' });
  });

  it('refuses fields a partner cannot set, naming them, and changes nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const before = await userRow(app, partner.id);
    const response = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: {
        first_name: 'Hacker',
        is_superuser: true,
        mentor_id: 1,
        balances: { usdt: '1000000.000000' },
        email: 'x@example.com',
      },
    });
    expect(response).toMatchObject({
      status: 400,
      body: {
        is_superuser: ['This field cannot be set.'],
        mentor_id: ['This field cannot be set.'],
        balances: ['This field cannot be set.'],
        email: ['This field cannot be set.'],
      },
    });
    expect(await userRow(app, partner.id)).toEqual(before);
    expect((await post(app, INFO, {}, partner.token)).body).toMatchObject({
      first_name: 'Pat',
      is_superuser: false,
    });
  });

  it("refuses another user's phone or username", async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app, { username: 'someone' });
    const otherPhone = (await userRow(app, other.id)).phone;
    const before = await userRow(app, partner.id);
    expect(
      await call(app, 'PATCH', INFO, {
        token: partner.token,
        body: { phone: otherPhone, first_name: 'Changed' },
      }),
    ).toMatchObject({
      status: 400,
      body: { phone: ['Phone is already exists.'] },
    });
    expect(
      (await call(app, 'PATCH', INFO, { token: partner.token, body: { username: 'SomeOne' } })).body,
    ).toEqual({
      username: ['Username is already exists.'],
    });
    expect(await userRow(app, partner.id)).toEqual(before);
    // Its own phone is no conflict.
    expect(
      (await call(app, 'PATCH', INFO, { token: partner.token, body: { phone: before.phone } })).status,
    ).toBe(200);
  });

  it('sets the finance password with the right account password: hashed, audited', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-secret', password: partner.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.has_finance_password).toBe(true);
    const row = await userRow(app, partner.id);
    expect(row.financePasswordHash).toMatch(/^\$argon2id\$/);
    expect(row.financePasswordHash).not.toContain('finance-secret');
    expect(await argon2.verify(row.financePasswordHash!, 'finance-secret')).toBe(true);
    expect(await auditActions(app, partner.id)).toContain('finance_password.set');
    expect((await post(app, INFO, {}, partner.token)).body.has_finance_password).toBe(true);
  });

  it('refuses a wrong account password and sets nothing', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-secret', password: 'not-my-password', first_name: 'Changed' },
    });
    expect(response).toMatchObject({ status: 400, body: { password: ['Invalid password.'] } });
    const row = await userRow(app, partner.id);
    expect(row.financePasswordHash).toBeNull();
    expect(row.firstName).toBe('Pat');
    expect(await auditActions(app, partner.id)).not.toContain('finance_password.set');
  });

  it('limits wrong account passwords, so a stolen token cannot guess it, without locking the owner out of sign-in', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    for (let attempt = 1; attempt <= testConfig().rateLimits.perAccount; attempt++) {
      const guess = await call(app, 'PATCH', INFO, {
        token: partner.token,
        body: { finance_password: 'finance-secret', password: `guess-${attempt}` },
      });
      expect(guess.status, `attempt ${attempt}`).toBe(400);
    }
    const right = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-secret', password: partner.password },
    });
    expect(right).toMatchObject({ status: 429, body: { detail: 'Too many attempts. Try again later.' } });
    expect((await userRow(app, partner.id)).financePasswordHash).toBeNull();
    // The limit is the password check's own: the owner still signs in.
    expect(
      (await post(app, '/api/v1/accounts/login/', { email: partner.email, password: partner.password }))
        .status,
    ).toBe(200);
    // Personal fields need no password and stay open.
    expect(
      (await call(app, 'PATCH', INFO, { token: partner.token, body: { first_name: 'Still' } })).status,
    ).toBe(200);
  });

  it('asks for the account password with a finance password', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-secret' },
    });
    expect(response).toMatchObject({ status: 400, body: { password: ['This field is required.'] } });
    expect((await userRow(app, partner.id)).financePasswordHash).toBeNull();
  });
});

describe('PUT /api/v1/accounts/me/', () => {
  it('replaces the personal fields', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { username: 'before' });
    const fields = {
      first_name: 'Maria',
      last_name: 'Silva',
      phone: '+5511987654321',
      country: 'Brazil',
      country_code: 'BR',
      username: 'after',
    };
    const response = await call(app, 'PUT', ME, { token: partner.token, body: fields });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...fields, id: partner.id, email: partner.email });
    expect(await userRow(app, partner.id)).toMatchObject({
      firstName: 'Maria',
      lastName: 'Silva',
      phone: '+5511987654321',
      country: 'Brazil',
      countryCode: 'BR',
      username: 'after',
    });

    const cleared = await call(app, 'PUT', ME, { token: partner.token, body: { ...fields, username: null } });
    expect(cleared.body.username).toBeNull();
    expect((await userRow(app, partner.id)).username).toBeNull();
  });

  it('refuses a partial body and fields it does not take', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const before = await userRow(app, partner.id);
    expect(await call(app, 'PUT', ME, { token: partner.token, body: { first_name: 'Only' } })).toMatchObject({
      status: 400,
      body: {
        last_name: ['Surname is required.'],
        phone: ['Phone number is required.'],
        country: ['This field is required.'],
        country_code: ['This field is required.'],
      },
    });
    const full = {
      first_name: 'A',
      last_name: 'B',
      phone: '+351911111111',
      country: 'Portugal',
      country_code: 'PT',
    };
    expect(
      await call(app, 'PUT', ME, { token: partner.token, body: { ...full, is_superuser: true } }),
    ).toMatchObject({
      status: 400,
      body: { is_superuser: ['This field cannot be set.'] },
    });
    expect(await userRow(app, partner.id)).toEqual(before);
  });
});

// ---- avatar -------------------------------------------------------------------------------------

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----portal-test-boundary-7d9f';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  app: TTestApp,
  token: string,
  data: Buffer,
  { field = 'avatar', filename = 'me.png', type = 'image/png' } = {},
) {
  const body = multipart(field, filename, type, data);
  const response = await app.inject({
    method: 'POST',
    url: ME,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

describe('POST /api/v1/accounts/me/ (avatar)', () => {
  it('stores the image and serves the same bytes at the profile URL', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await upload(app, partner.token, PNG);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(partner.id);
    expect(response.body.avatar).toMatch(
      /^\/media\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect((await post(app, INFO, {}, partner.token)).body.avatar).toBe(response.body.avatar);

    const image = await app.inject({ method: 'GET', url: response.body.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes the type from the bytes: a text file named .png is refused', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await upload(app, partner.token, Buffer.from('just some text, not an image'), {
      filename: 'fake.png',
    });
    expect(response).toMatchObject({ status: 400, body: { avatar: ['Upload a JPEG, PNG or WebP image.'] } });
    expect(await uploadCount(app)).toBe(0);
    expect((await userRow(app, partner.id)).avatarId).toBeNull();
  });

  it('refuses a file over the limit', async () => {
    const app = await testApp({ config: { avatarMaxBytes: 1000 } });
    const partner = await registerPartner(app);
    const big = Buffer.concat([PNG, Buffer.alloc(2000)]);
    const response = await upload(app, partner.token, big);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['avatar']);
    expect(await uploadCount(app)).toBe(0);
    // Just under the limit passes.
    expect((await upload(app, partner.token, Buffer.concat([PNG, Buffer.alloc(900)]))).status).toBe(200);
  });

  it('takes an image above the JSON body limit when the avatar limit allows it', async () => {
    const app = await testApp({ config: { avatarMaxBytes: 2 * 1024 * 1024 } });
    const partner = await registerPartner(app);
    const response = await upload(app, partner.token, Buffer.concat([PNG, Buffer.alloc(1_500_000)]));
    expect(response.status).toBe(200);
  });

  it('replaces the earlier avatar, whose URL then answers 404', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const first = await upload(app, partner.token, PNG);
    const second = await upload(app, partner.token, PNG);
    expect(second.status).toBe(200);
    expect(second.body.avatar).not.toBe(first.body.avatar);
    expect(await uploadCount(app)).toBe(1);
    const old = await call(app, 'GET', first.body.avatar);
    expect(old).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect((await app.inject({ method: 'GET', url: second.body.avatar })).statusCode).toBe(200);
  });

  it('answers 400 on avatar for a JSON body or another field', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect(await post(app, ME, { avatar: PNG.toString('base64') }, partner.token)).toMatchObject({
      status: 400,
      body: { avatar: ['Choose an image to upload.'] },
    });
    expect(await upload(app, partner.token, PNG, { field: 'picture' })).toMatchObject({
      status: 400,
      body: { avatar: ['Choose an image to upload.'] },
    });
    expect(await uploadCount(app)).toBe(0);
  });

  it('answers 401 without a token and 404 for an unknown avatar', async () => {
    const app = await testApp();
    const body = multipart('avatar', 'me.png', 'image/png', PNG);
    const response = await app.inject({
      method: 'POST',
      url: ME,
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect(await uploadCount(app)).toBe(0);
    expect(await call(app, 'GET', '/media/avatars/00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect(await call(app, 'GET', '/media/avatars/not-a-uuid')).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
  });
});

// ---- language -----------------------------------------------------------------------------------

describe('POST /api/v1/accounts/set_language/', () => {
  const SET_LANGUAGE = '/api/v1/accounts/set_language/';

  it('saves the language with the token in the body', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await post(app, SET_LANGUAGE, { language: 'pt', token: partner.token });
    expect(response).toMatchObject({ status: 200, body: true });
    expect((await post(app, INFO, {}, partner.token)).body.language).toBe('pt');
  });

  it('saves the language with the Authorization header', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const response = await post(app, SET_LANGUAGE, { language: 'TUV' }, partner.token);
    expect(response).toMatchObject({ status: 200, body: true });
    expect((await userRow(app, partner.id)).language).toBe('TUV');
  });

  it('refuses an unknown language (400) and no token (401); a body token that is no live session answers false', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect(await post(app, SET_LANGUAGE, { language: 'xx', token: partner.token })).toMatchObject({
      status: 400,
      body: { language: ['Select a valid language.'] },
    });
    expect(await post(app, SET_LANGUAGE, { language: 'ru' })).toMatchObject({
      status: 401,
      body: NOT_AUTHENTICATED,
    });
    expect(await post(app, SET_LANGUAGE, { language: 'ru' }, 'not-a-token')).toMatchObject({
      status: 401,
      body: NOT_AUTHENTICATED,
    });
    // The spec's "true or false": a malformed token, or the token of a session that ended.
    expect(await post(app, SET_LANGUAGE, { language: 'ru', token: 'not-a-token' })).toMatchObject({
      status: 200,
      body: false,
    });
    const ended = (
      await post(app, '/api/v1/accounts/login/', { email: partner.email, password: partner.password })
    ).body.token as string;
    expect((await post(app, '/api/v1/accounts/logout/', {}, ended)).status).toBeLessThan(300);
    expect(await post(app, SET_LANGUAGE, { language: 'ru', token: ended })).toMatchObject({
      status: 200,
      body: false,
    });
    expect((await userRow(app, partner.id)).language).toBe('en');
  });
});

// ---- admin list of users ------------------------------------------------------------------------

describe('GET /api/v1/users/', () => {
  /** Users inserted directly: hashing a password for each would only slow the test down. */
  async function insertUsers(app: TTestApp, count: number, prefix = 'bulk') {
    await app.database.db.insert(users).values(
      Array.from({ length: count }, (_, index) => ({
        email: `${prefix}${index}@example.com`,
        firstName: 'Bulk',
        lastName: `User${index}`,
        referralId: `${prefix.toUpperCase()}${index}`,
      })),
    );
  }
  const totalUsers = (app: TTestApp) => countRows(app, users);

  it('answers a page for a superuser, 403 for a partner, 401 without a token', async () => {
    const app = await testApp();
    const partner = await registerPartner(app, { username: 'listed' });
    const admin = await loginAdmin(app);
    const page = await call(app, 'GET', '/api/v1/users/', { token: admin });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: await totalUsers(app), next: null, previous: null, current: 1 });
    expect(page.body.results).toContainEqual({
      id: partner.id,
      email: partner.email,
      username: 'listed',
      first_name: 'Pat',
      last_name: expect.any(String),
      referral_id: partner.referralId,
      mentor_id: expect.any(Number),
      mentor_name: expect.any(String),
      is_superuser: false,
      roles: [],
      is_active: true,
      mfa_enabled: false,
      kyc_status: 'none',
      date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(JSON.stringify(page.body)).not.toContain('argon2');

    expect(await call(app, 'GET', '/api/v1/users/', { token: partner.token })).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect(await call(app, 'GET', '/api/v1/users/')).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
  });

  it('filters by ?search=', async () => {
    const app = await testApp();
    const wanted = await registerPartner(app, { first_name: 'Zebulon' });
    await registerPartner(app);
    const admin = await loginAdmin(app);
    for (const search of ['zebulon', wanted.email.toUpperCase(), wanted.referralId]) {
      const page = await call(app, 'GET', `/api/v1/users/?search=${encodeURIComponent(search)}`, {
        token: admin,
      });
      expect(page.status, search).toBe(200);
      expect(page.body.count, search).toBe(1);
      expect(
        page.body.results.map((user: { id: number }) => user.id),
        search,
      ).toEqual([wanted.id]);
    }
    // LIKE wildcards are matched literally.
    expect((await call(app, 'GET', '/api/v1/users/?search=%25', { token: admin })).body.count).toBe(0);
  });

  it('pages by 20 with next and previous links', async () => {
    const app = await testApp();
    await insertUsers(app, 43);
    const admin = await loginAdmin(app);
    const total = await totalUsers(app);
    expect(total).toBe(45); // the company root, the admin and 43 more
    const first = await call(app, 'GET', '/api/v1/users/', { token: admin });
    expect(first.body).toMatchObject({
      count: 45,
      current: 1,
      previous: null,
      next: '/api/v1/users/?page=2',
    });
    expect(first.body.results).toHaveLength(20);
    const second = await call(app, 'GET', first.body.next, { token: admin });
    expect(second.body).toMatchObject({
      count: 45,
      current: 2,
      previous: '/api/v1/users/?page=1',
      next: '/api/v1/users/?page=3',
    });
    const third = await call(app, 'GET', second.body.next, { token: admin });
    expect(third.body).toMatchObject({
      count: 45,
      current: 3,
      previous: '/api/v1/users/?page=2',
      next: null,
    });
    expect(third.body.results).toHaveLength(5);
    const ids = [...first.body.results, ...second.body.results, ...third.body.results].map(
      (user: { id: number }) => user.id,
    );
    expect(new Set(ids).size).toBe(45);

    const searched = await call(app, 'GET', '/api/v1/users/?search=bulk', { token: admin });
    expect(searched.body).toMatchObject({ count: 43, next: '/api/v1/users/?search=bulk&page=2' });
    expect(await call(app, 'GET', '/api/v1/users/?page=0', { token: admin })).toMatchObject({
      status: 400,
      body: { page: expect.any(Array) },
    });
  });
});
