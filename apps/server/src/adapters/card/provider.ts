import { z } from 'zod';

/**
 * A payment session at the provider: the partner pays on the provider's own page (`url`), so no
 * card number or CVC ever reaches the portal. The provider answers with a signed webhook.
 */
export type TCardSessionRequest = {
  /** The portal's name for the payment, the provider's idempotency key: opened again, the same session. */
  reference: string;
  /** Minor units of euro: the card is charged in euro. */
  amountEurCents: bigint;
  /** Where the provider's page sends the partner back. */
  returnUrl: string;
};

export type TCardSession = { paymentId: string; url: string };

export type TCaptureResult =
  { status: 'approved'; providerReference: string } | { status: 'declined'; reason: string };

/**
 * A webhook event, as the provider signs it (webhook.ts). `payment.authorized`: the card was
 * authorized for the amount, and waits for the portal to capture or cancel it (the portal checks
 * the card's issuing country and its attempt limits first); `payment.failed`: the card was
 * declined on the provider's page.
 */
export const ZCardWebhookEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.authorized', 'payment.failed']),
  /** Unix seconds. */
  created: z.number().int(),
  payment: z.object({
    id: z.string().min(1).max(100),
    reference: z.string().min(1).max(100),
    /** Euro cents, as a decimal string. */
    amount: z.string().regex(/^[0-9]{1,15}$/),
    currency: z.literal('EUR'),
    card: z.object({
      /** The provider's identity of the card: the same card has the same fingerprint. */
      fingerprint: z.string().min(1).max(100),
      last4: z.string().regex(/^[0-9]{4}$/),
      brand: z.string().min(1).max(30),
      /** ISO 3166-1 alpha-2 of the issuing bank; null when the provider does not know it. */
      country: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .nullable(),
    }),
    decline_reason: z.string().max(100).nullable(),
  }),
});
export type TCardWebhookEvent = z.infer<typeof ZCardWebhookEvent>;

/**
 * The card payment provider (DESIGN.md "adapters"): the sandbox by default, an HTTP provider when
 * CARD_PROVIDER_URL is set. Calls throw CardProviderError when the provider cannot answer; the
 * portal then answers 503 and moves nothing.
 */
export type TCardProvider = {
  readonly kind: 'sandbox' | 'http' | 'disabled';
  openSession(request: TCardSessionRequest): Promise<TCardSession>;
  /** Takes the authorized amount: the charge. Sent again for the same payment, the same answer. */
  capture(paymentId: string): Promise<TCaptureResult>;
  /** Releases an authorization the portal refuses. */
  cancel(paymentId: string): Promise<void>;
  /** The key the provider signs its webhooks with (webhook.ts). */
  readonly webhookSecret: string;
};

/** The provider did not answer, or answered something other than a result. */
export class CardProviderError extends Error {}

/**
 * Production without CARD_PROVIDER_URL: the sandbox authorizes any well-formed card, so it must
 * never credit real balances. Every card payment answers 503 instead.
 */
export function createDisabledCardProvider(): TCardProvider {
  const refuse = async (): Promise<never> => {
    throw new CardProviderError('No card payment provider is configured (CARD_PROVIDER_URL)');
  };
  return { kind: 'disabled', openSession: refuse, capture: refuse, cancel: refuse, webhookSecret: '' };
}
