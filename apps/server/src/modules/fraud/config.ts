import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** The fraud check (FRAUD_*): how often it runs, and what a sign-up burst is. */
export const fraudConfig = configSlice({
  env: {
    /** How often the fraud check looks for new signals (docs/decisions.md "The back office"). */
    FRAUD_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    /** A sign-up burst: this many accounts or more opened from one address... */
    FRAUD_SIGNUP_BURST: z.coerce.number().int().min(2).max(10_000).default(5),
    /** ...within this many minutes. */
    FRAUD_SIGNUP_BURST_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  },
  build: (env) => ({
    /** The fraud check (modules/fraud): its period and the sign-up burst's threshold. */
    fraud: {
      everyMs: env.FRAUD_CHECK_MINUTES * 60_000,
      signupBurst: { accounts: env.FRAUD_SIGNUP_BURST, windowMinutes: env.FRAUD_SIGNUP_BURST_MINUTES },
    },
  }),
});
