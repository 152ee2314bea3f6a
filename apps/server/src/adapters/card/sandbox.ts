import { randomBytes } from 'node:crypto';
import { cardBin, cardBrandOf, luhnValid } from '../../lib/cards';
import { CardProviderError, type TCardInfo, type TCardProvider, type TChargeResult } from './provider';

type TOutcome = 'approved' | { declined: string } | 'error';

/**
 * The sandbox's documented test cards (README.md "Card payments (sandbox)", docs/decisions.md).
 * The issuing country is a property of the BIN (the first 8 digits), as with a real provider, so
 * cards of different countries have different BINs; what the charge answers depends on the whole
 * number. Any other number that passes the Luhn check is approved, issued in DE.
 */
export const SANDBOX_CARDS = {
  approved: { number: '4242424242424242', brand: 'visa', country: 'DE', outcome: 'approved' },
  approvedMastercard: {
    number: '5555555555554444',
    brand: 'mastercard',
    country: 'PT',
    outcome: 'approved',
  },
  declined: {
    number: '4000025000070002',
    brand: 'visa',
    country: 'FR',
    outcome: { declined: 'card_declined' },
  },
  insufficientFunds: {
    number: '4000072400059995',
    brand: 'visa',
    country: 'ES',
    outcome: { declined: 'insufficient_funds' },
  },
  /** Approved by the sandbox, but US is not on the allowed list: the portal refuses it first. */
  countryNotAllowed: { number: '4000084000040077', brand: 'visa', country: 'US', outcome: 'approved' },
  /** RU is on the prohibited list: the portal refuses it first. */
  countryProhibited: { number: '4000064300030119', brand: 'visa', country: 'RU', outcome: 'approved' },
  /** The provider fails (the portal answers 503). */
  providerError: { number: '4000027600070127', brand: 'visa', country: 'DE', outcome: 'error' },
} as const satisfies Record<string, { number: string; brand: string; country: string; outcome: TOutcome }>;

const DEFAULT_COUNTRY = 'DE';
const BINS = new Map<string, TCardInfo>(
  Object.values(SANDBOX_CARDS).map((card) => [
    cardBin(card.number),
    { brand: card.brand, country: card.country },
  ]),
);
const OUTCOMES = new Map<string, TOutcome>(
  Object.values(SANDBOX_CARDS).map((card) => [card.number, card.outcome]),
);

/** The sandbox's BIN table: what `GET /v1/bins/:bin` answers (sandbox-server.ts). */
export function sandboxBinInfo(bin: string): TCardInfo {
  return BINS.get(bin.slice(0, 8)) ?? { brand: cardBrandOf(bin), country: DEFAULT_COUNTRY };
}

/** The most charges the sandbox remembers by reference (its idempotency), oldest forgotten first. */
const REMEMBERED = 10_000;

/**
 * The embedded default: behaves like a provider without one. It answers a charge sent again
 * with the same reference with the first answer, as a provider's idempotency key does.
 */
export function createSandboxCardProvider(): TCardProvider {
  const charges = new Map<string, TChargeResult>();
  return {
    kind: 'sandbox',
    async lookup(cardNumber) {
      return sandboxBinInfo(cardBin(cardNumber));
    },
    async charge(request) {
      const known = charges.get(request.reference);
      if (known) return known;
      const result = chargeOnce(request.cardNumber, request.expiryMonth, request.expiryYear);
      charges.set(request.reference, result);
      if (charges.size > REMEMBERED) charges.delete(charges.keys().next().value!);
      return result;
    },
  };
}

function chargeOnce(cardNumber: string, expiryMonth: number, expiryYear: number): TChargeResult {
  const outcome = OUTCOMES.get(cardNumber) ?? 'approved';
  if (outcome === 'error') throw new CardProviderError('Sandbox: provider error card');
  // What a provider refuses on its own, should a caller not check first.
  if (!luhnValid(cardNumber)) return { status: 'declined', reason: 'invalid_number' };
  const now = new Date();
  if (expiryYear * 12 + expiryMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { status: 'declined', reason: 'expired_card' };
  if (outcome !== 'approved') return { status: 'declined', reason: outcome.declined };
  const info = sandboxBinInfo(cardBin(cardNumber));
  return {
    status: 'approved',
    providerReference: `sbx_ch_${randomBytes(12).toString('hex')}`,
    brand: info.brand,
    country: info.country,
  };
}
