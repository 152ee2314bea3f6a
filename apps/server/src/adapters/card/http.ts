import { z } from 'zod';
import { CardProviderError, type TCardProvider } from './provider';

/**
 * The provider's HTTP API, as this adapter speaks it (sandbox-server.ts serves the same):
 *
 * - `POST /v1/sessions` with `Idempotency-Key: <reference>` and
 *   `{amount: "<euro cents>", currency: "EUR", reference, return_url}` answers 200 `{id, url}`: the
 *   payment and its hosted page. The partner types the card there; the provider then sends a
 *   signed webhook (webhook.ts, provider.ts's ZCardWebhookEvent).
 * - `POST /v1/payments/<id>/capture` answers 200 `{id, status: "captured", charge_id}` or
 *   `{status: "declined", decline_reason}` (a decline may come as 402 with that body).
 * - `POST /v1/payments/<id>/cancel` answers 200.
 *
 * Every request carries `Authorization: Bearer <CARD_PROVIDER_KEY>`. Anything else (no answer in
 * time, a network error, another status, a body of another shape) is "provider unavailable".
 */
const ZSession = z.object({ id: z.string().min(1), url: z.url() });
const ZCapture = z.discriminatedUnion('status', [
  z.object({ status: z.literal('captured'), charge_id: z.string().min(1) }),
  z.object({ status: z.literal('declined'), decline_reason: z.string().min(1) }),
]);

export type THttpCardProviderOptions = {
  baseUrl: string;
  apiKey: string | null;
  /** CARD_WEBHOOK_SECRET: the key the provider signs its webhooks with. */
  webhookSecret: string;
  /** How long one call may take before the provider counts as unavailable. */
  timeoutMs?: number;
};

export function createHttpCardProvider(options: THttpCardProviderOptions): TCardProvider {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function send(path: string, body: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CardProviderError(`Card provider: POST ${path} failed`, { cause: error });
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      throw new CardProviderError(`Card provider: ${path} answered no JSON`, { cause: error });
    }
    return { status: response.status, body: answer };
  }

  function parsed<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
    const result = schema.safeParse(body);
    if (!result.success) throw new CardProviderError(`Card provider: unexpected ${what} answer`);
    return result.data;
  }

  return {
    kind: 'http',
    webhookSecret: options.webhookSecret,
    async openSession(request) {
      const { status, body } = await send(
        'v1/sessions',
        {
          amount: request.amountEurCents.toString(),
          currency: 'EUR',
          reference: request.reference,
          return_url: request.returnUrl,
        },
        { 'idempotency-key': request.reference },
      );
      if (status !== 200 && status !== 201)
        throw new CardProviderError(`Card provider: session answered ${status}`);
      const session = parsed(ZSession, body, 'session');
      return { paymentId: session.id, url: session.url };
    },
    async capture(paymentId) {
      const { status, body } = await send(`v1/payments/${encodeURIComponent(paymentId)}/capture`, {});
      if (status !== 200 && status !== 402)
        throw new CardProviderError(`Card provider: capture answered ${status}`);
      const capture = parsed(ZCapture, body, 'capture');
      if (capture.status === 'declined') return { status: 'declined', reason: capture.decline_reason };
      if (status === 402) throw new CardProviderError('Card provider: a capture with status 402');
      return { status: 'approved', providerReference: capture.charge_id };
    },
    async cancel(paymentId) {
      const { status } = await send(`v1/payments/${encodeURIComponent(paymentId)}/cancel`, {});
      if (status !== 200) throw new CardProviderError(`Card provider: cancel answered ${status}`);
    },
  };
}
