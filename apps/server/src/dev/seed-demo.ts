// `npm run seed:demo` (README.md "A company to look at"): fills the server's database with a demo
// company (dev/demo.ts) and prints how to sign in as its demo partner.
// `node apps/server/dist/dev/seed-demo.js [--partners 3000] [--seed 1] [--reset]`
// The database is the server's (the embedded PGlite under DATA_DIR, or DATABASE_URL with
// DEV_CHAIN=true); the server must not run on it meanwhile.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openToolDatabase } from '../db/client';
import { DemoExistsError, seedDemo } from './demo';

const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
  },
});

async function main(): Promise<number> {
  const loaded = loadConfig();
  // The seeding process signs many partners up from one address and runs the jobs' work itself.
  const config = { ...loaded, jobs: false, logLevel: 'warn' as const, registrationsPerIpPerHour: 1_000_000 };
  if (values.reset) {
    if ('url' in config.database) {
      console.error(
        '--reset wipes the embedded database only: drop and create the PostgreSQL database yourself.',
      );
      return 2;
    }
    if (config.database.dataDir) rmSync(config.database.dataDir, { recursive: true, force: true });
    console.error(`Wiped ${config.database.dataDir}`);
  }
  console.error('Stop the server first: it must not run on this database while the demo is written.');
  const database = await openToolDatabase(config.database, 2);
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    try {
      const started = Date.now();
      const summary = await seedDemo(
        app,
        { db: database.db, config },
        {
          partners: Number(values.partners),
          seed: Number(values.seed),
          onProgress: (message) =>
            console.error(`[demo ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`),
        },
      );
      console.log(JSON.stringify({ ...summary, seconds: (Date.now() - started) / 1000 }));
      console.error(
        `\nThe demo company is ready. Start the server (npm start) and sign in as\n` +
          `  ${summary.demo.email} / ${summary.demo.password}\n`,
      );
      return summary.ledgerBalanced ? 0 : 1;
    } finally {
      await app.close();
    }
  } catch (error) {
    if (error instanceof DemoExistsError) {
      console.error(
        `${error.message} Nothing was changed. Run with --reset to wipe the embedded database first.`,
      );
      return 3;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
