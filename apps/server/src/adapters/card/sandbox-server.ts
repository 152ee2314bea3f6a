import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createSandboxCardProvider } from './sandbox';
import { sandboxPageRoutes } from './sandbox-page';
import { CARD_SIGNATURE_HEADER } from './webhook';

const ZSessionBody = z.object({
  amount: z.string().regex(/^[1-9][0-9]*$/),
  currency: z.literal('EUR'),
  reference: z.string().min(1),
  return_url: z.url(),
});

export type TSandboxHttpServer = {
  url: string;
  /** Where its webhooks go from now on (a provider's dashboard setting). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
};

/**
 * The sandbox provider served over HTTP with the API that adapters/card/http.ts speaks, on an
 * ephemeral port of 127.0.0.1, with its payment page at `/pay?session=<token>`: the HTTP adapter's tests
 * run against it. It signs its webhooks with `secret` and sends them to `webhookUrl`, as a
 * provider configured in its dashboard does. `delayMs` holds every API answer back (to test
 * timeouts); with `apiKey` an API request without that bearer key answers 401.
 */
export async function sandboxHttpServer(options: {
  secret: string;
  webhookUrl: string;
  apiKey?: string;
  delayMs?: number;
}): Promise<TSandboxHttpServer> {
  const app = Fastify();
  await app.register(formbody);
  let base = '';
  let webhookUrl = options.webhookUrl;
  const sandbox = createSandboxCardProvider({
    secret: options.secret,
    pageUrl: 'http://sandbox.invalid/pay',
    retryDelaysMs: [50, 200],
    deliver: async (body, signature) => {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CARD_SIGNATURE_HEADER]: signature },
        body,
      });
      return response.status;
    },
  });
  sandboxPageRoutes(app, sandbox, '/pay');

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return reply.status(401).send({ error: 'unauthorized' });
  });
  app.post('/v1/sessions', async (request, reply) => {
    const parsed = ZSessionBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ error: 'invalid_request' });
    if (request.headers['idempotency-key'] !== parsed.data.reference)
      return reply.status(400).send({ error: 'idempotency_key_mismatch' });
    const session = await sandbox.openSession({
      reference: parsed.data.reference,
      amountEurCents: BigInt(parsed.data.amount),
      returnUrl: parsed.data.return_url,
    });
    return { id: session.paymentId, url: session.url.replace('http://sandbox.invalid', base) };
  });
  app.post<{ Params: { id: string } }>('/v1/payments/:id/capture', async (request) => {
    const result = await sandbox.capture(request.params.id);
    return result.status === 'approved'
      ? { id: request.params.id, status: 'captured', charge_id: result.providerReference }
      : { id: request.params.id, status: 'declined', decline_reason: result.reason };
  });
  app.post<{ Params: { id: string } }>('/v1/payments/:id/cancel', async (request) => {
    await sandbox.cancel(request.params.id);
    return { id: request.params.id, status: 'canceled' };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    close: () => app.close(),
  };
}
