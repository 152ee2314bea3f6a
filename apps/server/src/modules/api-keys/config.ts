import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** The API keys' request limit (API_KEY_REQUESTS_PER_MINUTE). */
export const apiKeysConfig = configSlice({
  env: {
    /** Requests one API key may make per minute (429 beyond it). */
    API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  },
  build: (env) => ({ apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE }),
});
