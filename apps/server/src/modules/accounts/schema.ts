import { BINARY_SIDES, KYC_DOCUMENT_KINDS, KYC_STATUSES, OPERATOR_ROLES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from '../../db/columns';

// The accounts module's tables: partners' identity and sign-in (users), their one-time links and uploaded images.

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username'),
    /** Null for the company root account, which nobody signs in to. */
    passwordHash: text('password_hash'),
    financePasswordHash: text('finance_password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** "+" and digits; null only for the company root account. */
    phone: text('phone'),
    country: text('country').notNull().default(''),
    countryCode: text('country_code').notNull().default(''),
    language: text('language').notNull().default('en'),
    avatarId: uuid('avatar_id'),
    /** The public code in a partner's invitation link (/sign-up/:promocode). */
    referralId: text('referral_id').notNull(),
    mentorId: bigint('mentor_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** The operator roles given by an admin (OPERATOR_ROLES); a superuser has every role anyway. */
    operatorRoles: text('operator_roles', { enum: OPERATOR_ROLES }).array().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    isCompanyRoot: boolean('is_company_root').notNull().default(false),
    /** The leg where the partners this user invites are placed (compensation-plan.md section 3). */
    binarySide: text('binary_side', { enum: BINARY_SIDES }).notNull().default('left'),
    binaryParentId: bigint('binary_parent_id', { mode: 'number' }),
    binaryPosition: text('binary_position', { enum: BINARY_SIDES }),
    /**
     * Kept by the users_tree_position trigger (migration 0019) from the parent at insert: the
     * depth in the binary tree (company root 0, unplaced accounts null) and the ancestors at the
     * nearest lower multiples of 8, 64 (`binary_anchor_id`) and 512, so `binary_under()` answers
     * "is X in Y's downline" in at most depth/512 + 22 indexed steps at any depth (docs/team.md).
     */
    binaryDepth: integer('binary_depth'),
    binaryAnchor8Id: bigint('binary_anchor8_id', { mode: 'number' }),
    binaryAnchorId: bigint('binary_anchor_id', { mode: 'number' }),
    binaryAnchor512Id: bigint('binary_anchor512_id', { mode: 'number' }),
    /** The same along the sponsor tree (mentor_id), for `sponsor_under()` and the team levels. */
    sponsorDepth: integer('sponsor_depth'),
    sponsorAnchor8Id: bigint('sponsor_anchor8_id', { mode: 'number' }),
    sponsorAnchorId: bigint('sponsor_anchor_id', { mode: 'number' }),
    sponsorAnchor512Id: bigint('sponsor_anchor512_id', { mode: 'number' }),
    /** The mentor's leg this partner was placed in (the mentor's binary side at registration). */
    placementLeg: text('placement_leg', { enum: BINARY_SIDES }),
    /** The team counter worker (modules/team-stats) has counted this partner in its uplines. */
    teamCounted: boolean('team_counted').notNull().default(false),
    kycStatus: text('kyc_status', { enum: KYC_STATUSES }).notNull().default('none'),
    /** Support's reason for a rejected KYC, shown to the partner; null otherwise. */
    kycReason: text('kyc_reason'),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_id_key').on(t.referralId),
    uniqueIndex('users_company_root_key')
      .on(t.isCompanyRoot)
      .where(sql`${t.isCompanyRoot}`),
    uniqueIndex('users_binary_slot_key').on(t.binaryParentId, t.binaryPosition),
    index('users_mentor_idx').on(t.mentorId),
    /** The new-partners report's ranges of days (ids and sign-up times grow together). */
    index('users_joined_brin').using('brin', t.dateJoined),
    index('users_first_line_idx').on(t.mentorId, t.placementLeg, t.id),
    index('users_sponsor_level_idx').on(t.sponsorDepth, t.id),
    index('users_team_pending_idx')
      .on(t.id)
      .where(sql`not ${t.teamCounted}`),
    index('users_search_idx').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.username}, '')) gin_trgm_ops`,
    ),
    check('users_placement_leg_check', sql`${t.placementLeg} in ('left', 'right')`),
    check('users_binary_side_check', sql`${t.binarySide} in ('left', 'right')`),
    check('users_binary_position_check', sql`${t.binaryPosition} in ('left', 'right')`),
    check('users_operator_roles_check', sql`${t.operatorRoles} <@ array['support', 'finance', 'admin']`),
    check('users_kyc_status_check', sql`${t.kycStatus} in ('none', 'pending', 'verified', 'rejected')`),
  ],
);

/** A column naming a partner (a foreign key to users), for every module's tables. */
export const userRef = (name = 'user_id') => bigint(name, { mode: 'number' }).references(() => users.id);

/** What a one-time link is for. */
export const TOKEN_PURPOSES = ['password_reset', 'email_change'] as const;

/** Password-reset and email-change links: random, stored as a SHA-256 hash, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: userRef().notNull(),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For an email change: the address it changes to. */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    check('one_time_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'email_change')`),
  ],
);

/** Uploaded images, kept in the database so that every server process can serve them. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey(),
  userId: userRef().notNull(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The files of a partner's KYC submission (identity document, selfie): the latest of each kind.
 * Private: served only to support, never by a public URL (docs/decisions.md "The back office").
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    userId: userRef().notNull(),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
