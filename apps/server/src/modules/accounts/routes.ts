import {
  PAGE_SIZE,
  ZAuthResponse,
  ZCheckReferralRequest,
  ZEmailChangeByAppRequest,
  ZEmailChangeByMailRequest,
  ZEmailChangeConfirmQuery,
  ZEmailChangeResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZMfaLoginRequest,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
  ZProfile,
  type TProfile,
  ZProfilePatch,
  ZProfilePut,
  ZReferralOwner,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSetLanguageRequest,
  ZSuccess,
  ZTokenAuthRequest,
  ZUsersPage,
  ZUsersQuery,
  ZUserIdParams,
  ZBlockRequest,
  ZKycDecisionRequest,
  ZKycDecisionResponse,
  ZRolesRequest,
  ZRolesResponse,
  ZKycSubmitResponse,
  ZKycQueueQuery,
  ZKycQueuePage,
  ZKycFileParams,
  KYC_MAX_MB,
  zEmail,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientMeta } from '../../http/client';
import { fail } from '../../http/errors';
import { pageOf } from '../../http/pagination';
import { route } from '../../http/route';
import { bearerToken } from '../sessions/service';
import type { TSessions } from '../sessions/service';
import { readAvatar } from './avatar';
import { readKycFiles } from './kyc';
import type { TRecovery } from './recovery';
import type { TAccounts } from './service';

const tags = ['accounts'];

