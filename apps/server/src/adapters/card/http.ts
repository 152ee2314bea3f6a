import { z } from 'zod';
import { cardBin, cardBrandOf } from '../../lib/cards';
import { CardProviderError, type TCardProvider } from './provider';

/**
 * The provider's HTTP API, as this adapter speaks it (sandbox-server.ts serves the same):
 *
 * - `POST /v1/charges` with `Idempotency-Key: <reference>` and
 *   `{amount: "<euro cents>", currency: "EUR", reference, card: {number, exp_month, exp_year, cvc, holder_name}}`
 *   answers 200 `{id, status: "approved", card: {brand, country}}` or `{status: "declined", decline_reason}`
 *   (a decline may also come as 402 with that body).
 * - `GET /v1/bins/<first 8 digits>` answers 200 `{brand, country}`, or 404 for an unknown BIN.
 *
 * Every request carries `Authorization: Bearer <CARD_PROVIDER_KEY>`. Anything else (no answer in
 * time, a network error, another status, a body of another shape) is "provider unavailable".
 */
const ZCharge = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    id: z.string().min(1),
    card: z.object({ brand: z.string().min(1), country: z.string().length(2).nullable() }),
  }),
  z.object({ status: z.literal('declined'), decline_reason: z.string().min(1) }),
]);
const ZBin = z.object({ brand: z.string().min(1), country: z.string().length(2).nullable() });

export type THttpCardProviderOptions = {
  baseUrl: string;
  apiKey: string | null;
  /** How long one call may take before the provider counts as unavailable. */
  timeoutMs?: number;
};

export function createHttpCardProvider(options: THttpCardProviderOptions): TCardProvider {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function send(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
  ) {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method: init.method,
        headers: {
          accept: 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CardProviderError(`Card provider: ${init.method} ${path} failed`, { cause: error });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      body = undefined;
      if (response.ok)
        throw new CardProviderError(`Card provider: ${path} answered no JSON`, { cause: error });
    }
    return { status: response.status, body };
  }

  function parsed<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
    const result = schema.safeParse(body);
    if (!result.success) throw new CardProviderError(`Card provider: unexpected ${what} answer`);
    return result.data;
  }

  return {
    kind: 'http',
    async lookup(cardNumber) {
      // The BIN only: a full card number never goes into a URL (and so into access logs).
      const bin = cardBin(cardNumber);
      const { status, body } = await send(`v1/bins/${bin}`, { method: 'GET' });
      if (status === 404) return { brand: cardBrandOf(cardNumber), country: null };
      if (status !== 200) throw new CardProviderError(`Card provider: BIN lookup answered ${status}`);
      return parsed(ZBin, body, 'BIN');
    },
    async charge(request) {
      const { status, body } = await send('v1/charges', {
        method: 'POST',
        headers: { 'idempotency-key': request.reference },
        body: {
          amount: request.amountEurCents.toString(),
          currency: 'EUR',
          reference: request.reference,
          card: {
            number: request.cardNumber,
            exp_month: request.expiryMonth,
            exp_year: request.expiryYear,
            cvc: request.cvc,
            holder_name: request.holderName,
          },
        },
      });
      if (status !== 200 && status !== 201 && status !== 402)
        throw new CardProviderError(`Card provider: charge answered ${status}`);
      const charge = parsed(ZCharge, body, 'charge');
      if (charge.status === 'declined') return { status: 'declined', reason: charge.decline_reason };
      if (status === 402) throw new CardProviderError('Card provider: an approval with status 402');
      return {
        status: 'approved',
        providerReference: charge.id,
        brand: charge.card.brand,
        country: charge.card.country,
      };
    },
  };
}
