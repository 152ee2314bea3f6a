import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** The sign-in token's lifetime (TOKEN_TTL_HOURS). */
export const sessionsConfig = configSlice({
  env: {
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
  },
  build: (env) => ({ tokenTtlHours: env.TOKEN_TTL_HOURS }),
});
