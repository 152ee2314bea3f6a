import type { FastifyInstance } from 'fastify';

export type TJob = {
  name: string;
  everyMs: number;
  /** Must be safe when several server processes run it at once (unique keys, row locks). */
  run: () => Promise<void>;
};

/**
 * Runs each job every `everyMs`, never two runs of one job at once in this process; a failed run
 * is logged and tried again at the next tick. Stops when the app closes. Every time rule also
 * holds lazily on reads, so a missed run only delays, never changes, what a partner sees.
 */
export function startJobs(app: FastifyInstance, jobs: TJob[]): void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    return setInterval(() => void tick(), job.everyMs);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
