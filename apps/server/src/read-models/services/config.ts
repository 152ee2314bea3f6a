import { z } from 'zod';
import { configSlice, generatedKey } from '../../lib/env';

/** The external services of the profile (PROFIXONE_*, DEXSAFE_SECRET). */
export const servicesConfig = configSlice({
  env: {
    /** Where a signed ProfiXone link leads (POST /api/v1/accounts/make_profixone_link/). */
    PROFIXONE_URL: z.url().default('https://app.profixone.com/sso/dexnet'),
    /** The key ProfiXone checks a link's signature with; without it one is generated into DATA_DIR. */
    PROFIXONE_SECRET: z.string().min(32).optional(),
    /** The key the DexSafe wallet app checks a partner's DexSafe code with; generated into DATA_DIR without it. */
    DEXSAFE_SECRET: z.string().min(32).optional(),
  },
  // Outside production these are generated into DATA_DIR, one per machine: several servers would
  // each sign links and codes their partners' other apps cannot check.
  production: (env) => {
    const unshared = (['PROFIXONE_SECRET', 'DEXSAFE_SECRET'] as const).filter((name) => !env[name]);
    return unshared.length > 0
      ? `${unshared.join(' and ')} (at least 32 characters) must be set in production: the same on every server.`
      : null;
  },
  build: (env, { dataDir }) => ({
    /** The external services of the profile: ProfiXone's link address and key, DexSafe's key. */
    services: {
      profixoneUrl: env.PROFIXONE_URL,
      profixoneSecret: env.PROFIXONE_SECRET ?? generatedKey(dataDir, 'profixone.key'),
      dexsafeSecret: env.DEXSAFE_SECRET ?? generatedKey(dataDir, 'dexsafe.key'),
    },
  }),
});
