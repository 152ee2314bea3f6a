import { resolve } from 'node:path';
import { z } from 'zod';
import { configSlice } from '../../lib/env';

/** Where the legal PDFs are (LEGAL_DIR). */
export const legalConfig = configSlice({
  env: {
    /** The legal PDFs the server's build renders (dist/legal beside main.js unless set). */
    LEGAL_DIR: z.string().optional(),
  },
  build: (env) => ({
    /** The rendered legal PDFs with their manifest (modules/legal); null: none. */
    legalDir: env.LEGAL_DIR ? resolve(env.LEGAL_DIR) : null,
  }),
});
