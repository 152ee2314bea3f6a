import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { firstUnfolded } from '../../src/modules/compensation/events';
import { findProductByCode } from '../../src/modules/catalog/service';
import { pendingNodesQuery, pendingUsersQuery } from '../../src/modules/team-stats/repo';
import { type TTestApp, testApp } from '../helpers/app';
import { planOf } from '../helpers/rows';

/**
 * The jobs' polls run every second in every process: each must read its index whatever the
 * statistics say (docs/decisions.md "A poll reads its index"), or it scans a whole table each time.
 */

const ROWS = 3000;

/** Many partners, nodes and events, all counted and folded: nothing pending, as most seconds. */
async function caughtUp(app: TTestApp) {
  const db = app.database.db;
  const device = (await findProductByCode(db, 'device'))!.id;
  await db.execute(sql`insert into users (email, first_name, last_name, referral_id, team_counted)
    select 'poll' || n || '@example.com', 'Poll', 'Partner', 'POLL' || n, true
      from generate_series(1, ${ROWS}) n`);
  await db.execute(sql`update users set team_counted = true`);
  await db.execute(sql`insert into nodes (user_id, kind, product_id, team_counted)
    select id, 'device', ${device}::bigint, true from users`);
  await db.execute(sql`insert into compensation_events (kind, user_id, xid, details)
    select 'mentor', id, 1000 + id, '{}'::jsonb from users`);
  await db.execute(sql`insert into compensation_fold (id, last_xid, last_event_id, events_folded, updated_at)
    select 1, max(xid), max(id), count(*), now() from compensation_events
    on conflict (id) do update set last_xid = excluded.last_xid, last_event_id = excluded.last_event_id`);
}

describe("the jobs' polls", () => {
  it('read their index, without statistics and with them', async () => {
    const app = await testApp();
    await caughtUp(app);
    const polls = {
      'the fold': [firstUnfolded(app.database.db), /compensation_events_order_idx/],
      'new partners': [pendingUsersQuery(100), /users_team_pending_idx/],
      'nodes to count': [pendingNodesQuery(100), /nodes_team_pending_idx/],
    } as const;
    for (const analyzed of [false, true]) {
      if (analyzed) await app.database.db.execute(sql`analyze users, nodes, compensation_events`);
      for (const [name, [query, index]] of Object.entries(polls)) {
        const shown = await planOf(app, query);
        expect(shown, `${name}, ${analyzed ? 'analyzed' : 'not analyzed'}:\n${shown}`).toMatch(index);
        expect(shown, `${name}:\n${shown}`).not.toMatch(/Seq Scan|Sort/);
      }
    }
    // What they answer when nothing waits, and when something does.
    expect(await firstUnfolded(app.database.db)).toEqual([]);
    expect(await queryRows(app.database.db, pendingUsersQuery(100))).toEqual([]);
    // Lowest id first, as numbers (as text, 1000 would come before 999).
    await app.database.db.execute(sql`update users set team_counted = false where id in (999, 1000)`);
    const pending = await queryRows<{ id: string }>(app.database.db, pendingUsersQuery(100));
    expect(pending.map((row) => row.id)).toEqual(['999', '1000']);
    await app.database.db.execute(sql`insert into compensation_events (kind, user_id, xid, details)
      select 'mentor', max(id), 1000000, '{}'::jsonb from users`);
    expect(await firstUnfolded(app.database.db)).toHaveLength(1);
  }, 120_000);
});
