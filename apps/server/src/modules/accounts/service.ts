import { randomInt, randomUUID } from 'node:crypto';
import {
  effectiveRoles,
  OPERATOR_ROLES,
  type TKycDecisionRequest,
  type TKycDocumentKind,
  type TKycStatus,
  type TOperatorRole,
  countryName,
  DEFAULT_LANGUAGE,
  MESSAGES,
  type TFieldErrors,
  type TAdminUser,
  type TAuthResponse,
  type TLanguage,
  type TLoginRequest,
  type TLoginResponse,
  type TProfile,
  type TProfileMentor,
  type TProfilePatch,
  type TProfilePut,
  type TReferralOwner,
  type TRegisterRequest,
  languageOr,
} from '@portal/contracts';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TConfig } from '../../config';
import { batched } from '../../db/batch';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError, fail } from '../../http/errors';
import type { TAuthUser } from '../../http/route';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { audit } from '../audit/service';
import { debtOf, debtRow } from '../compensation/service';
import { dftStatus, dftStatusFromRows, lockedGrantRows, type TLockedGrantRows } from '../dft/service';
import { balanceRows, balancesFrom, balancesOf, type TBalanceRows } from '../ledger/balances';
import { mfaEnabledOf, mfaEnabledRow, mfaSetupRequestedOf, mfaSetupRequestedRow } from '../mfa/service';
import { ownerOfUsableCode } from '../promocodes/service';
import * as network from '../network/service';
import { KNOWN_ADDRESS_SECONDS, type TRateLimiter } from '../rate-limit/service';
import type { TClientMeta, TSessionClaims, TSessions } from '../sessions/service';
import type { TKycFile } from './kyc';
import * as repo from './repo';
import type { TCodeCheck } from './repo';
import type { TUserRow } from './repo';

export { identitiesOf } from './repo';

/** Which 400 a unique index answers when two requests race past the first check. */
const UNIQUE_FIELDS = {
  users_email_key: ['email', 'emailExists'],
  users_phone_key: ['phone', 'phoneExists'],
  users_username_key: ['username', 'usernameExists'],
} as const;

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReferralId = () =>
  Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');

export function avatarUrl(avatarId: string | null): string | null {
  return avatarId ? `/media/avatars/${avatarId}` : null;
}

