import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startJobs } from './scheduler';

describe('the job scheduler', () => {
  it('never overlaps runs of a job, and waits for the run under way when the app closes', async () => {
    const app = Fastify();
    const events: string[] = [];
    let active = 0;
    let maxActive = 0;
    startJobs(app, [
      {
        name: 'slow',
        everyMs: 5,
        run: async () => {
          active += 1;
          maxActive = Math.max(maxActive, active);
          events.push('start');
          await new Promise((resolve) => setTimeout(resolve, 40));
          events.push('end');
          active -= 1;
        },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await app.close();
    const ended = events.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(maxActive).toBe(1);
    expect(events.at(-1)).toBe('end');
    expect(events.length).toBe(ended);
  });

  it('logs a failed run and runs again at the next tick', async () => {
    const app = Fastify();
    let runs = 0;
    startJobs(app, [
      {
        name: 'failing',
        everyMs: 5,
        run: async () => {
          runs += 1;
          throw new Error('boom');
        },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(runs).toBeGreaterThan(1);
  });
});
