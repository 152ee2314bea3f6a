import { languageOr, type TLanguage } from '@portal/contracts';
import type { TMailer } from '../../adapters/mail';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { fail } from '../../http/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { audit } from '../audit/service';
import type { TCodeCheck } from './repo';
import { renderMail } from '../notifications/mails';
import type { TRateLimiter } from '../rate-limit/service';
import type { TClientMeta, TSessions } from '../sessions/service';
import * as repo from './repo';
import type { TTokenPurpose, TUserRow } from './repo';

const HOUR = 3600;
const LINK_LIFETIME: Record<TTokenPurpose, number> = { password_reset: HOUR, email_change: 24 * HOUR };
/** Mails a user can be sent per hour by each flow, so the forms cannot flood a mailbox. */
const MAILS_PER_HOUR = 5;

const languageOf = (user: TUserRow): TLanguage => languageOr(user.language);

/** Password recovery and email change: links by mail (single use, expiring) or a 2FA code. */
export function createRecovery(deps: {
  db: Db;
  config: TConfig;
  sessions: TSessions;
  mfa: TCodeCheck;
  rateLimiter: TRateLimiter;
  mailer: TMailer;
}) {
  const { db, config } = deps;

  async function limitMails(flow: string, userId: number, ip: string | null) {
    await deps.rateLimiter.attempt([
      { key: `mail:${flow}:user:${userId}`, limit: MAILS_PER_HOUR, windowSeconds: HOUR },
      { key: `mail:${flow}:ip:${ip ?? 'unknown'}`, limit: MAILS_PER_HOUR * 10, windowSeconds: HOUR },
    ]);
  }

  /** Stores a new link token (only its hash) and retires the user's earlier ones of the purpose. */
  async function issueLink(user: TUserRow, purpose: TTokenPurpose, newEmail?: string): Promise<string> {
    const token = randomToken();
    await db.transaction(async (tx) => {
      await repo.retireOneTimeTokens(tx, user.id, purpose);
      await repo.insertOneTimeToken(tx, {
        userId: user.id,
        purpose,
        tokenHash: sha256(token),
        ...(newEmail ? { newEmail } : {}),
        expiresAt: new Date(Date.now() + LINK_LIFETIME[purpose] * 1000),
      });
    });
    return token;
  }

  async function changeEmail(db: Db, user: TUserRow, newEmail: string, via: string, meta: TClientMeta) {
    try {
      await repo.updateUser(db, user.id, { email: newEmail });
    } catch (error) {
      if (uniqueViolation(error) === 'users_email_key') throw fail.field('new_email', 'emailExists');
      throw error;
    }
    await audit(db, {
      userId: user.id,
      action: 'email.changed',
      ip: meta.ip,
      details: { from: user.email, to: newEmail, via },
    });
  }

  /** The old address hears of the change, so that a stolen session cannot change it silently. */
  async function noticeEmailChanged(user: TUserRow, newEmail: string) {
    await deps.mailer.send(
      renderMail('emailChanged', languageOf(user), user.email, {
        app: config.appName,
        name: user.firstName,
        email: newEmail,
      }),
    );
  }

  async function assertNewEmail(user: TUserRow, newEmail: string) {
    if (newEmail === user.email) throw fail.field('new_email', 'emailSame');
    if ((await repo.takenValues(db, { email: newEmail }, user.id)).email)
      throw fail.field('new_email', 'emailExists');
  }

  async function currentUser(userId: number): Promise<TUserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw fail.unauthenticated();
    return user;
  }

  return {
    /** Tells a partner that support reset their two-factor (mfa's `onReset`). */
    async noticeMfaReset(userId: number): Promise<void> {
      const user = await repo.findUserById(db, userId);
      if (!user) return;
      await deps.mailer.send(
        renderMail('mfaReset', languageOf(user), user.email, { app: config.appName, name: user.firstName }),
      );
    },

    async requestPasswordReset(email: string, meta: TClientMeta): Promise<{ success: true }> {
      const user = await repo.findUserByEmail(db, email);
      // The spec answers an unknown address with a message of its own.
      if (!user || !user.isActive || user.isCompanyRoot) throw fail.field('email', 'noSuchEmail');
      await limitMails('password_reset', user.id, meta.ip);
      const token = await issueLink(user, 'password_reset');
      const link = `${config.publicUrl}/reset-password/${token}`;
      await deps.mailer.send(
        renderMail('passwordReset', languageOf(user), user.email, {
          app: config.appName,
          name: user.firstName,
          link,
        }),
      );
      return { success: true };
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(token: string, password: string, meta: TClientMeta): Promise<{ success: true }> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await repo.consumeOneTimeToken(tx, sha256(token), 'password_reset');
        if (!used) throw fail.field('token', 'linkInvalid');
        await repo.updateUser(tx, used.userId, { passwordHash, passwordChangedAt: new Date() });
        await deps.sessions.revokeAll(used.userId, tx);
        await audit(tx, { userId: used.userId, action: 'password.reset', ip: meta.ip });
      });
      return { success: true };
    },

    /** A link to confirm the change goes to the OLD address (spec). */
    async requestEmailChangeByMail(userId: number, newEmail: string, meta: TClientMeta) {
      const user = await currentUser(userId);
      await assertNewEmail(user, newEmail);
      await limitMails('email_change', user.id, meta.ip);
      const token = await issueLink(user, 'email_change', newEmail);
      const link = `${config.publicUrl}/confirm-email?${new URLSearchParams({ token, email: newEmail }).toString()}`;
      try {
        await deps.mailer.send(
          renderMail('emailChange', languageOf(user), user.email, {
            app: config.appName,
            name: user.firstName,
            email: newEmail,
            link,
          }),
        );
      } catch (error) {
        throw fail.unavailable('emailChangeMailFailed', error);
      }
      return { email: newEmail, changed: false };
    },

    async confirmEmailChange(token: string, email: string, meta: TClientMeta) {
      const { user, newEmail } = await db.transaction(async (tx) => {
        const used = await repo.consumeOneTimeToken(tx, sha256(token), 'email_change');
        if (!used || used.newEmail !== email) throw fail.field('token', 'linkInvalid');
        const user = await repo.lockUser(tx, used.userId);
        if (!user) throw fail.field('token', 'linkInvalid');
        await changeEmail(tx, user, email, 'mail', meta);
        return { user, newEmail: email };
      });
      await noticeEmailChanged(user, newEmail);
      return { email: newEmail, changed: true };
    },

    /** With two-factor on, a code from the app confirms the change at once (spec). */
    async changeEmailByApp(
      caller: { id: number; sessionId: string | null },
      newEmail: string,
      code: string,
      meta: TClientMeta,
    ) {
      const user = await currentUser(caller.id);
      await assertNewEmail(user, newEmail);
      await deps.mfa.checkCode(user.id, code, { sessionId: caller.sessionId });
      await db.transaction((tx) => changeEmail(tx, user, newEmail, 'authenticator', meta));
      await noticeEmailChanged(user, newEmail);
      return { email: newEmail, changed: true };
    },
  };
}

export type TRecovery = ReturnType<typeof createRecovery>;
