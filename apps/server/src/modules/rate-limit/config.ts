import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** The sign-in limits (LOGIN_ATTEMPTS_*, RATE_LIMIT_WINDOW_MINUTES). */
export const rateLimitConfig = configSlice({
  env: {
    LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  },
  build: (env) => ({
    rateLimits: {
      perAccount: env.LOGIN_ATTEMPTS_PER_ACCOUNT,
      perIp: env.LOGIN_ATTEMPTS_PER_IP,
      windowSeconds: env.RATE_LIMIT_WINDOW_MINUTES * 60,
    },
  }),
});
