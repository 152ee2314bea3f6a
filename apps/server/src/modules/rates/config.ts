import { parseMinor } from '@portal/contracts';
import { configSlice, positiveDecimal } from '../../lib/env';

/** A price from configuration: more than zero, at most 8 decimal places and at most 1,000,000. */
const rate = positiveDecimal
  .refine((text) => parseMinor(text, 'DXN') !== null, { message: 'at most 8 decimal places' })
  .refine((text) => (parseMinor(text, 'DXN') ?? 0n) <= 10n ** 14n, { message: 'at most 1000000' });

/** The exchange rates (DXN_USDT_RATE, USDT_EUR_RATE). */
export const ratesConfig = configSlice({
  env: {
    /** USDT price of 1 DXN, quoted for 30 minutes. */
    DXN_USDT_RATE: rate.default('0.05'),
    /** EUR per 1 USDT, for card payments charged in euro. */
    USDT_EUR_RATE: rate.default('0.92'),
  },
  build: (env) => ({
    rates: { dxnUsdt: env.DXN_USDT_RATE, usdtEur: env.USDT_EUR_RATE },
  }),
});
