import { randomUUID } from 'node:crypto';
import { formatMinor, parseMinor } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateQuotes } from './schema';

/** The spec: a token price is fixed for 30 minutes, with no automatic debit. */
export const QUOTE_MINUTES = 30;

/**
 * A DexNet price quote: `rate` USDT for 1 DXN (DXN_USDT_RATE in force now), fixed for 30 minutes under
 * its id, so that a purchase made within them can name it and pay that price.
 */
export async function createQuote(db: Db, rate: string) {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + QUOTE_MINUTES * 60 * 1000);
  await db.insert(rateQuotes).values({ id, rate, expiresAt });
  return {
    quote_id: id,
    rate,
    dexnet_per_usdt: dexnetPerUsdt(rate),
    expires_at: expiresAt.toISOString(),
  };
}

/** A quote that is still fixed, or undefined (unknown or past its 30 minutes). */
export async function liveQuote(db: Db, id: string, now = new Date()) {
  const [quote] = await db.select().from(rateQuotes).where(eq(rateQuotes.id, id));
  return quote && quote.expiresAt > now ? quote : undefined;
}

/** DXN for 1 USDT, rounded down to DXN's 8 places, computed exactly on integers. */
export function dexnetPerUsdt(rate: string): string {
  const usdtPerDxn = parseMinor(rate, 'DXN')!; // the rate, scaled by 10^8
  return formatMinor(10n ** 16n / usdtPerDxn, 'DXN');
}
