import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/schema';
import { ZERO_BALANCES } from '../helpers/money';
import { post, testApp, type TTestApp } from '../helpers/app';
import { countRows } from '../helpers/rows';
import { partnerInput, registerPartner } from '../helpers/factories';

const placement = async (app: TTestApp, id: number) => {
  const [row] = await app.database.db
    .select({ parent: users.binaryParentId, position: users.binaryPosition, mentor: users.mentorId })
    .from(users)
    .where(eq(users.id, id));
  return row!;
};
const companyRoot = async (app: TTestApp) =>
  (await app.database.db.select({ id: users.id }).from(users).where(eq(users.isCompanyRoot, true)))[0]!.id;
const userCount = (app: TTestApp) => countRows(app, users);

describe('POST /api/v1/accounts/register/', () => {
  it('registers, signs in at once and answers the profile', async () => {
    const app = await testApp();
    const input = partnerInput({ email: 'Ann@Example.com', language: 'ru', username: 'ann_lee' });
    const response = await post(app, '/api/v1/accounts/register/', input);
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      email: 'ann@example.com',
      username: 'ann_lee',
      first_name: 'Pat',
      language: 'ru',
      is_superuser: false,
      is_active: true,
      mfa_enabled: false,
      has_finance_password: false,
      binary_side: 'left',
      kyc_status: 'none',
      balances: ZERO_BALANCES,
    });
    expect(response.body.user.referral_id).toMatch(/^[A-Z2-9]{8}$/);
    expect(response.body.user).not.toHaveProperty('password_hash');
    const info = await post(app, '/api/v1/accounts/info/', {}, response.body.token);
    expect(info.status).toBe(200);
    expect(info.body.id).toBe(response.body.user.id);
  });

  it('places a partner without a code under the company root account', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const root = await companyRoot(app);
    expect(await placement(app, partner.id)).toEqual({ mentor: root, parent: root, position: 'left' });
  });

  it('makes the owner of a referral id or username the mentor, in any letter case', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app, { username: 'MentorMax' });
    const byId = await registerPartner(app, { promocode: mentor.referralId.toLowerCase() });
    const byName = await registerPartner(app, { promocode: 'mentormax' });
    expect((await placement(app, byId.id)).mentor).toBe(mentor.id);
    expect((await placement(app, byName.id)).mentor).toBe(mentor.id);
  });

  it('answers "Invalid promocode." for an unknown code and creates nothing', async () => {
    const app = await testApp();
    const before = await userCount(app);
    const response = await post(app, '/api/v1/accounts/register/', partnerInput({ promocode: 'NOSUCHCODE' }));
    expect(response).toMatchObject({ status: 400, body: { promocode: ['Invalid promocode.'] } });
    expect(await userCount(app)).toBe(before);
  });

  it('names every value already taken, in the spec words', async () => {
    const app = await testApp();
    const first = partnerInput({ username: 'taken' });
    await post(app, '/api/v1/accounts/register/', first);
    const before = await userCount(app);
    const response = await post(
      app,
      '/api/v1/accounts/register/',
      partnerInput({ email: first.email.toUpperCase(), phone: first.phone, username: 'TAKEN' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      email: ['Email is already exists.'],
      phone: ['Phone is already exists.'],
      username: ['Username is already exists.'],
    });
    expect(await userCount(app)).toBe(before);
  });

  it('refuses passwords that do not match', async () => {
    const app = await testApp();
    const response = await post(
      app,
      '/api/v1/accounts/register/',
      partnerInput({ password_confirm: 'something-else' }),
    );
    expect(response).toMatchObject({
      status: 400,
      body: { password_confirm: ['Passwords does not match.'] },
    });
  });

  it("places invited partners down the outer edge of the mentor's chosen leg", async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const a = await registerPartner(app, { promocode: mentor.referralId });
    const b = await registerPartner(app, { promocode: mentor.referralId });
    const c = await registerPartner(app, { promocode: mentor.referralId });
    expect(await placement(app, a.id)).toMatchObject({ parent: mentor.id, position: 'left' });
    expect(await placement(app, b.id)).toMatchObject({ parent: a.id, position: 'left' });
    expect(await placement(app, c.id)).toMatchObject({ parent: b.id, position: 'left' });

    await app.database.db.update(users).set({ binarySide: 'right' }).where(eq(users.id, mentor.id));
    const d = await registerPartner(app, { promocode: mentor.referralId });
    const e = await registerPartner(app, { promocode: mentor.referralId });
    expect(await placement(app, d.id)).toMatchObject({
      parent: mentor.id,
      position: 'right',
      mentor: mentor.id,
    });
    expect(await placement(app, e.id)).toMatchObject({ parent: d.id, position: 'right' });
  });

  it('gives partners registering at the same moment distinct places', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(app, '/api/v1/accounts/register/', partnerInput({ promocode: mentor.referralId })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const places = await Promise.all(responses.map((response) => placement(app, response.body.user.id)));
    const parents = places.map((place) => place.parent);
    expect(new Set(parents).size).toBe(8);
    expect(places.every((place) => place.position === 'left')).toBe(true);
  });
});

describe('POST /api/v1/accounts/check_referral_id/', () => {
  it('names the owner of a code, or answers null', async () => {
    const app = await testApp();
    const mentor = await registerPartner(app, { username: 'guide', first_name: 'Gina', last_name: 'Guide' });
    const found = await post(app, '/api/v1/accounts/check_referral_id/', { promocode: mentor.referralId });
    expect(found).toMatchObject({
      status: 200,
      body: { id: mentor.id, username: 'guide', first_name: 'Gina', last_name: 'Guide' },
    });
    expect(Object.keys(found.body).sort()).toEqual(['first_name', 'id', 'last_name', 'username']);
    expect(
      (await post(app, '/api/v1/accounts/check_referral_id/', { promocode: 'NOPE1234' })).body,
    ).toBeNull();
    expect(
      (await post(app, '/api/v1/accounts/check_referral_id/', { promocode: 'COMPANY' })).body,
    ).toBeNull();
  });
});
