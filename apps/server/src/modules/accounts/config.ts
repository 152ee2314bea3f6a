import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** Accounts: the first superuser, the avatar's size and the sign-ups per address. */
export const accountsConfig = configSlice({
  env: {
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    AVATAR_MAX_MB: z.coerce.number().min(0.1).max(20).default(2),
    /** Sign-ups per client address per hour (429 beyond it); tests and benchmarks raise it. */
    REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  },
  check: (env) =>
    (env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)
      ? 'ADMIN_EMAIL and ADMIN_PASSWORD go together.'
      : null,
  build: (env) => ({
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    avatarMaxBytes: Math.round(env.AVATAR_MAX_MB * 1024 * 1024),
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
  }),
});
