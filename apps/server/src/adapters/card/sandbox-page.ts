import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_CARDS, type TSandboxCardProvider, type TSandboxSession } from './sandbox';

const ZPayForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(100).default(''),
});

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const euro = (cents: string) => `${cents.slice(0, -2) || '0'}.${cents.slice(-2).padStart(2, '0')}`;

/**
 * The sandbox provider's payment page, served where the sandbox runs (inside the portal by
 * default, at `/card-sandbox/pay?session=<token>`; by sandbox-server.ts at `/pay?session=<token>`). It is the
 * provider's page, not the portal's: it speaks the provider's English, as a real provider's page
 * speaks its own, and the portal's API never sees what is typed here.
 */
export function sandboxPageRoutes(app: FastifyInstance, sandbox: TSandboxCardProvider, prefix: string): void {
  app.get<{ Querystring: { session?: string } }>(
    prefix,
    { schema: { hide: true } },
    async (request, reply) => {
      const session = sandbox.session(request.query.session ?? '');
      if (!session) return reply.status(404).type('text/html; charset=utf-8').send(page(null, null));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(session, null));
    },
  );

  app.post<{ Querystring: { session?: string } }>(
    prefix,
    { schema: { hide: true } },
    async (request, reply) => {
      const session = sandbox.session(request.query.session ?? '');
      if (!session) return reply.status(404).type('text/html; charset=utf-8').send(page(null, null));
      const form = ZPayForm.safeParse(request.body ?? {});
      const fields = form.success ? form.data : ZPayForm.parse({});
      const expiry = /^\s*([0-9]{1,2})\s*\/\s*([0-9]{2}|[0-9]{4})\s*$/.exec(fields.expiry);
      if (!expiry)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page(session, 'Enter the expiry date as MM/YY.'));
      const year = Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]);
      const month = Number(expiry[1]);
      if (month < 1 || month > 12)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page(session, 'Enter the expiry date as MM/YY.'));
      const error = await sandbox.pay(session, {
        number: fields.number,
        expiryMonth: month,
        expiryYear: year,
        cvc: fields.cvc.trim(),
      });
      if (error) return reply.status(400).type('text/html; charset=utf-8').send(page(session, error));
      return reply.redirect(session.u, 303);
    },
  );
}

function page(session: TSandboxSession | null, error: string | null): string {
  const body = !session
    ? '<h1>Payment not found</h1><p>This payment link is not valid.</p>'
    : `<h1>Pay ${escape(euro(session.a))} EUR</h1>
      <p class="note">Sandbox card provider: no real card is charged. Test cards:
        ${escape(SANDBOX_CARDS.approved.number)} (approved), ${escape(SANDBOX_CARDS.declined.number)} (declined).</p>
      ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
      <form method="post">
        <label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
        <div class="row">
          <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required></label>
          <label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
        </div>
        <label>Name on card<input name="name" autocomplete="cc-name"></label>
        <button type="submit">Pay ${escape(euro(session.a))} EUR</button>
      </form>
      <p><a href="${escape(session.u)}">Cancel and return</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox card payment</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 24px 16px; color: #1a1b1e; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin: 0 0 12px; }
  label { display: block; margin: 12px 0 0; font-size: .9rem; }
  input { display: block; width: 100%; box-sizing: border-box; padding: 10px; margin-top: 4px; font-size: 1rem; border: 1px solid #adb5bd; border-radius: 6px; }
  .row { display: flex; gap: 12px; } .row label { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; font-size: 1rem; border: 0; border-radius: 6px; background: #1c7ed6; color: #fff; }
  .note { font-size: .85rem; color: #495057; } .error { color: #c92a2a; font-weight: 600; }
  a { color: #1864ab; }
</style></head>
<body><main>${body}</main></body></html>`;
}
