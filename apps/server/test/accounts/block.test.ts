import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/schema';
import { ADMIN, call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';

const LOGIN = '/api/v1/accounts/login/';
const INFO = '/api/v1/accounts/info/';
const block = (app: TTestApp, id: number, token: string | null) =>
  post(app, `/api/v1/users/${id}/block/`, {}, token);

describe('POST /api/v1/users/{id}/block/ and /unblock/', () => {
  it('blocks a partner: their sessions end and they cannot sign in, until unblocked', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const second = await post(app, LOGIN, { email: partner.email, password: partner.password });
    expect(second.status).toBe(200);
    const admin = await loginAdmin(app);

    expect(await block(app, partner.id, admin)).toMatchObject({ status: 200, body: { success: true } });
    for (const token of [partner.token, second.body.token as string]) {
      expect((await post(app, INFO, {}, token)).status).toBe(401);
    }
    expect(await post(app, LOGIN, { email: partner.email, password: partner.password })).toMatchObject({
      status: 400,
      body: { non_field_errors: ['Your account is blocked. Contact support.'] },
    });
    const listed = await call(app, 'GET', `/api/v1/users/?search=${encodeURIComponent(partner.email)}`, {
      token: admin,
    });
    expect(listed.body.results[0]).toMatchObject({ id: partner.id, is_active: false });

    const unblocked = await post(app, `/api/v1/users/${partner.id}/unblock/`, {}, admin);
    expect(unblocked).toMatchObject({ status: 200, body: { success: true } });
    const again = await post(app, LOGIN, { email: partner.email, password: partner.password });
    expect(again.status).toBe(200);
    expect((await post(app, INFO, {}, again.body.token as string)).status).toBe(200);

    const actions = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.userId, partner.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.blocked', 'user.unblocked']),
    );
  });

  it('is for superusers only, refuses a superuser and answers 404 for no one', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    expect((await block(app, other.id, partner.token)).status).toBe(403);
    expect((await block(app, other.id, null)).status).toBe(401);
    const admin = await loginAdmin(app);
    const [adminRow] = await app.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(await block(app, adminRow!.id, admin)).toMatchObject({
      status: 400,
      body: { non_field_errors: ['A superuser cannot be blocked.'] },
    });
    expect((await block(app, 999_999, admin)).status).toBe(404);
    expect((await post(app, INFO, {}, other.token)).status).toBe(200);
  });
});

describe('GET /api/v1/users/ mentor name', () => {
  it("shows the mentor's name beside the mentor's id", async () => {
    const app = await testApp();
    const mentor = await registerPartner(app, { first_name: 'Mona', last_name: 'Mentor' });
    const partner = await registerPartner(app, { promocode: mentor.referralId });
    const admin = await loginAdmin(app);
    const listed = await call(app, 'GET', `/api/v1/users/?search=${encodeURIComponent(partner.email)}`, {
      token: admin,
    });
    expect(listed.body.results[0]).toMatchObject({ mentor_id: mentor.id, mentor_name: 'Mona Mentor' });
  });
});
