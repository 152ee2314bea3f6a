import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/passwords';
import * as repo from './repo';

/** The company's own account: the mentor and binary root of partners who come without a code. */
export const COMPANY_ROOT = {
  email: 'company@root.invalid',
  referralId: 'COMPANY',
  firstName: 'Company',
  lastName: '',
};

/**
 * Makes sure the company root account and the first superuser (ADMIN_EMAIL / ADMIN_PASSWORD)
 * exist. Safe when several processes start at once: a second insert loses on the unique index.
 */
export async function bootstrapAccounts(
  db: Db,
  config: TConfig,
  log: (message: string) => void,
): Promise<void> {
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
  if (!root) return;
  if (!config.admin) {
    if (config.env === 'development') await developmentSuperuser(db, root.id, log);
    return;
  }
  const existing = await repo.findUserByEmail(db, config.admin.email.toLowerCase());
  if (existing) {
    if (!existing.isSuperuser) await repo.updateUser(db, existing.id, { isSuperuser: true });
    return;
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
}

/**
 * Outside production without ADMIN_EMAIL, the embedded default still needs someone who can read
 * the mail outbox: a superuser with a random password, told once in the log.
 */
async function developmentSuperuser(db: Db, rootId: number, log: (message: string) => void) {
  if (await repo.findUserByEmail(db, DEVELOPMENT_ADMIN_EMAIL)) return;
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
  if (created) {
    log(
      `Development superuser created: ${DEVELOPMENT_ADMIN_EMAIL} / ${password} (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
    );
  }
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
