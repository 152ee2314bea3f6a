import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import { startJobs, type TJobRunner, type TScheduledJob } from '../../src/jobs/scheduler';
import { freshDatabase, secondConnection } from '../helpers/database';

const DAY = 86_400_000;
const silent = { error: () => undefined, warn: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock a test moves by hand. */
function testClock(start: string) {
  let now = new Date(start);
  return { now: () => now, set: (at: string) => (now = new Date(at)) };
}

const runners: TJobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

async function run(database: Database, jobs: TScheduledJob[], clock: () => Date, tickMs = 5) {
  const runner = await startJobs({
    db: database.db,
    jobs,
    log: silent,
    clock,
    options: { tickMs, retryMs: 30 },
  });
  runners.push(runner);
  return runner;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); await pause(10)) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

describe('the persisted job schedule', () => {
  it('runs each daily slot missed while the servers were down after the restart, once across two processes', async () => {
    const database = await freshDatabase();
    const clock = testClock('2026-03-10T12:00:00Z');
    const ran: string[] = [];
    const daily = (): TScheduledJob => ({
      kind: 'schedule',
      name: 'daily',
      everyMs: DAY,
      catchUp: 'each',
      run: async (slot) => {
        ran.push(slot.toISOString().slice(0, 10));
        await pause(5);
      },
    });
    let latestRuns = 0;
    const hourly = (): TScheduledJob => ({
      kind: 'schedule',
      name: 'hourly',
      everyMs: 3_600_000,
      catchUp: 'latest',
      run: async () => void (latestRuns += 1),
    });

    // The first start runs the slot due now.
    const first = await run(database, [daily(), hourly()], clock.now);
    await first.runDue();
    await first.stop();
    expect(ran).toEqual(['2026-03-10']);
    expect(latestRuns).toBe(1);

    // Down across three midnights; then two processes start at once.
    clock.set('2026-03-13T06:30:00Z');
    await Promise.all([
      run(database, [daily(), hourly()], clock.now),
      run(secondConnection(database), [daily(), hourly()], clock.now),
    ]);
    await until(() => ran.length >= 4 && latestRuns >= 2);
    await pause(100);
    expect(ran).toEqual(['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']);
    // 66 hourly slots missed: one run looks at everything due.
    expect(latestRuns).toBe(2);
    const rows = await queryRows<{ name: string; next_at: Date | string; leased_until: unknown }>(
      database.db,
      sql`select name, next_at, leased_until from job_schedule order by name`,
    );
    expect(rows.map((row) => [row.name, new Date(row.next_at).toISOString(), row.leased_until])).toEqual([
      ['daily', '2026-03-14T00:00:00.000Z', null],
      ['hourly', '2026-03-13T07:00:00.000Z', null],
    ]);
  });

  it('retries a failed slot after a wait that doubles, and records the error', async () => {
    const database = await freshDatabase();
    const clock = testClock('2026-03-10T12:00:00Z');
    let attempts = 0;
    const flaky: TScheduledJob = {
      kind: 'schedule',
      name: 'flaky',
      everyMs: DAY,
      catchUp: 'each',
      run: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error(`failure ${attempts}`);
      },
    };
    const row = async () =>
      (
        await queryRows<{ failures: number; last_error: string | null; next_at: Date | string }>(
          database.db,
          sql`select failures, last_error, next_at from job_schedule where name = 'flaky'`,
        )
      )[0]!;
    /** Waits until the schedule recorded `failures` failures in a row. */
    const recorded = async (failures: number) => {
      for (const deadline = Date.now() + 5000; (await row()).failures !== failures; await pause(10)) {
        if (Date.now() > deadline) throw new Error(`${failures} failures not recorded`);
      }
    };
    await run(database, [flaky], clock.now);
    await recorded(1);
    expect(await row()).toMatchObject({ failures: 1, last_error: 'Error: failure 1' });
    // The retry waits 30 ms of the clock, then 60: the clock stands still, so nothing runs.
    await pause(50);
    expect(attempts).toBe(1);
    clock.set('2026-03-10T12:00:00.031Z');
    await recorded(2);
    clock.set('2026-03-10T12:00:00.062Z');
    await pause(50);
    expect(attempts).toBe(2);
    clock.set('2026-03-10T12:00:00.100Z');
    await until(() => attempts === 3);
    await recorded(0);
    const done = await row();
    expect(done.last_error).toBeNull();
    expect(new Date(done.next_at).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('lets another process take over a slot whose process stopped answering, and never runs it twice', async () => {
    const database = await freshDatabase();
    const clock = testClock('2026-03-10T12:00:00Z');
    const ran: string[] = [];
    const stuck = new Promise<void>(() => undefined);
    const job = (who: string, hang: boolean): TScheduledJob => ({
      kind: 'schedule',
      name: 'daily',
      everyMs: DAY,
      catchUp: 'each',
      run: async (slot) => {
        ran.push(`${who} ${slot.toISOString().slice(0, 10)}`);
        if (hang) await stuck;
      },
    });
    const options = { tickMs: 5, leaseMs: 60_000 };
    const hung = await startJobs({
      db: database.db,
      jobs: [job('a', true)],
      log: silent,
      clock: clock.now,
      options,
    });
    await until(() => ran.length === 1);
    const second = secondConnection(database);
    runners.push(
      await startJobs({ db: second.db, jobs: [job('b', false)], log: silent, clock: clock.now, options }),
    );
    await pause(50);
    expect(ran).toEqual(['a 2026-03-10']);
    // Its lease runs out a minute later: the other process runs the slot.
    clock.set('2026-03-10T12:01:00.001Z');
    await until(() => ran.length === 2);
    await pause(50);
    expect(ran).toEqual(['a 2026-03-10', 'b 2026-03-10']);
    void hung.stop();
  });
});
