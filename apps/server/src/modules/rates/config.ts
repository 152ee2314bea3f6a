import { configSlice, exchangeRate as rate } from '../../lib/env';

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
