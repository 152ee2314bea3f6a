import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** The team counter worker (TEAM_WORKER_SECONDS). */
export const teamStatsConfig = configSlice({
  env: {
    /** How often the team counter worker folds new partners, nodes and tariff purchases (docs/team.md). */
    TEAM_WORKER_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
  },
  build: (env) => ({
    /** The team counter worker (modules/team-stats): its period. */
    team: { everyMs: Math.round(env.TEAM_WORKER_SECONDS * 1000) },
  }),
});
