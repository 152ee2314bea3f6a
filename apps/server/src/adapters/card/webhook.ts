import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/** The header a card webhook's signature comes in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const CARD_SIGNATURE_HEADER = 'card-signature';

/** How old a signed webhook may be: an older one is a replay, refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signature of `body` sent at `timestamp`: HMAC-SHA256 of `<timestamp>.<body>` (the Stripe scheme). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export type TWebhookCheck = 'ok' | 'unsigned' | 'bad-signature' | 'stale';

/**
 * Checks a webhook's signature over its raw body, in constant time, and that it was signed within
 * WEBHOOK_TOLERANCE_SECONDS of `now`: a captured delivery replayed later is refused.
 */
export function checkWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): TWebhookCheck {
  if (!secret || !header) return 'unsigned';
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isSafeInteger(timestamp) || !signature) return 'unsigned';
  if (!safeEqual(signWebhook(secret, body, timestamp), `t=${timestamp},v1=${signature}`))
    return 'bad-signature';
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  return 'ok';
}
