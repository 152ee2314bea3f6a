import { describe, expect, it } from 'vitest';
import type { TNamedStatements } from '../../src/db/pglite-statements';
import { call, post, testApp, type TTestApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust } from '../helpers/money';
import { lastMailTo, linkIn } from '../helpers/outbox';

// On PGlite the profile read's answer is given again while no other statement has run
// (db/pglite-statements.ts): these prove that every kind of change shows at once. On PostgreSQL
// there is no memo, and the same tests hold. No bonus is paid here: the apps do not wait for the
// fold after each call (its check for new events would count as a statement run).
const INFO = '/api/v1/accounts/info/';

const pglite = (app: TTestApp) =>
  app.database.driver === 'pglite'
    ? ((app.database.db as { $client?: unknown }).$client as TNamedStatements)
    : null;

/** Reads the profile twice, the second time from the memo on PGlite: the memo is primed. */
async function primed(app: TTestApp, token: string) {
  const first = await post(app, INFO, {}, token);
  expect(first.status).toBe(200);
  const client = pglite(app);
  const before = client?.generation();
  let ran = 0;
  if (client) {
    const run = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message: Uint8Array) => {
      ran++;
      return run(message);
    };
  }
  const second = await post(app, INFO, {}, token);
  expect(second.body).toEqual(first.body);
  if (client) {
    // Served without running a statement: the memo is really in use, so the reads below would
    // be stale if a change did not forget it.
    expect(ran).toBe(0);
    expect(client.generation()).toBe(before);
  }
  return first.body as Record<string, unknown> & { balances: Record<string, string> };
}

describe('the profile read after a change (memoised on PGlite)', () => {
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

  it('gives no memoised answer to another session, nor after the time limit', async () => {
    const app = await testApp({ settle: false });
    const partner = await registerPartner(app);
    const other = await registerPartner(app);
    await primed(app, partner.token);
    expect((await post(app, INFO, {}, other.token)).body.id).toBe(other.id);
    const client = pglite(app);
    if (!client) return;
    await primed(app, partner.token);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = client.generation();
    expect((await post(app, INFO, {}, partner.token)).status).toBe(200);
    expect(client.generation()).toBe(before); // the read itself does not count
    let ran = 0;
    const run = client.execProtocolRawSync.bind(client);
    client.execProtocolRawSync = (message: Uint8Array) => {
      ran++;
      return run(message);
    };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post(app, INFO, {}, partner.token)).status).toBe(200);
    expect(ran).toBe(1); // run again, past the time limit
  });
});
