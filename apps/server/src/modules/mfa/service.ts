import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { decrypt, deriveKey, encrypt } from '../../lib/crypto';
import { generateTotpSecret, matchTotp, otpauthUrl } from '../../lib/totp';
import type { TUserRow } from '../accounts/repo';
import * as accountsRepo from '../accounts/repo';
import { audit } from '../audit/service';
import type { TRateLimiter } from '../rate-limit/service';
import * as repo from './repo';

/** Two-factor authentication with an authenticator app (RFC 6238). */
export function createMfa(deps: { db: Db; config: TConfig; rateLimiter: TRateLimiter }) {
  const key = deriveKey(deps.config.secretKey, 'totp-secret');
  const codeLimit = (userId: number) => ({
    key: `code:user:${userId}`,
    limit: deps.config.rateLimits.perAccount,
    windowSeconds: deps.config.rateLimits.windowSeconds,
  });

  /** Accepts `code` for `secret` once; 400 on the code field otherwise. */
  async function accept(
    user: TUserRow,
    secret: string,
    code: string,
    commit: (step: number) => Promise<boolean>,
  ) {
    await deps.rateLimiter.attempt([codeLimit(user.id)]);
    const step = matchTotp(secret, code, Date.now() / 1000);
    if (step === null || !(await commit(step))) throw fail.field('code', 'invalidCode');
    await deps.rateLimiter.forgive([codeLimit(user.id).key]);
  }

  return {
    /** A new secret for the app; two-factor turns on only once a code from it is verified. */
    async setup(userId: number): Promise<{ secret: string; otpauth_url: string }> {
      const user = await accountsRepo.findUserById(deps.db, userId);
      if (!user) throw fail.unauthenticated();
      if (user.mfaEnabled) throw fail.request('mfaAlreadyEnabled');
      const secret = generateTotpSecret();
      await repo.setPendingSecret(deps.db, userId, encrypt(key, secret));
      return { secret, otpauth_url: otpauthUrl(secret, user.email, deps.config.appName) };
    },

    async verify(userId: number, code: string, ip: string | null): Promise<{ mfa_enabled: true }> {
      const user = await accountsRepo.findUserById(deps.db, userId);
      if (!user) throw fail.unauthenticated();
      if (user.mfaEnabled) throw fail.request('mfaAlreadyEnabled');
      if (!user.mfaPendingSecret) throw fail.field('code', 'mfaNotSetUp');
      await accept(user, decrypt(key, user.mfaPendingSecret), code, (step) =>
        deps.db.transaction(async (tx) => {
          const enabled = await repo.enable(tx, userId, step);
          if (enabled) await audit(tx, { userId, action: 'mfa.enabled', ip });
          return enabled;
        }),
      );
      return { mfa_enabled: true };
    },

    /**
     * Checks a code of a user who has two-factor on (sign-in, email change, withdrawals). Call it
     * before, not inside, a transaction: the code is spent once checked.
     */
    async checkCode(user: TUserRow, code: string): Promise<void> {
      if (!user.mfaEnabled || !user.mfaSecret) throw fail.field('code', 'mfaNotEnabled');
      await accept(user, decrypt(key, user.mfaSecret), code, (step) =>
        repo.acceptStep(deps.db, user.id, step),
      );
    },
  };
}

export type TMfa = ReturnType<typeof createMfa>;