export function accountRoutes(
  app: FastifyInstance,
  deps: {
    accounts: TAccounts;
    recovery: TRecovery;
    sessions: TSessions;
    avatarMaxBytes: number;
    /** The partners a search names by a wallet address (read-models/partners). */
    addressOwners?: (search: string | undefined) => Promise<number[]>;
  },
): void {
  const { accounts, recovery } = deps;
  /** The profile read with the session check, from the profile call's onRequest to its handler. */
  const profiles = new WeakMap<FastifyRequest, TProfile>();

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/register/',
    summary: 'Register; a promo or referral code makes its owner the mentor',
    tags,
    auth: 'public',
    body: ZRegisterRequest,
    status: 201,
    response: ZAuthResponse,
    handler: ({ body, request }) => accounts.register(body, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/check_referral_id/',
    summary: 'The partner a referral id, username or promo code names, or null',
    tags,
    auth: 'public',
    body: ZCheckReferralRequest,
    response: ZReferralOwner,
    handler: ({ body }) => accounts.checkReferral(body.promocode),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/login/',
    summary: 'Sign in; with two-factor on the token is null and mfa_login follows',
    tags,
    auth: 'public',
    body: ZLoginRequest,
    response: ZLoginResponse,
    handler: ({ body, request }) => accounts.login(body, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/mfa_login/',
    summary: 'Sign in with the password and an authenticator code',
    tags,
    auth: 'public',
    body: ZMfaLoginRequest,
    response: ZLoginResponse,
    handler: ({ body, request }) => accounts.mfaLogin(body, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/token-auth/',
    summary: 'Sign in with a token already held (form: token, language)',
    tags,
    auth: 'public',
    body: ZTokenAuthRequest,
    response: ZAuthResponse,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    handler: ({ body }) => accounts.tokenAuth(body.token, body.language),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/logout/',
    summary: 'Sign out: the token is revoked',
    tags,
    auth: 'user',
    status: 204,
    response: z.null(),
    handler: async ({ user }) => {
      if (user.sessionId) await deps.sessions.revoke(user.sessionId);
      return null;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/info/',
    summary: 'The signed-in profile',
    tags,
    auth: 'user',
    apiKey: true,
    response: ZProfile,
    // Read on every screen: the session check and the profile are one statement.
    authenticate: async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw fail.unauthenticated();
      const { user, profile } = await accounts.sessionProfile(await deps.sessions.claims(token));
      profiles.set(request, profile);
      return user;
    },
    handler: ({ user, request }) => {
      const profile = profiles.get(request);
      return profile ? Promise.resolve(profile) : accounts.profile(user.id);
    },
  });

  route(app, {
    method: 'PATCH',
    url: '/api/v1/accounts/info/',
    summary: 'Change personal fields; the finance password with the account password',
    tags,
    auth: 'user',
    body: ZProfilePatch,
    response: ZProfile,
    handler: ({ user, body, request }) => accounts.updateProfile(user.id, body, clientMeta(request)),
  });

  route(app, {
    method: 'PUT',
    url: '/api/v1/accounts/me/',
    summary: 'Replace the personal fields',
    tags,
    auth: 'user',
    body: ZProfilePut,
    response: ZProfile,
    handler: ({ user, body }) => accounts.replaceProfile(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/me/',
    summary: 'Upload the avatar (multipart field "avatar": JPEG, PNG or WebP)',
    tags,
    auth: 'user',
    response: ZProfile,
    consumes: ['multipart/form-data'],
    handler: async ({ user, request }) =>
      accounts.setAvatar(user.id, await readAvatar(request, deps.avatarMaxBytes)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/set_language/',
    summary:
      'Save the interface language (token in the body or the header); false when the body’s token is no live session',
    tags,
    auth: 'public',
    body: ZSetLanguageRequest,
    response: z.boolean(),
    handler: ({ body, request }) => {
      if (body.token) return accounts.setLanguage(body.token, body.language, 'body');
      const token = bearerToken(request.headers.authorization);
      if (!token) throw fail.unauthenticated();
      return accounts.setLanguage(token, body.language, 'header');
    },
  });

  // ---- email change ----

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/email_change/email/',
    summary: 'Send a confirmation link for a new email to the current address',
    tags,
    auth: 'user',
    body: ZEmailChangeByMailRequest,
    response: ZEmailChangeResponse,
    handler: ({ user, body, request }) =>
      recovery.requestEmailChangeByMail(user.id, body.new_email, clientMeta(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/accounts/email_change/email/confirm/',
    summary: 'Confirm an email change from the mailed link',
    tags,
    auth: 'public',
    query: ZEmailChangeConfirmQuery,
    response: ZEmailChangeResponse,
    handler: ({ query, request }) =>
      recovery.confirmEmailChange(query.token, query.email, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/email_change/auth_app/',
    summary: 'Change the email at once with an authenticator code',
    tags,
    auth: 'user',
    body: ZEmailChangeByAppRequest,
    response: ZEmailChangeResponse,
    handler: ({ user, body, request }) =>
      recovery.changeEmailByApp(user, body.new_email, body.code, clientMeta(request)),
  });

  // ---- password recovery: two flows of the spec, one service ----

  route(app, {
    method: 'POST',
    url: '/accounts/email_password_reset/',
    summary: 'Mail a password-reset link',
    tags,
    auth: 'public',
    body: ZPasswordResetRequest,
    response: ZSuccess,
    handler: ({ body, request }) => recovery.requestPasswordReset(body.email, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/accounts/email_password_reset/confirm/',
    summary: 'Set a new password with the mailed token',
    tags,
    auth: 'public',
    body: ZPasswordResetConfirm,
    response: ZSuccess,
    handler: ({ body, request }) => recovery.resetPassword(body.token, body.password, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/password-recovery/:email',
    summary: 'Mail a password-reset link',
    tags,
    auth: 'public',
    params: z.object({ email: zEmail }),
    response: ZSuccess,
    handler: ({ params, request }) => recovery.requestPasswordReset(params.email, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/reset-password/',
    summary: 'Set a new password with the mailed token',
    tags,
    auth: 'public',
    body: ZResetPasswordRequest,
    response: ZSuccess,
    handler: ({ body, request }) =>
      recovery.resetPassword(body.token, body.new_password, clientMeta(request)),
  });

  // ---- admin list, avatars ----

  route(app, {
    method: 'GET',
    url: '/api/v1/users/',
    summary: 'Users, by name, email, username, referral code, id or wallet address (support)',
    tags: ['admin'],
    auth: 'support',
    query: ZUsersQuery,
    response: ZUsersPage,
    handler: async ({ query, request }) => {
      const owners = (await deps.addressOwners?.(query.search)) ?? [];
      const { count, results } = await accounts.listUsers(query.search, query.page, PAGE_SIZE, owners);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/api/v1/users/:id/${action}/`,
      summary: blocked
        ? 'Blocks a partner: no sign-in, and their sessions end (superusers only)'
        : 'Unblocks a partner (superusers only)',
      tags: ['admin'],
      auth: 'support',
      params: ZUserIdParams,
      body: ZBlockRequest,
      response: ZSuccess,
      handler: async ({ user, params, body, request }) => {
        await accounts.setBlocked(user.id, params.id, blocked, clientMeta(request), body?.reason ?? null);
        return { success: true as const };
      },
    });
  }

  route(app, {
    method: 'PUT',
    url: '/api/v1/admin/users/:id/roles/',
    summary: "Set a user's operator roles (support, finance, admin), with the reason (admins)",
    tags: ['admin'],
    auth: 'admin',
    params: ZUserIdParams,
    body: ZRolesRequest,
    response: ZRolesResponse,
    handler: ({ user, params, body, request }) =>
      accounts.setRoles(user.id, params.id, body.roles, body.reason, clientMeta(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/accounts/kyc/',
    summary: `Send KYC: multipart files "document" and "selfie" (JPEG, PNG, WebP or PDF, at most ${KYC_MAX_MB} MB each)`,
    tags,
    auth: 'user',
    response: ZKycSubmitResponse,
    consumes: ['multipart/form-data'],
    handler: async ({ user, request }) =>
      accounts.submitKyc(user.id, await readKycFiles(request), clientMeta(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/kyc/',
    summary: 'The KYC queue: partners by KYC status, pending by default, oldest submission first (support)',
    tags: ['admin'],
    auth: 'support',
    query: ZKycQueueQuery,
    response: ZKycQueuePage,
    handler: async ({ query, request }) => {
      const { count, results } = await accounts.kycQueue(query.status, query.page, PAGE_SIZE);
      return pageOf(request, query.page, PAGE_SIZE, count, results);
    },
  });

  // A KYC file, for support only: never cached, never guessed as another type, shown inline.
  route(app, {
    method: 'GET',
    url: '/api/v1/admin/users/:id/kyc/files/:kind/',
    summary: "A partner's KYC file (document or selfie), for review (support)",
    tags: ['admin'],
    auth: 'support',
    params: ZKycFileParams,
    response: z.any(),
    handler: async ({ params, reply }) => {
      const file = await accounts.kycFile(params.id, params.kind);
      void reply
        .header('content-type', file.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="kyc-${params.id}-${params.kind}"`);
      return file.data;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/users/:id/kyc/',
    summary: "Verify or reject a partner's KYC, with the reason (support)",
    tags: ['admin'],
    auth: 'support',
    params: ZUserIdParams,
    body: ZKycDecisionRequest,
    response: ZKycDecisionResponse,
    handler: ({ user, params, body, request }) =>
      accounts.decideKyc(user.id, params.id, body, clientMeta(request)),
  });

  app.get('/media/avatars/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const upload = await accounts.avatar(id);
    return reply
      .header('content-type', upload.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(upload.data);
  });
}
