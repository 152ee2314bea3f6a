import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { payouts } from '../../src/schema';
import { createWakeups, type TWakeups } from '../../src/db/wakeups';
import { startJobs, type TJobRunner } from '../../src/jobs/scheduler';
import { testApp, testConfig } from '../helpers/app';
import { databaseUrl, freshDatabase, secondConnection } from '../helpers/database';
import { countRows } from '../helpers/rows';
import { inviteWithPurchase } from '../helpers/tariffs';

const silent = { error: () => undefined, warn: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const closing: (TWakeups | TJobRunner)[] = [];
afterEach(async () => {
  for (const item of closing.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close());
});

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await pause(5);
  }
  return Date.now() - start;
}

describe('waking the workers', () => {
  it('runs a woken worker at once, and once more when woken while it ran', async () => {
    const database = await freshDatabase();
    const wakeups = createWakeups({ db: database.db, listenUrl: null });
    closing.push(wakeups);
    let runs = 0;
    let release = () => undefined as void;
    const runner = await startJobs({
      db: database.db,
      log: silent,
      wakeups,
      jobs: [
        {
          kind: 'worker',
          name: 'drain',
          // It would not look by itself within the test.
          everyMs: 60_000,
          wake: true,
          run: async () => {
            runs += 1;
            if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
    });
    closing.push(runner);
    await pause(50);
    expect(runs).toBe(0);
    wakeups.wake();
    await until(() => runs === 1, 1000);
    // Woken twice while it runs: one more run after it, not two.
    wakeups.wake();
    await pause(30);
    wakeups.wake();
    await pause(30);
    release();
    await until(() => runs === 2, 1000);
    await pause(50);
    expect(runs).toBe(2);
  });

  it('a call that committed work wakes the bonus fold: paid before the fold would have looked', async () => {
    const base = testConfig();
    // The fold would look by itself only after a minute.
    const app = await testApp({
      config: { jobs: true, fold: { ...base.fold, everyMs: 60_000 } },
      settle: false,
    });
    const { mentor } = await inviteWithPurchase(app);
    // The invite bonus of the buyer's purchase.
    await until(async () => (await countRows(app, payouts, eq(payouts.payeeId, mentor.id))) > 0, 1500);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL a wake-up in one process reaches the workers of another (LISTEN/NOTIFY)',
    async () => {
      const database = await freshDatabase();
      const url = databaseUrl()!;
      const listening = createWakeups({ db: database.db, listenUrl: url });
      const waking = createWakeups({ db: secondConnection(database).db, listenUrl: url });
      closing.push(listening, waking);
      let woken = 0;
      expect(listening.subscribe(() => (woken += 1))).toBe(true);
      // The listening connection opens in the background; wake until it hears.
      const ms = await until(() => {
        if (woken === 0) waking.wake();
        return woken > 0;
      }, 5000);
      expect(ms).toBeLessThan(5000);
      // The wake-ups sent before it heard arrive too.
      await pause(300);
      const before = woken;
      // A burst of wake-ups within a few milliseconds is one NOTIFY.
      for (let index = 0; index < 20; index++) waking.wake();
      await until(() => woken > before, 2000);
      await pause(100);
      expect(woken - before).toBe(1);
    },
  );
});
