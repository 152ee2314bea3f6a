import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { userRef } from '../accounts/schema';

// The card top-up module's table.

/** A card payment's statuses (the status check below says what each means). */
const CARD_PAYMENT_STATUSES = [
  'pending',
  'authorized',
  'charged',
  'approved',
  'failed',
  'declined',
  'refused',
] as const;

/** Every card top-up attempt, refused or not: the per-card attempt limits count these rows. */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    userId: userRef().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Euro cents charged to the card. */
    amountEurCents: bigint('amount_eur_cents', { mode: 'bigint' }).notNull(),
    /**
     * The provider's fingerprint of the card (older rows: an HMAC of the number the portal took
     * then); the number itself is never stored. Null until the partner has typed the card on the
     * provider's page.
     */
    cardFingerprint: text('card_fingerprint'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    cardCountry: text('card_country'),
    status: text('status', { enum: CARD_PAYMENT_STATUSES }).notNull(),
    declineReason: text('decline_reason'),
    providerReference: text('provider_reference'),
    /**
     * The portal's name for the charge, sent to the provider as its idempotency key: one row per
     * charge, so a request retried under the same Idempotency-Key joins it (modules/card).
     */
    chargeReference: text('charge_reference'),
    /** The provider's id of the payment (its hosted session): its webhooks name it. */
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('card_payments_card_idx').on(t.cardFingerprint, t.createdAt),
    index('card_payments_user_idx').on(t.userId, t.id),
    uniqueIndex('card_payments_charge_reference_key').on(t.chargeReference),
    uniqueIndex('card_payments_provider_payment_key').on(t.providerPaymentId),
    // pending: the session is open at the provider, the card not yet typed; authorized: the
    // provider holds the amount on the card, the portal captures it; charged: captured, not yet
    // credited; approved: charged and credited; failed: the provider gave no answer; declined:
    // by the bank; refused: by the portal's rules (modules/card).
    check(
      'card_payments_status_check',
      sql`${t.status} in ('pending', 'authorized', 'charged', 'approved', 'failed', 'declined', 'refused')`,
    ),
    index('card_payments_authorized_idx')
      .on(t.id)
      .where(sql`${t.status} = 'authorized'`),
    index('card_payments_charged_idx')
      .on(t.id)
      .where(sql`${t.status} = 'charged'`),
  ],
);
