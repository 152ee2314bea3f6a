import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { decrypt, deriveKey, encrypt } from '../../lib/crypto';
import { generateTotpSecret, matchTotp, otpauthUrl } from '../../lib/totp';
import type { TCodeFrom, TUserRow } from '../accounts/repo';
import * as accountsRepo from '../accounts/repo';
import { audit } from '../audit/service';
import { KNOWN_ADDRESS_SECONDS, type TRateLimiter } from '../rate-limit/service';
import * as repo from './repo';

/** Two-factor authentication with an authenticator app (RFC 6238). */
export function createMfa(deps: { db: Db; config: TConfig; rateLimiter: TRateLimiter }) {
  const key = deriveKey(deps.config.secretKey, 'totp-secret');
  const { perAccount: limit, windowSeconds } = deps.config.rateLimits;

  /**
   * Counts one code attempt of `user` from `from`; 429 past the limits. Answers the keys to forgive
   * when the code was right, and the key that remembers a sign-in address as the owner's.
   * In a session: that session's counter alone. At sign-in: the account and address together
   * (refusing past the limit) and, from an address whose code was never right, the account over
   * every address, which only slows strangers down (rate-limit `guess`).
   */
  async function count(
    user: TUserRow,
    from: TCodeFrom,
  ): Promise<{ counted: string[]; known: string | null }> {
    if ('sessionId' in from) {
      const counter = { key: `code:session:${from.sessionId ?? `user:${user.id}`}`, limit, windowSeconds };
      await deps.rateLimiter.attempt([counter]);
      return { counted: [counter.key], known: null };
    }
    const ip = from.ip ?? 'unknown';
    const known = `code:known:user:${user.id}:${ip}`;
    const counted = await deps.rateLimiter.guess({
      pair: { key: `code:pair:user:${user.id}:${ip}`, limit, windowSeconds },
      stranger: [],
      account: { key: `code:account:user:${user.id}`, limit, windowSeconds },
      slowKey: `code:slow:user:${user.id}`,
      known: await deps.rateLimiter.remembered(known, KNOWN_ADDRESS_SECONDS),
    });
    return { counted, known };
  }

  /** Accepts `code` for `secret` once; 400 on the code field otherwise. */
  async function accept(
    user: TUserRow,
    secret: string,
    code: string,
    from: TCodeFrom,
    commit: (step: number) => Promise<boolean>,
  ) {
    const { counted, known } = await count(user, from);
    const step = matchTotp(secret, code, Date.now() / 1000);
    if (step === null || !(await commit(step))) throw fail.field('code', 'invalidCode');
    await deps.rateLimiter.forgive(counted);
    if (known) await deps.rateLimiter.remember(known);
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

    async verify(
      userId: number,
      code: string,
      meta: { ip: string | null; sessionId: string | null },
    ): Promise<{ mfa_enabled: true }> {
      const user = await accountsRepo.findUserById(deps.db, userId);
      if (!user) throw fail.unauthenticated();
      if (user.mfaEnabled) throw fail.request('mfaAlreadyEnabled');
      if (!user.mfaPendingSecret) throw fail.field('code', 'mfaNotSetUp');
      await accept(user, decrypt(key, user.mfaPendingSecret), code, { sessionId: meta.sessionId }, (step) =>
        deps.db.transaction(async (tx) => {
          const enabled = await repo.enable(tx, userId, step);
          if (enabled) await audit(tx, { userId, action: 'mfa.enabled', ip: meta.ip });
          return enabled;
        }),
      );
      return { mfa_enabled: true };
    },

    /**
     * Checks a code of a user who has two-factor on (sign-in, email change, withdrawals), tried
     * `from` a session or a sign-in address. Call it before, not inside, a transaction: the code
     * is spent once checked.
     */
    async checkCode(user: TUserRow, code: string, from: TCodeFrom): Promise<void> {
      if (!user.mfaEnabled || !user.mfaSecret) throw fail.field('code', 'mfaNotEnabled');
      await accept(user, decrypt(key, user.mfaSecret), code, from, (step) =>
        repo.acceptStep(deps.db, user.id, step),
      );
    },
  };
}

export type TMfa = ReturnType<typeof createMfa>;
