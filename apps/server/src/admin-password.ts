// `npm run admin:password [-- --email someone@example.com]` (README.md "The superuser"): a new
// random password for a superuser (ADMIN_EMAIL, else the development superuser), printed once;
// every session of that superuser ends. For the operator who lost it: the reset mail would go to
// the mail outbox, which only a superuser reads. The database is the server's (the embedded PGlite
// under DATA_DIR, or DATABASE_URL); stop the server first when it is the embedded one.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openToolDatabase } from './db/client';
import { DEVELOPMENT_ADMIN_EMAIL, resetSuperuserPassword } from './modules/accounts/bootstrap';

async function main(): Promise<number> {
  const config = loadConfig();
  const { values } = parseArgs({
    options: { email: { type: 'string', default: config.admin?.email ?? DEVELOPMENT_ADMIN_EMAIL } },
  });
  const email = values.email;
  const database = await openToolDatabase(config.database);
  try {
    await database.migrate();
    const password = await resetSuperuserPassword(database.db, email);
    if (password === null) {
      console.error(`No superuser has the email ${email}. Nothing was changed.`);
      return 1;
    }
    console.log(`New password for ${email}: ${password}\n(every session of this superuser has ended)`);
    return 0;
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