export function createAccounts(deps: {
  db: Db;
  config: TConfig;
  sessions: TSessions;
  mfa: TCodeCheck;
  rateLimiter: TRateLimiter;
  /** The time a promo code's expiry is read at (the system clock by default). */
  clock?: () => Date;
}) {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const windowSeconds = config.rateLimits.windowSeconds;

  const profileExtra = (id: SQL) => ({
    balances: balanceRows(id),
    grants: lockedGrantRows(id),
    debt: debtRow(id),
    mentor: repo.mentorRow(id),
    mfaEnabled: mfaEnabledRow(id),
    mfaSetupRequired: mfaSetupRequestedRow(id),
  });
  const profileRow = repo.prepareUserWith(db, 'profile_read', profileExtra);
  // The profile calls of one turn of the event loop are one statement (db/batch.ts).
  const sessionProfileRow = batched(repo.prepareUsersOfSessions(db, 'profile_read_sessions', profileExtra));

  // A read writes nothing, and is one statement: the user row, its balances and bonus totals,
  // and its locked DFT grants. Twelfths due by now are shown unlocked whether or not the job
  // moved them yet.
  function profileFrom(row: {
    user: TUserRow | repo.TProfileUser;
    balances: unknown;
    grants: unknown;
    debt: unknown;
    mentor: unknown;
    mfaEnabled: unknown;
    mfaSetupRequired: unknown;
  }): Promise<TProfile> {
    const dft = dftStatusFromRows(row.grants as TLockedGrantRows, new Date());
    return toProfile(db, row.user, {
      balances: balancesFrom(
        row.balances as TBalanceRows,
        dft.due,
        BigInt((row.debt as string | null) ?? '0'),
      ),
      nextUnlock: dft.next,
      mentor: row.mentor as repo.TMentorRow,
      mfaEnabled: row.mfaEnabled as boolean,
      mfaSetupRequired: row.mfaSetupRequired as boolean,
    });
  }

  async function profile(userId: number): Promise<TProfile> {
    const row = await profileRow(userId);
    if (!row) throw fail.unauthenticated();
    return profileFrom(row);
  }

  /**
   * The signed-in user and their profile in one statement, which also checks that the session
   * is live (as `sessions.verify` does); 401 when it is not.
   */
  async function sessionProfile(claims: TSessionClaims): Promise<{ user: TAuthUser; profile: TProfile }> {
    const row = await sessionProfileRow(claims);
    if (!row) throw fail.unauthenticated();
    return {
      user: {
        id: row.user.id,
        sessionId: claims.sessionId,
        isSuperuser: row.user.isSuperuser,
        roles: effectiveRoles(row.user.isSuperuser, row.user.operatorRoles),
      },
      profile: await profileFrom(row),
    };
  }

  /** 400 naming every unique value that another account already holds. */
  async function assertFree(
    values: { email?: string; phone?: string; username?: string | null },
    exceptUserId?: number,
  ) {
    const taken = await repo.takenValues(db, values, exceptUserId);
    const errors: TFieldErrors = {};
    for (const [field, key] of Object.values(UNIQUE_FIELDS)) {
      if (taken[field]) errors[field] = [MESSAGES[key]];
    }
    if (Object.keys(errors).length > 0) throw fail.fields(errors);
  }

  /** Turns a unique-index violation that a race let through into the same 400 as the check. */
  function rethrowUnique(error: unknown): never {
    const constraint = uniqueViolation(error);
    const known =
      constraint && constraint in UNIQUE_FIELDS
        ? UNIQUE_FIELDS[constraint as keyof typeof UNIQUE_FIELDS]
        : null;
    if (known) throw fail.field(known[0], known[1]);
    throw error;
  }

  /**
   * The partner a registration code names: the owner of a usable promo code (looked up first, so
   * that no username can take a code's sign-ups), else a referral id or a username.
   */
  async function ownerOfCode(code: string): Promise<TUserRow | undefined> {
    const promoOwner = await ownerOfUsableCode(db, code, clock());
    if (promoOwner !== null) {
      const owner = await repo.findUserById(db, promoOwner);
      if (owner?.isActive) return owner;
    }
    return repo.findByReferralCode(db, code);
  }

  /** The mentor named by a registration code: a promo code's owner, a referral id or a username. */
  async function mentorFor(code: string | undefined): Promise<TUserRow> {
    if (code) {
      const owner = await ownerOfCode(code);
      if (!owner) throw fail.field('promocode', 'invalidPromocode');
      return owner;
    }
    const root = await repo.findCompanyRoot(db);
    if (!root) throw new Error('The company root account is missing');
    return root;
  }

  /**
   * An account is named by its id, so that its email and its username share one count; a login
   * that names no account is named by its text, which answers the same as for an account.
   */
  const accountName = (login: string, user: TUserRow | undefined) =>
    user ? `user:${user.id}` : `login:${login.toLowerCase()}`;

  /**
   * The account password asked again by a signed-in call: counted against a limit of its own
   * (only the holder of a token reaches it), so that a stolen token is no unlimited way to guess
   * it, and strangers' sign-in failures do not block it.
   */
  async function checkCurrentPassword(user: TUserRow, password: string): Promise<void> {
    const limit = {
      key: `password:account:user:${user.id}`,
      limit: config.rateLimits.perAccount,
      windowSeconds,
    };
    await deps.rateLimiter.attempt([limit]);
    if (!(await verifyPassword(user.passwordHash, password))) throw fail.field('password', 'passwordInvalid');
    await deps.rateLimiter.forgive([limit.key]);
  }

  /**
   * The user whose password this is, counted against the attempt limits; 400 otherwise
   * (docs/decisions.md "Rate limits"). What refuses: failures per account and address together,
   * and per address across accounts, except for an account that signed in from that address
   * before. Across addresses an account is only slowed down: past LOGIN_ATTEMPTS_PER_ACCOUNT
   * failures, one attempt per a delay that doubles with each failure (1 s up to a minute), and
   * never from its owner's own addresses. So strangers can neither lock the owner out nor guess fast.
   */
  async function checkCredentials(input: TLoginRequest, meta: TClientMeta): Promise<repo.TSignInUser> {
    const user = await repo.findUserByLogin(db, input.email);
    const account = accountName(input.email, user);
    const ip = meta.ip ?? 'unknown';
    const knownKey = user ? `login:known:user:${user.id}:${ip}` : null;
    const known = knownKey !== null && (await deps.rateLimiter.remembered(knownKey, KNOWN_ADDRESS_SECONDS));
    const { perAccount, perIp } = config.rateLimits;
    const counted = await deps.rateLimiter.guess({
      pair: { key: `login:pair:${account}:${ip}`, limit: perAccount, windowSeconds },
      stranger: [{ key: `login:ip:${ip}`, limit: perIp, windowSeconds }],
      account: { key: `login:account:${account}`, limit: perAccount, windowSeconds },
      slowKey: `login:slow:${account}`,
      known,
    });
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) throw fail.request('invalidCredentials');
    // Only to the one who knows the password: a blocked account says so, and who to ask (issue 22).
    if (!user.isActive) throw fail.request('accountBlocked');
    await deps.rateLimiter.forgive(counted);
    await deps.rateLimiter.remember(knownKey!);
    return user;
  }

  return {
    profile,
    sessionProfile,

    /**
     * `within`, when given, runs in the registration's transaction once the user exists (the
     * landing flow opens its order there): what it refuses registers nobody.
     */
    async register(
      input: TRegisterRequest,
      meta: TClientMeta,
      within?: (tx: Db, userId: number) => Promise<void>,
    ): Promise<TAuthResponse> {
      // Every sign-up with a valid form counts, refused ones too (so it is no fast way to test
      // which emails have accounts); counted before the work, so a burst cannot slip past.
      await deps.rateLimiter.attempt(
        [
          {
            key: `register:ip:${meta.ip ?? 'unknown'}`,
            limit: config.registrationsPerIpPerHour,
            windowSeconds: 3600,
          },
        ],
        'tooManyRegistrations',
      );
      await assertFree({ email: input.email, phone: input.phone, username: input.username });
      const mentor = await mentorFor(input.promocode || undefined);
      const passwordHash = await hashPassword(input.password);
      // The slot is locked while it is taken (network.reservePlacement); the unique indexes stay
      // the last word, and a rare collision on them (a new referral id) is simply tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const placement = await network.reservePlacement(tx, mentor);
            const user = await repo.insertUser(tx, {
              email: input.email,
              username: input.username ?? null,
              passwordHash,
              firstName: input.first_name,
              lastName: input.last_name,
              phone: input.phone,
              country: countryName(input.country_code),
              countryCode: input.country_code,
              language: input.language ?? DEFAULT_LANGUAGE,
              referralId: newReferralId(),
              ...network.placementColumns(placement),
            });
            await network.completePlacement(tx, placement, user.id);
            await audit(tx, {
              userId: user.id,
              action: 'account.registered',
              ip: meta.ip,
              details: { mentor_id: mentor.id },
            });
            if (within) await within(tx, user.id);
            const token = await deps.sessions.issue(user.id, meta, tx);
            return { token, user: await toProfile(tx, user) };
          });
        } catch (error) {
          const constraint = uniqueViolation(error);
          const retry = constraint === 'users_binary_slot_key' || constraint === 'users_referral_id_key';
          if (retry && attempt < 5) continue;
          rethrowUnique(error);
        }
      }
    },

    async checkReferral(code: string): Promise<TReferralOwner> {
      const owner = await ownerOfCode(code);
      if (!owner || owner.isCompanyRoot) return null;
      return {
        id: owner.id,
        username: owner.username,
        first_name: owner.firstName,
        last_name: owner.lastName,
      };
    },

    /** With two-factor on, the password alone gives no token: the code is asked next (spec). */
    async login(input: TLoginRequest, meta: TClientMeta): Promise<TLoginResponse> {
      const user = await checkCredentials(input, meta);
      if (user.mfaSecret) return { token: null, mfa_enabled: true };
      return { token: await deps.sessions.issue(user.id, meta), mfa_enabled: false };
    },

    async mfaLogin(input: TLoginRequest & { code: string }, meta: TClientMeta): Promise<TLoginResponse> {
      const user = await checkCredentials(input, meta);
      if (!user.mfaSecret) return { token: await deps.sessions.issue(user.id, meta), mfa_enabled: false };
      // Six digits are the app's code; anything else the contract let through is a recovery code.
      if (/^[0-9]{6}$/.test(input.code))
        await deps.mfa.checkCode(user.id, input.code, { ip: meta.ip ?? null }, user.mfaSecret);
      else await deps.mfa.spendRecoveryCode(user.id, input.code, { ip: meta.ip ?? null });
      return { token: await deps.sessions.issue(user.id, meta), mfa_enabled: true };
    },

    /** Sign-in by a token the user already holds (spec: token and language). */
    async tokenAuth(token: string, language: TLanguage | undefined): Promise<TAuthResponse> {
      const user = await deps.sessions.verify(token);
      if (language) await repo.updateUser(db, user.id, { language });
      return { token, user: await profile(user.id) };
    },

    /**
     * Saves the language of the token's account (spec: "true or false"): false, saving nothing,
     * when the token given in the body is no live session (expired, revoked, malformed). The
     * language switcher of a signed-out page sends whatever token it still holds, and a 401 there
     * would end nothing. The Authorization header is checked as on every signed-in call (401).
     */
    async setLanguage(token: string, language: TLanguage, from: 'body' | 'header'): Promise<boolean> {
      let user: { id: number };
      try {
        user = await deps.sessions.verify(token);
      } catch (error) {
        if (from === 'body' && error instanceof AppError && error.statusCode === 401) return false;
        throw error;
      }
      await repo.updateUser(db, user.id, { language });
      return true;
    },

    async updateProfile(userId: number, patch: TProfilePatch, meta: TClientMeta): Promise<TProfile> {
      const { finance_password: financePassword, password, ...fields } = patch;
      await assertFree({ phone: fields.phone, username: fields.username }, userId);
      let financePasswordHash: string | undefined;
      if (financePassword !== undefined) {
        const user = await repo.findUserById(db, userId);
        if (!user) throw fail.unauthenticated();
        await checkCurrentPassword(user, password ?? '');
        financePasswordHash = await hashPassword(financePassword);
      }
      try {
        await db.transaction(async (tx) => {
          const patch = {
            ...(fields.first_name !== undefined && { firstName: fields.first_name }),
            ...(fields.last_name !== undefined && { lastName: fields.last_name }),
            ...(fields.phone !== undefined && { phone: fields.phone }),
            // The name follows the code; a name sent alone is ignored (docs/decisions.md).
            ...(fields.country_code !== undefined && {
              country: countryName(fields.country_code),
              countryCode: fields.country_code,
            }),
            ...(fields.username !== undefined && { username: fields.username }),
            ...(fields.language !== undefined && { language: fields.language }),
            ...(financePasswordHash !== undefined && { financePasswordHash }),
          };
          // A body with nothing to store (e.g. a country name alone) changes nothing.
          if (Object.keys(patch).length > 0) await repo.updateUser(tx, userId, patch);
          if (financePasswordHash) await audit(tx, { userId, action: 'finance_password.set', ip: meta.ip });
        });
      } catch (error) {
        rethrowUnique(error);
      }
      return profile(userId);
    },

    async replaceProfile(userId: number, fields: TProfilePut): Promise<TProfile> {
      await assertFree({ phone: fields.phone, username: fields.username }, userId);
      try {
        await repo.updateUser(db, userId, {
          firstName: fields.first_name,
          lastName: fields.last_name,
          phone: fields.phone,
          country: countryName(fields.country_code),
          countryCode: fields.country_code,
          ...(fields.username !== undefined && { username: fields.username }),
        });
      } catch (error) {
        rethrowUnique(error);
      }
      return profile(userId);
    },

    async setAvatar(userId: number, image: { contentType: string; data: Buffer }): Promise<TProfile> {
      await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw fail.unauthenticated();
        const id = randomUUID();
        await repo.insertUpload(tx, { id, userId, ...image });
        await repo.updateUser(tx, userId, { avatarId: id });
        if (user.avatarId) await repo.deleteUpload(tx, user.avatarId);
      });
      return profile(userId);
    },

    /** The users list; `ids` are users the search names otherwise (by a wallet address). */
    async listUsers(
      search: string | undefined,
      page: number,
      pageSize: number,
      ids: readonly number[] = [],
    ): Promise<{ count: number; results: TAdminUser[] }> {
      const { count, rows } = await repo.listUsers(db, search, (page - 1) * pageSize, pageSize, ids);
      const results = rows.map(({ user: row, mentorName, mfaEnabled }) => ({
        id: row.id,
        email: row.email,
        username: row.username,
        first_name: row.firstName,
        last_name: row.lastName,
        referral_id: row.referralId,
        mentor_id: row.mentorId,
        mentor_name: mentorName,
        is_superuser: row.isSuperuser,
        roles: row.operatorRoles,
        is_active: row.isActive,
        mfa_enabled: mfaEnabled,
        kyc_status: row.kycStatus,
        date_joined: row.dateJoined.toISOString(),
      }));
      return { count, results };
    },

    /**
     * Blocks or unblocks a partner. A blocked partner cannot sign in, and every session they hold
     * ends in the same transaction (a session check also refuses an inactive user).
     */
    async setBlocked(
      adminId: number,
      userId: number,
      blocked: boolean,
      meta: TClientMeta,
      reason: string | null = null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw fail.notFound();
        if (blocked && (user.isSuperuser || user.isCompanyRoot)) throw fail.request('cannotBlockSuperuser');
        if (user.isActive === !blocked) return;
        await repo.updateUser(tx, userId, { isActive: !blocked });
        if (blocked) await deps.sessions.revokeAll(userId, tx);
        await audit(tx, {
          userId,
          actorId: adminId,
          action: blocked ? 'user.blocked' : 'user.unblocked',
          ip: meta.ip,
          reason,
          before: { is_active: user.isActive },
          after: { is_active: !blocked },
        });
      });
    },

    /**
     * An admin sets the operator roles of a user (the whole set), with the reason in the audit
     * log. A superuser's roles are every role whatever is stored; the company root gets none.
     */
    async setRoles(
      adminId: number,
      userId: number,
      roles: readonly TOperatorRole[],
      reason: string,
      meta: TClientMeta,
    ): Promise<{ roles: TOperatorRole[] }> {
      const wanted = OPERATOR_ROLES.filter((role) => roles.includes(role));
      return db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw fail.notFound();
        if (user.isCompanyRoot && wanted.length > 0) throw fail.request('companyRootNoRoles');
        if (!sameRoles(user.operatorRoles, wanted)) {
          await repo.updateUser(tx, userId, { operatorRoles: wanted });
          await audit(tx, {
            userId,
            actorId: adminId,
            action: 'user.roles',
            ip: meta.ip,
            reason,
            before: { roles: user.operatorRoles },
            after: { roles: wanted },
          });
        }
        return { roles: wanted };
      });
    },

    /**
     * A partner sends their KYC files (identity document and selfie, already checked by
     * `readKycFiles`): kept privately, replacing any sent before, and the status is pending until
     * support decides. Refused once verified.
     */
    async submitKyc(
      userId: number,
      files: readonly TKycFile[],
      meta: TClientMeta,
    ): Promise<{ kyc_status: 'pending' }> {
      await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) throw fail.unauthenticated();
        if (user.kycStatus === 'verified') throw fail.request('kycAlreadyVerified');
        await repo.saveKycFiles(tx, userId, files);
        if (user.kycStatus !== 'pending')
          await repo.updateUser(tx, userId, { kycStatus: 'pending', kycReason: null });
        await audit(tx, {
          userId,
          action: 'kyc.submitted',
          ip: meta.ip,
          before: { kyc_status: user.kycStatus },
          after: { kyc_status: 'pending' },
          details: {
            files: files.map((file) => ({
              kind: file.kind,
              type: file.contentType,
              bytes: file.data.length,
            })),
          },
        });
      });
      return { kyc_status: 'pending' };
    },

    /** Support's queue: partners of a KYC status (pending by default), oldest submission first. */
    async kycQueue(status: TKycStatus, page: number, pageSize: number) {
      const { count, rows } = await repo.kycQueue(db, status, (page - 1) * pageSize, pageSize);
      return {
        count,
        results: rows.map((row) => ({
          user_id: row.id,
          email: row.email,
          first_name: row.firstName,
          last_name: row.lastName,
          kyc_status: row.kycStatus,
          submitted_at: row.submittedAt ? new Date(row.submittedAt).toISOString() : null,
          files: row.kinds ?? [],
        })),
      };
    },

    /** One KYC file of a partner, for support's review; 404 when there is none. */
    async kycFile(userId: number, kind: TKycDocumentKind): Promise<{ contentType: string; data: Buffer }> {
      const file = await repo.findKycFile(db, userId, kind);
      if (!file) throw fail.notFound();
      return file;
    },

    /**
     * Support's decision on a partner's KYC (verified unlocks card top-ups above the KYC limit),
     * with the reason in the audit log. Deciding the status a partner already has changes nothing.
     */
    async decideKyc(
      operatorId: number,
      userId: number,
      decision: TKycDecisionRequest,
      meta: TClientMeta,
    ): Promise<{ kyc_status: TKycStatus }> {
      return db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user || user.isCompanyRoot) throw fail.notFound();
        if (user.kycStatus !== decision.status) {
          await repo.updateUser(tx, userId, {
            kycStatus: decision.status,
            kycReason: decision.status === 'rejected' ? decision.reason : null,
          });
          await audit(tx, {
            userId,
            actorId: operatorId,
            action: `kyc.${decision.status}`,
            ip: meta.ip,
            reason: decision.reason,
            before: { kyc_status: user.kycStatus },
            after: { kyc_status: decision.status },
          });
        }
        return { kyc_status: decision.status };
      });
    },

    /** An avatar image by its id; ids are random, so an avatar is as private as its URL. */
    async avatar(id: string): Promise<{ contentType: string; data: Buffer }> {
      const upload = z.uuid().safeParse(id).success ? await repo.findUpload(db, id) : undefined;
      if (!upload) throw fail.notFound();
      return upload;
    },
  };
}

