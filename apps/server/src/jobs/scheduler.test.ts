import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { backoff, slotAt, startJobs } from './scheduler';

const silent = { error: () => undefined, warn: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Workers alone never read the schedule: no database is needed. */
const noDatabase = {} as Db;

describe('the job scheduler', () => {
  it('never overlaps runs of a worker, and waits for the run under way when it stops', async () => {
    const events: string[] = [];
    let active = 0;
    let maxActive = 0;
    const runner = await startJobs({
      db: noDatabase,
      log: silent,
      jobs: [
        {
          kind: 'worker',
          name: 'slow',
          everyMs: 5,
          run: async () => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            events.push('start');
            await pause(40);
            events.push('end');
            active -= 1;
          },
        },
      ],
    });
    await pause(60);
    await runner.stop();
    const ended = events.length;
    await pause(60);
    expect(maxActive).toBe(1);
    expect(events.at(-1)).toBe('end');
    expect(events.length).toBe(ended);
  });

  it('logs a failed run and tries again, waiting twice as long after each failure in a row', async () => {
    const at: number[] = [];
    const logged: unknown[] = [];
    const runner = await startJobs({
      db: noDatabase,
      log: { error: (details: unknown) => logged.push(details), warn: () => undefined },
      jobs: [
        {
          kind: 'worker',
          name: 'failing',
          everyMs: 10,
          run: async () => {
            at.push(performance.now());
            throw new Error('boom');
          },
        },
      ],
    });
    await pause(200);
    await runner.stop();
    // 10 ms, then 20, 40, 80 after each failure: about 4 runs in 200 ms, not 20.
    expect(at.length).toBeGreaterThanOrEqual(3);
    expect(at.length).toBeLessThanOrEqual(5);
    const gaps = at.slice(1).map((time, index) => time - at[index]!);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]! * 1.5);
    expect(logged).toHaveLength(at.length);
  });

  it('runs a lone wake-up at once, and takes the wake-ups within the settle gap in one run', async () => {
    const runs: number[] = [];
    let wake = () => undefined as void;
    const runner = await startJobs({
      db: noDatabase,
      log: silent,
      wakeups: {
        subscribe: (listener) => {
          wake = listener;
          return true;
        },
      },
      jobs: [
        {
          kind: 'worker',
          name: 'fold',
          everyMs: 60_000,
          wake: true,
          settleMs: 200,
          run: async () => {
            runs.push(performance.now());
          },
        },
      ],
    });
    const start = performance.now();
    wake();
    await pause(5);
    expect(runs).toHaveLength(1);
    expect(runs[0]! - start).toBeLessThan(20);
    // Ten wake-ups inside the gap: one more run, when the gap is over.
    for (let i = 0; i < 10; i += 1) wake();
    expect(runs).toHaveLength(1);
    await pause(400);
    expect(runs).toHaveLength(2);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(195);
    // After a quiet spell longer than the gap, a wake-up runs at once again.
    await pause(250);
    const quiet = performance.now();
    wake();
    await pause(5);
    expect(runs).toHaveLength(3);
    expect(runs[2]! - quiet).toBeLessThan(20);
    await runner.stop();
  });

  it('puts slots on a grid from the Unix epoch, and doubles the retry wait up to its cap', () => {
    expect(slotAt(new Date('2026-03-10T17:45:12Z'), 86_400_000).toISOString()).toBe(
      '2026-03-10T00:00:00.000Z',
    );
    expect(slotAt(new Date('2026-03-10T17:45:12Z'), 3_600_000).toISOString()).toBe(
      '2026-03-10T17:00:00.000Z',
    );
    expect([0, 1, 2, 3, 10].map((failures) => backoff(failures, 10, 100))).toEqual([10, 20, 40, 80, 100]);
  });
});
