import type { TKycDocumentKind, TKycStatus } from '@portal/contracts';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { deleteDue, PRUNE_BATCH } from '../../db/prune';
import { kycDocuments, oneTimeTokens, uploads, users } from './schema';
import { mfaEnabledRow, mfaSecretRow, type TMfa, type TMfaSecret } from '../mfa/service';
import { prepareOfLiveSessions } from '../sessions/service';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;
export type TTokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/**
 * What accounts need of the two-factor module's instance (modules/mfa, wired in app.ts): a code
 * checked for a user, refused with its message.
 */
export type TCodeCheck = Pick<TMfa, 'checkCode' | 'spendRecoveryCode'>;

/** A user signing in, with their two-factor secret while two-factor is on (modules/mfa). */
export type TSignInUser = TUserRow & { mfaSecret: TMfaSecret | null };

export async function findUserById(db: Db, id: number): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The identity of those of `ids` that exist: for another module's list that names its partners. */
export async function identitiesOf(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; email: string; firstName: string; lastName: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * A user and, in the same statement, values other modules read about them (subqueries given by
 * the caller as SQL on `users.id`): one round trip for a whole profile. A named prepared
 * statement, parsed and planned once per connection.
 */
export function prepareUserWith<T extends Record<string, SQL>>(
  db: Db,
  name: string,
  extra: (userId: SQL) => T,
): (id: number) => Promise<({ user: TUserRow } & { [K in keyof T]: unknown }) | undefined> {
  const query = db
    .select({ user: users, ...extra(sql`${users.id}`) })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(name);
  return async (id) => {
    const [row] = await query.execute({ id });
    return row as ({ user: TUserRow } & { [K in keyof T]: unknown }) | undefined;
  };
}

/** A mentor as a profile names them: `[first name, last name, username, is the company root]`. */
export type TMentorRow = [string, string, string | null, boolean] | null;

/**
 * A subquery (one json value, `TMentorRow`) of the mentor of the user `userId` names (SQL on
 * `users.id` of the outer query): their name and username and nothing else, so that the profile
 * reads them in its own statement.
 */
export const mentorRow = (userId: SQL): SQL =>
  sql`(select json_build_array(m.first_name, m.last_name, m.username, m.is_company_root)
       from ${users} u join ${users} m on m.id = u.mentor_id where u.id = ${userId})`;

/** `mentorRow` for one user, read alone (a profile built outside the profile read). */
export async function mentorOf(db: Db, userId: number): Promise<TMentorRow> {
  const [row] = await queryRows<{ mentor: TMentorRow }>(
    db,
    sql`select ${mentorRow(sql`${userId}::bigint`)} as mentor`,
  );
  return row?.mentor ?? null;
}

/** The user columns a profile shows: what `toProfile` reads, and no secret. */
const profileColumns = {
  id: users.id,
  referralId: users.referralId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  country: users.country,
  countryCode: users.countryCode,
  username: users.username,
  language: users.language,
  avatarId: users.avatarId,
  mentorId: users.mentorId,
  isSuperuser: users.isSuperuser,
  operatorRoles: users.operatorRoles,
  isActive: users.isActive,
  hasFinancePassword: sql<boolean>`${users.financePasswordHash} is not null`,
  binarySide: users.binarySide,
  kycStatus: users.kycStatus,
  kycReason: users.kycReason,
};

/** A user as a profile shows them. */
export type TProfileUser = Pick<
  TUserRow,
  Exclude<keyof typeof profileColumns, 'hasFinancePassword'> & keyof TUserRow
> & { hasFinancePassword: boolean };

/**
 * `prepareUserWith` for signed-in calls, with the profile's columns only, for many sessions in one
 * statement: for each session asked for, its user's row while the session is live (the session
 * module's check), else undefined. So the session check and the read are one round trip, shared
 * by the calls of one turn (`db/batch.ts`).
 */
export function prepareUsersOfSessions<T extends Record<string, SQL>>(
  db: Db,
  name: string,
  extra: (userId: SQL) => T,
) {
  return prepareOfLiveSessions<{ user: TProfileUser } & { [K in keyof T]: unknown }>(db, name, {
    user: profileColumns,
    ...extra(sql`${users.id}`),
  });
}

/** Locks the user's row for the rest of the transaction. */
export async function lockUser(db: Db, id: number): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Signing in takes the email or the username; the two-factor secret is read in the same statement. */
export async function findUserByLogin(db: Db, login: string): Promise<TSignInUser | undefined> {
  const [row] = await db
    .select({ user: users, mfaSecret: mfaSecretRow(sql`${users.id}`) })
    .from(users)
    .where(or(eq(users.email, login.toLowerCase()), eq(sql`lower(${users.username})`, login.toLowerCase())));
  return row && { ...row.user, mfaSecret: row.mfaSecret };
}

/** The partner a code names: their referral id or their username (case-insensitive). */
export async function findByReferralCode(db: Db, code: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        or(eq(users.referralId, code.toUpperCase()), eq(sql`lower(${users.username})`, code.toLowerCase())),
      ),
    );
  return row;
}

export async function findCompanyRoot(db: Db): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.isCompanyRoot, true));
  return row;
}

