import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_PATTERN } from '@portal/contracts';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { decrypt, deriveKey, encrypt } from '../../lib/crypto';
import { generateTotpSecret, matchTotp, otpauthUrl } from '../../lib/totp';
import { audit } from '../audit/service';
import { KNOWN_ADDRESS_SECONDS, type TRateLimiter } from '../rate-limit/service';
import * as repo from './repo';
import type { TMfaSecret } from './repo';

export type { TMfaSecret } from './repo';

/**
 * Whether two-factor is on for a user, as SQL on `users.id` of another module's query (the
 * profile, the admin list), or read alone. The mfa module alone reads its table.
 */
export const mfaEnabledRow = repo.enabledRow;
export const mfaEnabledOf = repo.enabledOf;
/** Whether the user is to set two-factor up again after support's reset (SQL, as `mfaEnabledRow`). */
export const mfaSetupRequestedRow = repo.setupRequestedRow;
export const mfaSetupRequestedOf = repo.setupRequestedOf;

/**
 * The sealed secret of a user whose two-factor is on (`TMfaSecret`), as SQL read with the user
 * (sign-in), or alone (a withdrawal): null means two-factor is off.
 */
export const mfaSecretRow = repo.secretRow;
export const mfaSecretOf = repo.secretOf;

/**
 * Where a two-factor code is tried (docs/decisions.md "Rate limits"): in a signed-in session (a
 * withdrawal, an email change, turning two-factor on), or at sign-in from an address. Each has its
 * own attempt counters, so a stranger's wrong codes never lock the owner out of their session or
 * out of signing in from their own address.
 */
export type TCodeFrom = { sessionId: string | null } | { ip: string | null };

/** How many recovery codes a setup gives. */
export const RECOVERY_CODES = 10;

