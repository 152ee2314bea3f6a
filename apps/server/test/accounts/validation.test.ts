import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/schema';
import { queryRows } from '../../src/db/client';
import { testApp, type TTestApp } from '../helpers/app';
import { partnerInput, registerPartner, type TPartner } from '../helpers/factories';

type TCall = {
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  auth: boolean;
  /** A body the call would accept for the test partner: each case below breaks one field of it. */
  body: (partner: TPartner) => Record<string, unknown>;
  required: string[];
  /** What the valid body answers once the cases are done. */
  accepts: { status: number; changes: boolean; body?: unknown };
};

const LINK_TOKEN = 'A'.repeat(43);

/**
 * Every JSON account call with a valid body. The bodies are real for the signed-in partner, so a
 * request that slipped past validation would change the database and fail the snapshot check.
 */
const CALLS: Record<string, TCall> = {
  register: {
    method: 'POST',
    url: '/api/v1/accounts/register/',
    auth: false,
    body: () => partnerInput({ username: 'newcomer', language: 'ru', promocode: '' }),
    required: [
      'email',
      'password',
      'password_confirm',
      'first_name',
      'last_name',
      'phone',
      'country',
      'country_code',
    ],
    accepts: { status: 201, changes: true },
  },
  check_referral_id: {
    method: 'POST',
    url: '/api/v1/accounts/check_referral_id/',
    auth: false,
    body: (partner) => ({ promocode: partner.referralId }),
    required: ['promocode'],
    accepts: { status: 200, changes: false },
  },
  login: {
    method: 'POST',
    url: '/api/v1/accounts/login/',
    auth: false,
    body: (partner) => ({ email: partner.email, password: partner.password }),
    required: ['email', 'password'],
    accepts: { status: 200, changes: true },
  },
  mfa_login: {
    method: 'POST',
    url: '/api/v1/accounts/mfa_login/',
    auth: false,
    body: (partner) => ({ email: partner.email, password: partner.password, code: '123456' }),
    required: ['email', 'password', 'code'],
    accepts: { status: 200, changes: true },
  },
  'token-auth': {
    method: 'POST',
    url: '/api/v1/accounts/token-auth/',
    auth: false,
    body: (partner) => ({ token: partner.token, language: 'ru' }),
    required: ['token'],
    accepts: { status: 200, changes: true },
  },
  'info PATCH': {
    method: 'PATCH',
    url: '/api/v1/accounts/info/',
    auth: true,
    body: (partner) => ({
      first_name: 'Changed',
      last_name: 'Changed',
      phone: '+351900000999',
      country: 'Spain',
      country_code: 'ES',
      username: 'changed',
      language: 'es',
      finance_password: 'finance-1',
      password: partner.password,
    }),
    required: ['password'],
    accepts: { status: 200, changes: true },
  },
  'me PUT': {
    method: 'PUT',
    url: '/api/v1/accounts/me/',
    auth: true,
    body: () => ({
      first_name: 'Changed',
      last_name: 'Changed',
      phone: '+351900000999',
      country: 'Spain',
      country_code: 'ES',
      username: 'changed',
    }),
    required: ['first_name', 'last_name', 'phone', 'country', 'country_code'],
    accepts: { status: 200, changes: true },
  },
  set_language: {
    method: 'POST',
    url: '/api/v1/accounts/set_language/',
    auth: false,
    body: (partner) => ({ language: 'pt', token: partner.token }),
    required: ['language'],
    accepts: { status: 200, changes: true, body: true },
  },
  'mfa/verify': {
    method: 'POST',
    url: '/api/v1/accounts/mfa/verify/',
    auth: true,
    body: () => ({ code: '123456' }),
    required: ['code'],
    accepts: { status: 400, changes: false, body: { code: ['Start the two-factor setup first.'] } },
  },
  'email_change/email': {
    method: 'POST',
    url: '/api/v1/accounts/email_change/email/',
    auth: true,
    body: () => ({ new_email: 'changed@example.com' }),
    required: ['new_email'],
    accepts: { status: 200, changes: true },
  },
  'email_change/auth_app': {
    method: 'POST',
    url: '/api/v1/accounts/email_change/auth_app/',
    auth: true,
    body: () => ({ new_email: 'changed@example.com', code: '123456' }),
    required: ['new_email', 'code'],
    accepts: { status: 400, changes: false, body: { code: ['Two-factor authentication is not enabled.'] } },
  },
  email_password_reset: {
    method: 'POST',
    url: '/accounts/email_password_reset/',
    auth: false,
    body: (partner) => ({ email: partner.email }),
    required: ['email'],
    accepts: { status: 200, changes: true, body: { success: true } },
  },
  'email_password_reset/confirm': {
    method: 'POST',
    url: '/accounts/email_password_reset/confirm/',
    auth: false,
    body: () => ({ token: LINK_TOKEN, password: 'brand-new-pass', password_confirm: 'brand-new-pass' }),
    required: ['token', 'password', 'password_confirm'],
    accepts: { status: 400, changes: false, body: { token: ['This link is invalid or has expired.'] } },
  },
  'reset-password': {
    method: 'POST',
    url: '/api/v1/reset-password/',
    auth: false,
    body: () => ({ token: LINK_TOKEN, new_password: 'brand-new-pass' }),
    required: ['token', 'new_password'],
    accepts: { status: 400, changes: false, body: { token: ['This link is invalid or has expired.'] } },
  },
};

