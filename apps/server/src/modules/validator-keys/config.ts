import { amountBound, configSlice, decimal } from '../../lib/env';

/** The validator keys' daily fee (VALIDATOR_DAILY_FEE_DXN). */
export const validatorKeysConfig = configSlice({
  env: {
    /** The chain fee (DXN) of one day, 90% of which is shared among activated validator keys; 0 = off. */
    VALIDATOR_DAILY_FEE_DXN: decimal.default('0'),
  },
  build: (env) => ({
    /** Validator keys: the daily DXN fee amount shared among activated keys (minor units; 0 = off). */
    validatorKeys: {
      dailyFeeDxn: amountBound(env.VALIDATOR_DAILY_FEE_DXN, 'DXN', 'VALIDATOR_DAILY_FEE_DXN'),
    },
  }),
});
