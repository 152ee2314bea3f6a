import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hotp, base32Decode, timeStep } from '../../src/lib/totp';
import { ADMIN, call, post } from './app';

let sequence = 0;

/** A valid registration; every call gets its own email and phone. */
export function partnerInput(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    email: `partner${sequence}@example.com`,
    password: 'password-123',
    password_confirm: 'password-123',
    first_name: 'Pat',
    last_name: `Partner${sequence}`,
    phone: `+3519${String(sequence).padStart(8, '0')}`,
    country: 'Portugal',
    country_code: 'PT',
    ...overrides,
  };
}

export type TPartner = { token: string; id: number; email: string; password: string; referralId: string };

/** `headers`: the client's own (`x-forwarded-for` and `user-agent` where the app trusts a proxy). */
export async function registerPartner(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<TPartner> {
  const input = partnerInput(overrides);
  const response = await call(app, 'POST', '/api/v1/accounts/register/', { body: input, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    token: response.body.token,
    id: response.body.user.id,
    email: input.email,
    password: input.password,
    referralId: response.body.user.referral_id,
  };
}

export async function loginAdmin(app: FastifyInstance): Promise<string> {
  const response = await post(app, '/api/v1/accounts/login/', ADMIN);
  expect(response.status).toBe(200);
  return response.body.token;
}

/** The authenticator app's code for `secret`, `offset` steps from now. */
export function totpCode(secret: string, offset = 0): string {
  return hotp(base32Decode(secret), timeStep(Date.now() / 1000) + offset);
}

/** Turns two-factor on for a partner; returns the secret. */
export async function enableMfa(app: FastifyInstance, token: string): Promise<string> {
  const setup = await post(app, '/api/v1/accounts/mfa/setup/', {}, token);
  expect(setup.status).toBe(200);
  const verify = await post(
    app,
    '/api/v1/accounts/mfa/verify/',
    { code: totpCode(setup.body.secret) },
    token,
  );
  expect(verify.status).toBe(200);
  return setup.body.secret;
}
