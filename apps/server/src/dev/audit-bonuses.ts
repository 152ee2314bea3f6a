// `npm run audit:bonuses` (docs/compensation.md "The replay audit"): replays every recorded event
// through the engine from an empty state and compares each posting with the ledger, to the minor
// unit. Prints each difference (partner, posting, expected, found); exits 1 on any, 2 when it could
// not run. The database is the server's (DATABASE_URL, or the embedded PGlite under DATA_DIR, which
// only one process may open: stop the server first, or use the admin screen).
import { ConfigError, loadConfig } from '../config';
import { openToolDatabase } from '../db/client';
import { finishAuditRun, startAuditRun } from '../modules/compensation/service';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openToolDatabase(config.database, 2);
  try {
    await database.migrate();
    const id = await startAuditRun(database.db, 'command');
    if (id === null) {
      console.error(
        'A bonus audit is running already (admin screen, nightly job): try again when it finishes.',
      );
      return 2;
    }
    const report = (await finishAuditRun(database.db, id))!;
    for (const difference of report.sample) {
      const where = [
        difference.event_id === null ? null : `event ${difference.event_id}`,
        difference.ordinal === null ? null : `posting ${difference.ordinal}`,
        difference.payee_id === null ? null : `partner ${difference.payee_id}`,
      ]
        .filter(Boolean)
        .join(', ');
      console.log(`${where}: ${difference.what}: expected ${difference.expected}, found ${difference.found}`);
    }
    if (report.differences > report.sample.length)
      console.log(`... and ${report.differences - report.sample.length} more differences`);
    console.log(
      `${report.events} events, ${report.postings} postings, ${report.partners} partners replayed in ${report.ms} ms: ` +
        (report.ok ? 'no difference' : `${report.differences} differences`),
    );
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
