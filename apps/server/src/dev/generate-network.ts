// Writes a generated network into the server's database (dev/network.ts), then prints what it
// wrote as JSON: `node apps/server/dist/dev/generate-network.js --partners 1000000 --deep-leg 5000`.
// The database is the server's (DATABASE_URL, else PGlite under DATA_DIR), migrated and with its
// accounts bootstrapped as a server start does; no server may run on it meanwhile.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openToolDatabase } from '../db/client';
import { bootstrapAccounts } from '../modules/accounts/bootstrap';
import { generateNetwork } from './network';

const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '1000' },
    'deep-leg': { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
  },
});

const config = loadConfig();
const database = await openToolDatabase(config.database);
try {
  await database.migrate();
  await bootstrapAccounts(database.db, config);
  const started = Date.now();
  const network = await generateNetwork(database.db, {
    partners: Number(values.partners),
    deepLeg: Number(values['deep-leg']),
    seed: Number(values.seed),
    onProgress: (message) =>
      console.error(`[network ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`),
  });
  console.log(JSON.stringify({ ...network, seconds: (Date.now() - started) / 1000 }));
} finally {
  await database.close();
}
