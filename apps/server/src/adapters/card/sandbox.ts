import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { cardBin, cardBrandOf, luhnValid } from '../../lib/cards';
import { safeEqual } from '../../lib/crypto';
import type { TCardProvider, TCardWebhookEvent } from './provider';
import { signWebhook } from './webhook';

type TOutcome = 'approved' | { declined: string };

/**
 * The sandbox's documented test cards (README.md "Card payments (sandbox)", docs/decisions.md),
 * typed on its payment page. The issuing country is a property of the BIN (the first 8 digits),
 * as with a real provider; what the authorization answers depends on the whole number. Any other
 * number that passes the Luhn check is authorized, issued in DE.
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
  /** Authorized by the sandbox, but US is not on the allowed list: the portal refuses it. */
  countryNotAllowed: { number: '4000084000040077', brand: 'visa', country: 'US', outcome: 'approved' },
  /** RU is on the prohibited list: the portal refuses it. */
  countryProhibited: { number: '4000064300030119', brand: 'visa', country: 'RU', outcome: 'approved' },
} as const satisfies Record<string, { number: string; brand: string; country: string; outcome: TOutcome }>;

const DEFAULT_COUNTRY = 'DE';
const CARDS = new Map<string, (typeof SANDBOX_CARDS)[keyof typeof SANDBOX_CARDS]>(
  Object.values(SANDBOX_CARDS).map((card) => [card.number, card]),
);
const BINS = new Map<string, string>(
  Object.values(SANDBOX_CARDS).map((card) => [cardBin(card.number), card.country]),
);

/** What a session's page link carries, signed: the sandbox keeps no state of its own. */
const ZSession = z.object({
  /** The payment's id. */
  p: z.string(),
  /** The portal's reference. */
  r: z.string(),
  /** Euro cents. */
  a: z.string(),
  /** The return URL. */
  u: z.string(),
});
export type TSandboxSession = z.infer<typeof ZSession>;

/** A card as typed on the page. */
export type TSandboxCard = { number: string; expiryMonth: number; expiryYear: number; cvc: string };

/** Delivers a signed webhook body; answers the HTTP status the portal gave. */
export type TDeliver = (body: string, signature: string) => Promise<number>;

export type TSandboxOptions = {
  /** The key the sandbox signs its links and webhooks with. */
  secret: string;
  /** Where its payment page is served: `<pageUrl>?session=<token>` (a token longer than a path segment takes). */
  pageUrl: string;
  deliver: TDeliver;
  /** Waits between delivery attempts (ms): a webhook the portal does not take is sent again. */
  retryDelaysMs?: readonly number[];
};

const mac = (secret: string, purpose: string, text: string) =>
  createHmac('sha256', secret).update(`${purpose}:${text}`).digest();

/**
 * The embedded default card provider: it behaves as a hosted-payment provider does. A session is
 * a signed link to its payment page; the page takes the card, authorizes it (by the test cards
 * above) and sends the portal a signed webhook; the portal then captures or cancels. It keeps no
 * state: the link names the payment, the payment's id is derived from the portal's reference
 * (so the same reference opens the same session), and a capture of the same payment answers the
 * same charge.
 */
export function createSandboxCardProvider(options: TSandboxOptions): TCardProvider & {
  /** The session a page link names, or null when the link is not the sandbox's. */
  session(token: string): TSandboxSession | null;
  /** The page's submit: authorizes the card and delivers the webhook; the error to show, or null. */
  pay(session: TSandboxSession, card: TSandboxCard): Promise<string | null>;
} {
  const { secret } = options;
  const retryDelays = options.retryDelaysMs ?? [250, 1000, 4000];

  function tokenOf(session: TSandboxSession): string {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${mac(secret, 'page', payload).toString('base64url')}`;
  }

  function session(token: string): TSandboxSession | null {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return null;
    if (!safeEqual(mac(secret, 'page', payload).toString('base64url'), signature)) return null;
    let decoded: unknown = null;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    } catch {
      // A link signed by the sandbox always holds JSON: this one was not.
    }
    const parsed = ZSession.safeParse(decoded);
    return parsed.success ? parsed.data : null;
  }

  async function deliver(body: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const status = await options
        .deliver(body, signWebhook(secret, body, Math.floor(Date.now() / 1000)))
        .catch(() => 0);
      if (status >= 200 && status < 300) return;
      const delay = retryDelays[attempt];
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  async function pay(target: TSandboxSession, card: TSandboxCard): Promise<string | null> {
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) return 'Enter a valid card number.';
    const now = new Date();
    if (card.expiryYear * 12 + card.expiryMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      return 'This card has expired.';
    if (!/^[0-9]{3,4}$/.test(card.cvc)) return 'Enter the 3 or 4 digits on the back of the card.';
    const known = CARDS.get(number);
    const outcome: TOutcome = known?.outcome ?? 'approved';
    const event: TCardWebhookEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: outcome === 'approved' ? 'payment.authorized' : 'payment.failed',
      created: Math.floor(now.getTime() / 1000),
      payment: {
        id: target.p,
        reference: target.r,
        amount: target.a,
        currency: 'EUR',
        card: {
          fingerprint: mac(secret, 'card', number).toString('hex').slice(0, 32),
          last4: number.slice(-4),
          brand: known?.brand ?? cardBrandOf(number),
          country: BINS.get(cardBin(number)) ?? DEFAULT_COUNTRY,
        },
        decline_reason: outcome === 'approved' ? null : outcome.declined,
      },
    };
    await deliver(JSON.stringify(event));
    return null;
  }

  return {
    kind: 'sandbox',
    webhookSecret: secret,
    async openSession(request) {
      const paymentId = `sbx_pay_${mac(secret, 'payment', request.reference).toString('hex').slice(0, 24)}`;
      const token = tokenOf({
        p: paymentId,
        r: request.reference,
        a: request.amountEurCents.toString(),
        u: request.returnUrl,
      });
      return { paymentId, url: `${options.pageUrl}?session=${token}` };
    },
    async capture(paymentId) {
      return {
        status: 'approved',
        providerReference: `sbx_ch_${mac(secret, 'charge', paymentId).toString('hex').slice(0, 24)}`,
      };
    },
    async cancel() {},
    session,
    pay,
  };
}

export type TSandboxCardProvider = ReturnType<typeof createSandboxCardProvider>;
