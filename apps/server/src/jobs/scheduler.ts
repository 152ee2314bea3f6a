import type { FastifyInstance } from 'fastify';

export type TJob = {
  name: string;
  everyMs: number;
  /** Must be safe when several server processes run it at once (unique keys, row locks). */
  run: () => Promise<void>;
};

/**
 * Runs each job every `everyMs`, never two runs of one job at once in this process; a failed run
 * is logged and tried again at the next tick. When the app closes, no run starts any more and the
 * runs under way are awaited, so none writes after shutdown. Every time rule also holds lazily on
 * reads, so a missed run only delays, never changes, what a partner sees.
 */
export function startJobs(app: FastifyInstance, jobs: TJob[]): void {
  let closing = false;
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (closing || running.has(job.name)) return;
      const run = job
        .run()
        .catch((error: unknown) => app.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs),
  );
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  });
}
