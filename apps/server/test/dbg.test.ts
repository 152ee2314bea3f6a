import { it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { testApp, post } from './helpers/app';
import { registerPartner } from './helpers/factories';
import { adjust } from './helpers/money';
import { buyTariff } from './helpers/tariffs';
it('dbg', async () => {
  const lines: string[] = [];
  const app = await testApp({
    logStream: { write: (l: string) => void lines.push(l) },
    config: { logLevel: 'error' } as any,
  });
  const p = await registerPartner(app);
  await adjust(app, p.id, 'USDT', '600');
  const r = await buyTariff(app, p, 'tariff-500');
  console.log(r.paid);
  console.log(await queryRows(app.database.db, sql`select * from compensation_events`));
  console.log(await queryRows(app.database.db, sql`select * from compensation_fold`));
  console.log(await queryRows(app.database.db, sql`select * from cap_windows`));
  console.log((await post(app, '/api/v1/mlm/package/active/', {}, p.token)).body);
  console.log(lines.join('\n').slice(0, 2000));
});
