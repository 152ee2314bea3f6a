import type { TCurrency, TMinor } from '@portal/contracts';
import { amountBound, configSlice, positiveDecimal } from '../../lib/env';

/** The largest amount a request may carry, per currency (AMOUNT_MAX_*): bounds.ts refuses beyond it. */
export const ledgerConfig = configSlice({
  env: {
    /** The largest amount any call takes (invoice, development transfer, adjustment), per currency. */
    AMOUNT_MAX_USDT: positiveDecimal.default('1000000000'),
    AMOUNT_MAX_DXN: positiveDecimal.default('10000000000'),
    AMOUNT_MAX_DFT: positiveDecimal.default('10000000000'),
  },
  build: (env) => ({
    /** The largest amount a request may carry, per currency; beyond it a 400. */
    amountMax: {
      USDT: amountBound(env.AMOUNT_MAX_USDT, 'USDT', 'AMOUNT_MAX_USDT'),
      DXN: amountBound(env.AMOUNT_MAX_DXN, 'DXN', 'AMOUNT_MAX_DXN'),
      DFT: amountBound(env.AMOUNT_MAX_DFT, 'DFT', 'AMOUNT_MAX_DFT'),
    } satisfies Record<TCurrency, TMinor>,
  }),
});