/** Letters and digits a person reads back without confusion (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh recovery codes, `xxxx-xxxx` (about 39 bits each). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const letters = Array.from(
      { length: 8 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${letters.slice(0, 4)}-${letters.slice(4)}`;
  });
}

/** Two-factor authentication with an authenticator app (RFC 6238). */
export function createMfa(deps: {
  db: Db;
  config: TConfig;
  rateLimiter: TRateLimiter;
  /**
   * The address the app labels the secret with: the user's email, undefined for no such user
   * (accounts' lookup, passed in by app.ts: accounts imports this module, to ask whether
   * two-factor is on).
   */
  emailOf: (userId: number) => Promise<string | undefined>;
  /** Tells a partner their two-factor was reset by support (a mail), after the reset committed. */
  onReset?: (userId: number) => Promise<void>;
}) {
  const key = deriveKey(deps.config.secretKey, 'totp-secret');
  const recoveryKey = deriveKey(deps.config.secretKey, 'mfa-recovery-code');
  /** A recovery code as kept: keyed by the server's secret, whatever case or dash it was typed with. */
  const recoveryHash = (userId: number, code: string) =>
    createHmac('sha256', recoveryKey)
      .update(`${userId}:${code.replace('-', '').toLowerCase()}`)
      .digest('base64url');
  const { perAccount: limit, windowSeconds } = deps.config.rateLimits;

  /**
   * Counts one code attempt of user `userId` from `from`; 429 past the limits. Answers the keys to
   * forgive when the code was right, and the key that remembers a sign-in address as the owner's.
   * In a session: that session's counter alone. At sign-in: the account and address together
   * (refusing past the limit) and, from an address whose code was never right, the account over
   * every address, which only slows strangers down (rate-limit `guess`).
   */
  async function count(
    userId: number,
    from: TCodeFrom,
  ): Promise<{ counted: string[]; known: string | null }> {
    if ('sessionId' in from) {
      const counter = { key: `code:session:${from.sessionId ?? `user:${userId}`}`, limit, windowSeconds };
      await deps.rateLimiter.attempt([counter]);
      return { counted: [counter.key], known: null };
    }
    const ip = from.ip ?? 'unknown';
    const known = `code:known:user:${userId}:${ip}`;
    const counted = await deps.rateLimiter.guess({
      pair: { key: `code:pair:user:${userId}:${ip}`, limit, windowSeconds },
      stranger: [],
      account: { key: `code:account:user:${userId}`, limit, windowSeconds },
      slowKey: `code:slow:user:${userId}`,
      known: await deps.rateLimiter.remembered(known, KNOWN_ADDRESS_SECONDS),
    });
    return { counted, known };
  }

  /** Accepts `code` for `secret` once; 400 on the code field otherwise. */
  async function accept(
    userId: number,
    secret: string,
    code: string,
    from: TCodeFrom,
    commit: (step: number) => Promise<boolean>,
  ) {
    const { counted, known } = await count(userId, from);
    const step = matchTotp(secret, code, Date.now() / 1000);
    if (step === null || !(await commit(step))) throw fail.field('code', 'invalidCode');
    await deps.rateLimiter.forgive(counted);
    if (known) await deps.rateLimiter.remember(known);
  }

  return {
    /** A new secret for the app; two-factor turns on only once a code from it is verified. */
    async setup(userId: number): Promise<{ secret: string; otpauth_url: string }> {
      const email = await deps.emailOf(userId);
      if (email === undefined) throw fail.unauthenticated();
      const secret = generateTotpSecret();
      if (!(await repo.setPendingSecret(deps.db, userId, encrypt(key, secret))))
        throw fail.request('mfaAlreadyEnabled');
      return { secret, otpauth_url: otpauthUrl(secret, email, deps.config.appName) };
    },

    async verify(
      userId: number,
      code: string,
      meta: { ip: string | null; sessionId: string | null },
    ): Promise<{ mfa_enabled: true; recovery_codes: string[] }> {
      const factor = await repo.findFactor(deps.db, userId);
      if (factor?.enabled) throw fail.request('mfaAlreadyEnabled');
      if (!factor?.pendingSecret) throw fail.field('code', 'mfaNotSetUp');
      const codes = newRecoveryCodes();
      const hashes = codes.map((one) => recoveryHash(userId, one));
      await accept(userId, decrypt(key, factor.pendingSecret), code, { sessionId: meta.sessionId }, (step) =>
        deps.db.transaction(async (tx) => {
          const enabled = await repo.enable(tx, userId, step, hashes);
          if (enabled) await audit(tx, { userId, action: 'mfa.enabled', ip: meta.ip });
          return enabled;
        }),
      );
      return { mfa_enabled: true, recovery_codes: codes };
    },

    /**
     * Signs in with a recovery code in place of the app's code (a lost phone): each code is good
     * once, counted against the same attempt limits as app codes; 400 on the code field otherwise.
     * The use is kept in the audit log.
     */
    async spendRecoveryCode(userId: number, code: string, meta: { ip: string | null }): Promise<void> {
      const { counted, known } = await count(userId, { ip: meta.ip });
      const spent =
        RECOVERY_CODE_PATTERN.test(code) &&
        (await deps.db.transaction(async (tx) => {
          if (!(await repo.spendRecoveryCode(tx, userId, recoveryHash(userId, code)))) return false;
          await audit(tx, { userId, action: 'mfa.recovery_code_used', ip: meta.ip });
          return true;
        }));
      if (!spent) throw fail.field('code', 'invalidCode');
      await deps.rateLimiter.forgive(counted);
      if (known) await deps.rateLimiter.remember(known);
    },

    /**
     * Support turns a partner's two-factor off on their request (a lost phone): the secret is
     * forgotten, the reason kept in the audit log with the operator, and the partner is mailed, so
     * a reset they did not ask for does not go unnoticed. The next setup starts afresh, and until
     * then the profile asks the partner to set it up again (`mfa_setup_required`). 404 for no
     * such partner; a partner without two-factor answers the same (nothing to reset, nothing logged).
     */
    async resetByOperator(
      operatorId: number,
      userId: number,
      reason: string,
      meta: { ip: string | null },
    ): Promise<{ mfa_enabled: false }> {
      if ((await deps.emailOf(userId)) === undefined) throw fail.notFound();
      const wasEnabled = await deps.db.transaction(async (tx) => {
        const enabled = await repo.resetFactor(tx, userId);
        if (enabled)
          await audit(tx, {
            userId,
            actorId: operatorId,
            action: 'mfa.reset',
            ip: meta.ip,
            reason,
            before: { mfa_enabled: true },
            after: { mfa_enabled: false },
          });
        return enabled;
      });
      if (wasEnabled) await deps.onReset?.(userId);
      return { mfa_enabled: false };
    },

    /**
     * Checks a code of a user who has two-factor on (sign-in, email change, withdrawals), tried
     * `from` a session or a sign-in address. `secret`: the user's, when the caller read it with
     * the user (`mfaSecretRow`, `mfaSecretOf`); read here otherwise. Call it before, not inside, a
     * transaction: the code is spent once checked.
     */
    async checkCode(
      userId: number,
      code: string,
      from: TCodeFrom,
      secret?: TMfaSecret | null,
    ): Promise<void> {
      const sealed = secret === undefined ? await repo.secretOf(deps.db, userId) : secret;
      if (!sealed) throw fail.field('code', 'mfaNotEnabled');
      await accept(userId, decrypt(key, sealed), code, from, (step) =>
        repo.acceptStep(deps.db, userId, step),
      );
    },
  };
}

export type TMfa = ReturnType<typeof createMfa>;
