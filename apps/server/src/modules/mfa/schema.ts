import { bigint, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from '../accounts/schema';

// The mfa module's table: a partner's authenticator secret (users keeps their identity).

/** A partner's two-factor factor: a row from their first setup on. */
export const mfaFactors = pgTable('mfa_factors', {
  userId: userRef().primaryKey(),
  /** AES-256-GCM ciphertexts (lib/crypto.ts); the pending secret waits for its first code. */
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabled: boolean('enabled').notNull().default(false),
  /** The last accepted TOTP time step: a step is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  /** The recovery codes not used yet, as keyed hashes (service.ts `recoveryHash`); shown once at setup. */
  recoveryHashes: text('recovery_hashes').array().notNull().default([]),
  /** Support turned two-factor off on the partner's request: the next sign-in asks them to set it up again. */
  setupRequested: boolean('setup_requested').notNull().default(false),
});