export type TAccounts = ReturnType<typeof createAccounts>;

/** The profile's balances, next DFT unlock, mentor and two-factor state, read without writing. */
async function readsOf(db: Db, userId: number) {
  const now = new Date();
  const dft = await dftStatus(db, userId, now);
  return {
    balances: await balancesOf(db, userId, dft.due, await debtOf(db, userId)),
    nextUnlock: dft.next,
    mentor: await repo.mentorOf(db, userId),
    mfaEnabled: await mfaEnabledOf(db, userId),
    mfaSetupRequired: await mfaSetupRequestedOf(db, userId),
  };
}

/** A mentor as the profile names them: a name and a username, nothing more (contracts ZProfileMentor). */
function mentorFrom(row: repo.TMentorRow): TProfileMentor | null {
  if (!row) return null;
  const [firstName, lastName, username, company] = row;
  return { first_name: firstName, last_name: lastName, username, company };
}

export async function toProfile(
  db: Db,
  user: TUserRow | repo.TProfileUser,
  reads?: Awaited<ReturnType<typeof readsOf>>,
): Promise<TProfile> {
  const { balances, nextUnlock, mentor, mfaEnabled, mfaSetupRequired } =
    reads ?? (await readsOf(db, user.id));
  return {
    id: user.id,
    referral_id: user.referralId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone ?? '',
    country: user.country,
    country_code: user.countryCode,
    username: user.username,
    language: languageOr(user.language),
    avatar: avatarUrl(user.avatarId),
    mentor_id: user.mentorId,
    mentor: mentorFrom(mentor),
    is_superuser: user.isSuperuser,
    roles: effectiveRoles(user.isSuperuser, user.operatorRoles),
    is_active: user.isActive,
    mfa_enabled: mfaEnabled,
    mfa_setup_required: mfaSetupRequired,
    has_finance_password:
      'hasFinancePassword' in user ? user.hasFinancePassword : user.financePasswordHash !== null,
    binary_side: user.binarySide,
    kyc_status: user.kycStatus,
    kyc_reason: user.kycStatus === 'rejected' ? user.kycReason : null,
    balances,
    dft_next_unlock_at: nextUnlock?.toISOString() ?? null,
  };
}

/** Two sets of roles are the same (whatever their order). */
const sameRoles = (a: readonly TOperatorRole[], b: readonly TOperatorRole[]): boolean =>
  a.length === b.length && a.every((role) => b.includes(role));
