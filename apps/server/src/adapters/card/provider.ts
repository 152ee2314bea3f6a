/** A card as the provider knows it from its BIN: the scheme and the issuing country. */
export type TCardInfo = {
  brand: string;
  /** ISO 3166-1 alpha-2; null when the provider does not know the BIN. */
  country: string | null;
};

export type TChargeRequest = {
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
  /** Minor units of euro: the card is charged in euro. */
  amountEurCents: bigint;
  /**
   * The portal's name for this charge, sent as the provider's idempotency key: a charge sent
   * again with it (a retry after a timeout) is the first charge, not a second one.
   */
  reference: string;
};

export type TChargeResult =
  | { status: 'approved'; providerReference: string; brand: string; country: string | null }
  | { status: 'declined'; reason: string };

/**
 * The card payment provider (DESIGN.md "adapters"): the sandbox by default, an HTTP provider
 * when CARD_PROVIDER_URL is set. Both throw CardProviderError when the provider cannot answer;
 * the portal then answers 503 and moves nothing.
 */
export type TCardProvider = {
  readonly kind: 'sandbox' | 'http' | 'disabled';
  /** The brand and issuing country of a card, before it is charged. */
  lookup(cardNumber: string): Promise<TCardInfo>;
  charge(request: TChargeRequest): Promise<TChargeResult>;
};

/** The provider did not answer, or answered something other than a result. */
export class CardProviderError extends Error {}

/**
 * Production without CARD_PROVIDER_URL: the sandbox approves any well-formed card, so it must
 * never credit real balances. Every card payment answers 503 instead.
 */
export function createDisabledCardProvider(): TCardProvider {
  const refuse = async (): Promise<never> => {
    throw new CardProviderError('No card payment provider is configured (CARD_PROVIDER_URL)');
  };
  return { kind: 'disabled', lookup: refuse, charge: refuse };
}
