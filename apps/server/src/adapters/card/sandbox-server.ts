import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { CardProviderError } from './provider';
import { createSandboxCardProvider, sandboxBinInfo } from './sandbox';

const ZChargeBody = z.object({
  amount: z.string().regex(/^[1-9][0-9]*$/),
  currency: z.literal('EUR'),
  reference: z.string().min(1),
  card: z.object({
    number: z.string().regex(/^[0-9]{12,19}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
    cvc: z.string().regex(/^[0-9]{3,4}$/),
    holder_name: z.string(),
  }),
});

export type TSandboxHttpServer = { url: string; close(): Promise<void> };

/**
 * The sandbox provider served over HTTP with the API that adapters/card/http.ts speaks, on an
 * ephemeral port of 127.0.0.1: the HTTP adapter's tests run against it. `delayMs` holds every
 * answer back (to test timeouts); with `apiKey` a request without that bearer key answers 401.
 */
export async function sandboxHttpServer(
  options: { apiKey?: string; delayMs?: number } = {},
): Promise<TSandboxHttpServer> {
  const provider = createSandboxCardProvider();

  async function answer(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`)
      return { status: 401, body: { error: 'unauthorized' } };
    const path = new URL(request.url ?? '/', 'http://sandbox').pathname;
    const bin = /^\/v1\/bins\/([0-9]{6,8})$/.exec(path);
    if (request.method === 'GET' && bin) return { status: 200, body: sandboxBinInfo(bin[1]!) };
    if (request.method === 'POST' && path === '/v1/charges') {
      const parsed = ZChargeBody.safeParse(await readJson(request));
      if (!parsed.success) return { status: 400, body: { error: 'invalid_request' } };
      const { card, amount, reference } = parsed.data;
      if (request.headers['idempotency-key'] !== reference)
        return { status: 400, body: { error: 'idempotency_key_mismatch' } };
      try {
        const result = await provider.charge({
          cardNumber: card.number,
          expiryMonth: card.exp_month,
          expiryYear: card.exp_year,
          cvc: card.cvc,
          holderName: card.holder_name,
          amountEurCents: BigInt(amount),
          reference,
        });
        return result.status === 'approved'
          ? {
              status: 200,
              body: {
                id: result.providerReference,
                status: 'approved',
                card: { brand: result.brand, country: result.country },
              },
            }
          : { status: 402, body: { status: 'declined', decline_reason: result.reason } };
      } catch (error) {
        if (error instanceof CardProviderError) return { status: 500, body: { error: 'provider_error' } };
        throw error;
      }
    }
    return { status: 404, body: { error: 'not_found' } };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void answer(request)
      .catch(() => ({ status: 500, body: { error: 'server_error' } }))
      .then(async (result) => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        response.writeHead(result.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result.body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