/** Which of these unique values another user already holds. */
export async function takenValues(
  db: Db,
  values: { email?: string; phone?: string; username?: string | null },
  exceptUserId?: number,
): Promise<{ email: boolean; phone: boolean; username: boolean }> {
  const conditions = [
    values.email ? eq(users.email, values.email) : undefined,
    values.phone ? eq(users.phone, values.phone) : undefined,
    values.username ? eq(sql`lower(${users.username})`, values.username.toLowerCase()) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return { email: false, phone: false, username: false };
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone, username: users.username })
    .from(users)
    .where(or(...conditions));
  const others = rows.filter((row) => row.id !== exceptUserId);
  return {
    email: others.some((row) => values.email !== undefined && row.email === values.email),
    phone: others.some((row) => values.phone !== undefined && row.phone === values.phone),
    username: others.some(
      (row) => !!values.username && row.username?.toLowerCase() === values.username.toLowerCase(),
    ),
  };
}

export async function insertUser(db: Db, user: TNewUser): Promise<TUserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: Db, id: number, patch: Partial<TNewUser>): Promise<TUserRow> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row!;
}

// ---- one-time tokens ------------------------------------------------------------------------------

export async function insertOneTimeToken(
  db: Db,
  token: { userId: number; purpose: TTokenPurpose; tokenHash: string; newEmail?: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(token);
}

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export async function retireOneTimeTokens(db: Db, userId: number, purpose: TTokenPurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** Uses a live token once: a second use, or a use after expiry, finds nothing. */
export async function consumeOneTimeToken(db: Db, tokenHash: string, purpose: TTokenPurpose) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/**
 * How long a link is kept once expired (docs/decisions.md "Other expired rows"): an expired link
 * and a deleted one answer alike; the week lets support see that a link was sent, and whether it
 * was used.
 */
export const ONE_TIME_TOKEN_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/**
 * Deletes the links that expired more than `olderThanSeconds` ago (used or not), `batch` at a
 * time (db/prune.ts). Answers how many went.
 */
export function pruneOneTimeTokens(db: Db, olderThanSeconds: number, batch = PRUNE_BATCH): Promise<number> {
  return deleteDue(
    db,
    oneTimeTokens,
    oneTimeTokens.id,
    sql`${oneTimeTokens.expiresAt} < now() - make_interval(secs => ${olderThanSeconds})`,
    batch,
  );
}

// ---- uploads, admin list ---------------------------------------------------------------------------

export async function insertUpload(
  db: Db,
  upload: { id: string; userId: number; contentType: string; data: Buffer },
): Promise<void> {
  await db.insert(uploads).values(upload);
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

export async function findUpload(db: Db, id: string) {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row;
}

/**
 * Admin list: newest first, optionally filtered by email, name, username or referral id, the id
 * itself (a search of digits), and the users of `ids` (the ones a wallet address names).
 */
export async function listUsers(
  db: Db,
  search: string | undefined,
  offset: number,
  limit: number,
  ids: readonly number[] = [],
) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  const asId = search && /^[0-9]{1,10}$/.test(search.trim()) ? Number(search.trim()) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.username, pattern),
        ilike(users.referralId, pattern),
        asId !== null && asId <= 2_147_483_647 ? eq(users.id, asId) : undefined,
        ids.length > 0 ? inArray(users.id, [...ids]) : undefined,
      )
    : undefined;
  const [total] = await db.select({ value: count() }).from(users).where(where);
  const mentors = alias(users, 'mentor');
  const rows = await db
    .select({
      user: users,
      mentorName: sql<string | null>`nullif(trim(${mentors.firstName} || ' ' || ${mentors.lastName}), '')`,
      mfaEnabled: mfaEnabledRow(sql`${users.id}`),
    })
    .from(users)
    .leftJoin(mentors, eq(mentors.id, users.mentorId))
    .where(where)
    .orderBy(desc(users.id))
    .offset(offset)
    .limit(limit);
  return { count: total?.value ?? 0, rows };
}

// ---- KYC ----------------------------------------------------------------------------------------

/** Keeps a partner's KYC files, replacing the ones of the same kinds sent before. */
export async function saveKycFiles(
  db: Db,
  userId: number,
  files: readonly { kind: TKycDocumentKind; contentType: string; data: Buffer }[],
): Promise<void> {
  await db
    .insert(kycDocuments)
    .values(files.map((file) => ({ userId, ...file })))
    .onConflictDoUpdate({
      target: [kycDocuments.userId, kycDocuments.kind],
      set: { contentType: sql`excluded.content_type`, data: sql`excluded.data`, createdAt: sql`now()` },
    });
}

export async function findKycFile(db: Db, userId: number, kind: TKycDocumentKind) {
  const [row] = await db
    .select({ contentType: kycDocuments.contentType, data: kycDocuments.data })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.kind, kind)));
  return row;
}

/** Partners of a KYC status, oldest submission first, with the kinds of file they sent. */
export async function kycQueue(db: Db, status: TKycStatus, offset: number, limit: number) {
  const files = db
    .select({
      userId: kycDocuments.userId,
      submittedAt: sql<Date>`max(${kycDocuments.createdAt})`.as('submitted_at'),
      kinds: sql<TKycDocumentKind[]>`array_agg(${kycDocuments.kind} order by ${kycDocuments.kind})`.as(
        'kinds',
      ),
    })
    .from(kycDocuments)
    .groupBy(kycDocuments.userId)
    .as('files');
  const where = and(eq(users.kycStatus, status), eq(users.isCompanyRoot, false));
  const [total] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      kycStatus: users.kycStatus,
      submittedAt: files.submittedAt,
      kinds: files.kinds,
    })
    .from(users)
    .leftJoin(files, eq(files.userId, users.id))
    .where(where)
    .orderBy(sql`${files.submittedAt} asc nulls last`, users.id)
    .limit(limit)
    .offset(offset);
  return { count: total?.value ?? 0, rows };
}

/** The emails of the users `ids` (an operator's name in a history), by id. */
export async function emailsOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}