/** Row counts of every table in the public schema, and the partner's own row. */
async function snapshot(app: TTestApp, userId: number) {
  const tables = await queryRows<{ name: string }>(
    app.database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string }>(
      app.database.db,
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(row!.n);
  }
  const [user] = await app.database.db.select().from(users).where(eq(users.id, userId));
  return { counts, user };
}

type TCase = { name: string; payload: string; field: string | null };

function casesFor(base: Record<string, unknown>, required: string[]): TCase[] {
  const without = (field: string) =>
    Object.fromEntries(Object.entries(base).filter(([key]) => key !== field));
  const strings = Object.keys(base).filter((key) => typeof base[key] === 'string');
  return [
    { name: 'malformed JSON', payload: '{bad', field: null },
    ...required.map((field) => ({
      name: `${field} missing`,
      payload: JSON.stringify(without(field)),
      field,
    })),
    ...strings.map((field) => ({
      name: `${field} of 10,000 characters`,
      payload: JSON.stringify({ ...base, [field]: 'x'.repeat(10_000) }),
      field,
    })),
    ...strings.map((field) => ({
      name: `${field} a number`,
      payload: JSON.stringify({ ...base, [field]: 12345 }),
      field,
    })),
  ];
}

describe('for every account call, malformed, missing and oversized fields answer 400 with field messages and change nothing', () => {
  it.each(Object.entries(CALLS))('%s', async (_name, spec) => {
    const app = await testApp();
    const partner = await registerPartner(app);
    const base = spec.body(partner);
    const send = (payload: string) =>
      app.inject({
        method: spec.method,
        url: spec.url,
        headers: {
          'content-type': 'application/json',
          ...(spec.auth ? { authorization: `Bearer ${partner.token}` } : {}),
        },
        payload,
      });

    const before = await snapshot(app, partner.id);
    for (const testCase of casesFor(base, spec.required)) {
      const response = await send(testCase.payload);
      expect(response.statusCode, `${testCase.name}: ${response.body}`).toBe(400);
      const body = response.json<Record<string, string[]>>();
      if (testCase.field === null) {
        expect(body, testCase.name).toEqual({ non_field_errors: ['Malformed JSON.'] });
      } else {
        expect(body[testCase.field], `${testCase.name}: ${response.body}`).toEqual(
          expect.arrayContaining([expect.stringMatching(/\w/)]),
        );
      }
      expect(await snapshot(app, partner.id), testCase.name).toEqual(before);
    }

    // The base body itself passes validation: each 400 above came from the one field it broke,
    // and a body that got through would have shown in the snapshot.
    const accepted = await send(JSON.stringify(base));
    expect(accepted.statusCode, accepted.body).toBe(spec.accepts.status);
    if (spec.accepts.body) expect(accepted.json()).toEqual(spec.accepts.body);
    if (spec.accepts.changes) expect(await snapshot(app, partner.id)).not.toEqual(before);
  });
});
