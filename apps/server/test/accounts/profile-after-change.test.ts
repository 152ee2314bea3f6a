import { describe, expect, it } from 'vitest';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { lastMailTo, linkIn } from '../helpers/outbox';

// The profile is read anew on every call: every kind of change shows in the next one. No bonus is
// paid here: the apps do not wait for the fold after each call.
const INFO = '/api/v1/accounts/info/';

/** Reads the profile twice, the same both times: the state before the change. */
async function primed(app: TTestApp, token: string) {
  const first = await post(app, INFO, {}, token);
  expect(first.status).toBe(200);
  const second = await post(app, INFO, {}, token);
  expect(second.body).toEqual(first.body);
  return first.body as Record<string, unknown> & { balances: Record<string, string> };
}

describe('the profile read after a change', () => {
  it('shows a PATCH of the profile at once', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    expect((await primed(app, partner.token)).first_name).toBe('Pat');
    const patched = await call(app, 'PATCH', INFO, { token: partner.token, body: { first_name: 'Renamed' } });
    expect(patched.status).toBe(200);
    expect((await post(app, INFO, {}, partner.token)).body.first_name).toBe('Renamed');
  });

  it('answers 401 at once after logout', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    await primed(app, partner.token);
    expect((await post(app, '/api/v1/accounts/logout/', {}, partner.token)).status).toBe(204);
    expect((await post(app, INFO, {}, partner.token)).status).toBe(401);
  });

  it('answers 401 at once after an admin blocks the partner', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    const admin = await loginAdmin(app);
    await primed(app, partner.token);
    expect((await post(app, `/api/v1/users/${partner.id}/block/`, {}, admin)).status).toBe(200);
    expect((await post(app, INFO, {}, partner.token)).status).toBe(401);
  });

  it('shows a credit (an admin adjustment) in the balances at once', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    await loginAdmin(app);
    expect((await primed(app, partner.token)).balances.usdt).toBe('0.000000');
    await adjust(app, partner.id, 'USDT', '12.5');
    expect((await post(app, INFO, {}, partner.token)).body.balances.usdt).toBe('12.500000');
  });

  it('shows a finance password set at once, and answers 401 at once after a password reset', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    expect((await primed(app, partner.token)).has_finance_password).toBe(false);
    const set = await call(app, 'PATCH', INFO, {
      token: partner.token,
      body: { finance_password: 'finance-secret', password: partner.password },
    });
    expect(set.status).toBe(200);
    expect((await post(app, INFO, {}, partner.token)).body.has_finance_password).toBe(true);

    await primed(app, partner.token);
    const requested = await post(app, `/api/v1/password-recovery/${encodeURIComponent(partner.email)}`, {});
    expect(requested.status).toBe(200);
    const token = linkIn((await lastMailTo(app, partner.email))!.text)
      .pathname.split('/')
      .pop()!;
    await primed(app, partner.token);
    const reset = await post(app, '/api/v1/reset-password/', { token, new_password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await post(app, INFO, {}, partner.token)).status).toBe(401);
  });

  it("gives another session its own partner's profile", async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    expect((await primed(app, partner.token)).id).toBe(partner.id);
    expect((await post(app, INFO, {}, other.token)).body.id).toBe(other.id);
  });
});
