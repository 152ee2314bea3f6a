import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/schema';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner, type TPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { countRows } from '../helpers/rows';

const detail = (app: TTestApp, id: number, token: string) =>
  call(app, 'GET', `/api/v1/admin/users/${id}/`, { token });
const search = async (app: TTestApp, text: string, token: string) =>
  (await call(app, 'GET', `/api/v1/users/?search=${encodeURIComponent(text)}`, { token })).body.results.map(
    (user: { id: number }) => user.id,
  );
const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** A sponsor line: `top` invites `middle`, who invites `partner`. */
async function line(app: TTestApp): Promise<[TPartner, TPartner, TPartner]> {
  const top = await registerPartner(app, { first_name: 'Tess' });
  const middle = await registerPartner(app, { first_name: 'Milo', promocode: top.referralId });
  const partner = await registerPartner(app, { first_name: 'Pia', promocode: middle.referralId });
  return [top, middle, partner];
}

describe('GET /api/v1/admin/users/{id}/: the partner detail', () => {
  it('shows the identity, sponsor line, binary position, tariff, balances, recent lines, sessions and notes', async () => {
    const app = await testApp();
    const [top, middle, partner] = await line(app);
    await adjust(app, partner.id, 'USDT', '42');
    const admin = await loginAdmin(app);
    const answer = await detail(app, partner.id, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body;
    expect(body.profile).toMatchObject({
      id: partner.id,
      email: partner.email,
      first_name: 'Pia',
      mfa_enabled: false,
      kyc_status: 'none',
      balances: { usdt: '42.000000', debt: '0.000000' },
    });
    expect(body.sponsor_line.slice(0, 2)).toEqual([
      { id: middle.id, first_name: 'Milo', last_name: expect.any(String), email: middle.email, level: 1 },
      { id: top.id, first_name: 'Tess', last_name: expect.any(String), email: top.email, level: 2 },
    ]);
    expect(body.binary).toMatchObject({ parent: { id: middle.id }, position: 'left', side: 'left' });
    expect(body.binary.depth).toBeGreaterThan(0);
    expect(body.tariff).toMatchObject({ package: null, status: 'Inactive' });
    expect(body.transactions).toMatchObject([{ operation_type: 'adjustment', amount: '42.000000' }]);
    // The partner's sign-in at registration is a live session, with where it came from.
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.sessions[0]).toMatchObject({ ip: '127.0.0.1', expires_at: expect.any(String) });
    expect(body.notes).toEqual([]);
    // Nothing secret leaves: no password hash, no two-factor secret.
    expect(JSON.stringify(body)).not.toMatch(/password_hash|"secret"|recovery/);
  });

  it("keeps support's notes with their author, newest first, each in the audit log", async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    const note = (text: unknown) => post(app, `/api/v1/admin/users/${partner.id}/notes/`, { text }, admin);
    const first = await note('Asked by chat to reset two-factor; identity checked by selfie.');
    expect(first).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        text: 'Asked by chat to reset two-factor; identity checked by selfie.',
      },
    });
    expect(first.body.author).toMatchObject({ email: expect.stringContaining('@') });
    await note('Called back.\nAll good.');
    const notes = (await detail(app, partner.id, admin)).body.notes;
    expect(notes.map((item: { text: string }) => item.text)).toEqual([
      'Called back.\nAll good.',
      'Asked by chat to reset two-factor; identity checked by selfie.',
    ]);
    expect(await countRows(app, auditLog, eq(auditLog.action, 'user.note'))).toBe(2);
    for (const bad of ['', '   ', 'x'.repeat(2001), 42, null]) {
      expect((await note(bad)).status, String(bad).slice(0, 20)).toBe(400);
    }
    expect((await post(app, '/api/v1/admin/users/99999/notes/', { text: 'x' }, admin)).status).toBe(404);
    expect(await countRows(app, auditLog, eq(auditLog.action, 'user.note'))).toBe(2);
  });

  it('answers 404 for an unknown partner and 403 to a partner, whose own detail it is not theirs to read', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    expect((await detail(app, 99999, await loginAdmin(app))).status).toBe(404);
    expect((await detail(app, partner.id, partner.token)).status).toBe(403);
    expect(
      (await post(app, `/api/v1/admin/users/${partner.id}/notes/`, { text: 'x' }, partner.token)).status,
    ).toBe(403);
  });
});

describe("support's actions from the detail", () => {
  it('moves a partner under another mentor before a paid tariff, the reason in the audit log; the detail shows the new line', async () => {
    const app = await testApp();
    const [top, middle, partner] = await line(app);
    const admin = await loginAdmin(app);
    const moved = await post(
      app,
      `/api/v1/admin/users/${partner.id}/mentor/`,
      { mentor_id: top.id, reason: 'Ticket 88: signed up with the wrong link' },
      admin,
    );
    expect(moved).toMatchObject({ status: 200, body: { id: partner.id, mentor_id: top.id } });
    expect((await detail(app, partner.id, admin)).body.sponsor_line[0]).toMatchObject({
      id: top.id,
      level: 1,
    });
    const audit = await call(app, 'GET', '/api/v1/admin/audit/?action=mentor.changed', { token: admin });
    expect(audit.body.results).toMatchObject([
      {
        target: `user:${partner.id}`,
        reason: 'Ticket 88: signed up with the wrong link',
        before: { mentor_id: middle.id },
        after: { mentor_id: top.id },
      },
    ]);
    // A reason of more than 500 characters, or a field the call does not take, is refused.
    for (const body of [
      { mentor_id: middle.id, reason: 'x'.repeat(501) },
      { mentor_id: middle.id, reason: 'r', note: 'x' },
    ])
      expect((await post(app, `/api/v1/admin/users/${partner.id}/mentor/`, body, admin)).status).toBe(400);
  });
});

describe('GET /api/v1/users/: search', () => {
  it('finds a partner by id and by a wallet address they withdrew to, in any case', async () => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    expect(await search(app, String(partner.id), admin)).toContain(partner.id);
    const set = await call(app, 'PATCH', '/api/v1/accounts/info/', {
      token: partner.token,
      body: { finance_password: 'finance-pass-1', password: partner.password },
    });
    expect(set.status).toBe(200);
    await adjust(app, partner.id, 'USDT', '50');
    const asked = await post(
      app,
      '/api/v1/withdraw/request/',
      {
        currency: 'USDT',
        network: 'BEP-20',
        address: BEP20,
        amount: '20',
        finance_password: 'finance-pass-1',
      },
      partner.token,
    );
    expect(asked.status).toBe(201);
    expect(await search(app, BEP20.toLowerCase(), admin)).toEqual([partner.id]);
    expect(await search(app, `0x${'1'.repeat(40)}`, admin)).toEqual([]);
  });
});
