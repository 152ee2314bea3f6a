import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import { revokeUserSessions } from '../sessions/service';
import * as repo from './repo';

/** The company's own account: the mentor and binary root of partners who come without a code. */
export const COMPANY_ROOT = {
  email: 'company@root.invalid',
  referralId: 'COMPANY',
  firstName: 'Company',
  lastName: '',
};

/** A superuser this start created with a password of its own making (told once, at the end of the start). */
export type TCreatedSuperuser = { email: string; password: string };

/**
 * Makes sure the company root account and the first superuser (ADMIN_EMAIL / ADMIN_PASSWORD)
 * exist. Safe when several processes start at once: a second insert loses on the unique index.
 * Answers the development superuser when this start created it (its password exists nowhere else).
 */
export async function bootstrapAccounts(db: Db, config: TConfig): Promise<TCreatedSuperuser | null> {
  let root = await repo.findCompanyRoot(db);
  if (!root) {
    root = await insertOnce(() =>
      repo.insertUser(db, {
        ...COMPANY_ROOT,
        isCompanyRoot: true,
        isActive: true,
        passwordHash: null,
        phone: null,
      }),
    ).then(async (row) => row ?? (await repo.findCompanyRoot(db)));
  }
  if (!root) return null;
  if (!config.admin) return config.env === 'development' ? developmentSuperuser(db, root.id) : null;
  const existing = await repo.findUserByEmail(db, config.admin.email.toLowerCase());
  if (existing) {
    if (!existing.isSuperuser) await repo.updateUser(db, existing.id, { isSuperuser: true });
    return null;
  }
  const passwordHash = await hashPassword(config.admin.password);
  await insertOnce(() =>
    repo.insertUser(db, {
      email: config.admin!.email.toLowerCase(),
      passwordHash,
      firstName: 'Admin',
      lastName: '',
      referralId: 'ADMIN',
      isSuperuser: true,
      mentorId: root.id,
    }),
  );
  return null;
}

/**
 * Outside production without ADMIN_EMAIL, the embedded default still needs someone who can read
 * the mail outbox: a superuser with a random password, which the caller tells once.
 */
async function developmentSuperuser(db: Db, rootId: number): Promise<TCreatedSuperuser | null> {
  if (await repo.findUserByEmail(db, DEVELOPMENT_ADMIN_EMAIL)) return null;
  const password = randomToken(12);
  const created = await insertOnce(async () =>
    repo.insertUser(db, {
      email: DEVELOPMENT_ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: '',
      referralId: 'ADMIN',
      isSuperuser: true,
      mentorId: rootId,
    }),
  );
  return created ? { email: DEVELOPMENT_ADMIN_EMAIL, password } : null;
}

/**
 * A new random password for the superuser `email` (`npm run admin:password`, for an operator who
 * lost it: the reset mail would go to the outbox only a superuser reads). Every session of that
 * superuser ends. Answers the password; null when no superuser has that email.
 */
export async function resetSuperuserPassword(db: Db, email: string): Promise<string | null> {
  const user = await repo.findUserByEmail(db, email.toLowerCase());
  if (!user?.isSuperuser) return null;
  const password = randomToken(12);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash: await hashPassword(password) });
    await revokeUserSessions(tx, user.id);
  });
  return password;
}

export const DEVELOPMENT_ADMIN_EMAIL = 'admin@example.com';

async function insertOnce<T>(insert: () => Promise<T>): Promise<T | undefined> {
  try {
    return await insert();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) return undefined;
    throw error;
  }
}
