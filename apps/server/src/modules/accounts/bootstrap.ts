import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { hashPassword } from '../../lib/passwords';
import * as repo from './repo';

/** The company's own account: the mentor and binary root of partners who come without a code. */
export const COMPANY_ROOT = { email: 'company@root.invalid', referralId: 'COMPANY', firstName: 'Company', lastName: '' };

/**
 * Makes sure the company root account and the first superuser (ADMIN_EMAIL / ADMIN_PASSWORD)
 * exist. Safe when several processes start at once: a second insert loses on the unique index.
 */
export async function bootstrapAccounts(db: Db, config: TConfig): Promise<void> {
  let root = await repo.findCompanyRoot(db);
  if (!root) {
    root = await insertOnce(db, () =>
      repo.insertUser(db, { ...COMPANY_ROOT, isCompanyRoot: true, isActive: true, passwordHash: null, phone: null }),
    ).then(async (row) => row ?? (await repo.findCompanyRoot(db)));
  }
  if (!config.admin || !root) return;
  const existing = await repo.findUserByEmail(db, config.admin.email.toLowerCase());
  if (existing) {
    if (!existing.isSuperuser) await repo.updateUser(db, existing.id, { isSuperuser: true });
    return;
  }
  const passwordHash = await hashPassword(config.admin.password);
  await insertOnce(db, () =>
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

async function insertOnce<T>(db: Db, insert: () => Promise<T>): Promise<T | undefined> {
  try {
    return await insert();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) return undefined;
    throw error;
  }
}
