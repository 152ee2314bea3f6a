import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { TWakeups } from '../db/wakeups';
import * as repo from './repo';

/**
 * A worker drains work that waits in the database (events to fold, notices to send, invoices past
 * their time): a missed look loses nothing, the rows are still there. Every process that runs jobs
 * runs its workers; each is safe when several processes run it at once (row claims, or a
 * transaction lock where the data needs one consumer, as the bonus fold does).
 */
export type TWorkerJob = {
  kind: 'worker';
  name: string;
  /** How often it looks for work. */
  everyMs: number;
  /**
   * Woken when a request commits work (db/wakeups.ts): then it runs at once, and where wake-ups
   * reach every process (PostgreSQL) it looks by itself only every WAKE_POLL_MS at most.
   */
  wake?: boolean;
  /**
   * A wake-up that comes within this long of the last run's end waits until it has passed: under
   * a stream of wake-ups the runs take bigger batches, while a wake-up after a quiet spell still
   * runs at once. 0 (the default): every wake-up runs at once.
   */
  settleMs?: number;
  run: () => Promise<unknown>;
};

/**
 * A periodic job on a persisted schedule: its slots are the multiples of `everyMs` since the Unix
 * epoch (a day's slot is midnight UTC), each run by one process. A slot that passed while no
 * process ran is run after the restart: every one of them with `catchUp: 'each'` (a day's fees),
 * one run for them all with 'latest' (a job that looks at everything due anyway).
 */
export type TScheduledJob = {
  kind: 'schedule';
  name: string;
  everyMs: number;
  catchUp: 'each' | 'latest';
  /** Runs for `slot`, the instant on the grid it is due for. */
  run: (slot: Date) => Promise<unknown>;
};

export type TJob = TWorkerJob | TScheduledJob;

export type TSchedulerOptions = {
  /** How often the schedule is looked at for due slots. */
  tickMs: number;
  /** How long a claimed slot is held by its process; renewed every third of it while it runs. */
  leaseMs: number;
  /** The first retry of a failed run waits this long, each next one twice as long as the last. */
  retryMs: number;
  /** The longest a retry waits. */
  retryMaxMs: number;
};

export const SCHEDULER_DEFAULTS: TSchedulerOptions = {
  tickMs: 1000,
  leaseMs: 5 * 60_000,
  retryMs: 10_000,
  retryMaxMs: 30 * 60_000,
};

/**
 * How often a woken worker still looks by itself when wake-ups reach every process: a wake-up
 * lost with its connection costs at most this long.
 */
export const WAKE_POLL_MS = 1000;

/**
 * The settle gap of the woken workers that drain by the batch (team counters, notices): every
 * committed request wakes them, and without a gap they would run once per purchase under load.
 */
export const WAKE_SETTLE_MS = 250;

/** The wait before retry number `failures + 1`: doubling from `base`, at most `max`. */
export const backoff = (failures: number, base: number, max: number): number =>
  Math.min(max, base * 2 ** Math.min(failures, 30));

/** The latest slot of a grid of `everyMs` at or before `now`. */
export const slotAt = (now: Date, everyMs: number): Date =>
  new Date(Math.floor(now.getTime() / everyMs) * everyMs);

export type TJobRunner = {
  /** Stops starting runs and waits for those under way (none writes after it answers). */
  stop(): Promise<void>;
  /** Every due slot run now, and each worker once (tests; the timers do it otherwise). */
  runDue(): Promise<void>;
};

/**
 * Runs the jobs of this process: each worker every `everyMs` (after a failure it waits longer,
 * doubling up to a minute, and logs it), and the scheduled jobs' due slots as the persisted
 * schedule says. Never two runs of one job at once in a process; across processes, the schedule's
 * lease lets one process run a slot.
 */
export async function startJobs(deps: {
  db: Db;
  jobs: readonly TJob[];
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Wake-ups of the workers that ask for them (`wake`); without, they only look by themselves. */
  wakeups?: Pick<TWakeups, 'subscribe'>;
  clock?: () => Date;
  options?: Partial<TSchedulerOptions>;
}): Promise<TJobRunner> {
  const { db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const options = { ...SCHEDULER_DEFAULTS, ...deps.options };
  const names = deps.jobs.map((job) => job.name);
  if (new Set(names).size !== names.length) throw new Error(`job names repeat: ${names.join(', ')}`);

  let stopped = false;
  const running = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) fn();
    }, ms);
    timers.add(timer);
  };
  /** Runs `fn` as `name`'s one run in this process; nothing when it already runs. */
  const exclusive = (name: string, fn: () => Promise<void>): Promise<void> => {
    const under = running.get(name);
    if (under) return under;
    const run = fn().finally(() => running.delete(name));
    running.set(name, run);
    return run;
  };

  // ---- workers ----
  const workers = deps.jobs.filter((job): job is TWorkerJob => job.kind === 'worker');
  const failures = new Map<string, number>();
  /** Workers woken while they ran: what woke them may have come after their read, so once more. */
  const again = new Set<string>();
  /** When each worker's last run ended (performance.now()), for its settle gap. */
  const ended = new Map<string, number>();
  /** Workers whose wake-up waits out the settle gap (one timer each). */
  const settling = new Set<string>();
  const runWorker = (job: TWorkerJob): Promise<void> =>
    exclusive(job.name, async () => {
      try {
        await job.run();
        failures.delete(job.name);
      } catch (error) {
        failures.set(job.name, (failures.get(job.name) ?? 0) + 1);
        log.error({ err: error, job: job.name }, 'job failed');
      }
      ended.set(job.name, performance.now());
    }).then(() => {
      if (again.delete(job.name)) wakeWorker(job);
    });
  /** A wake-up: the worker runs at once, after its run under way, or when its settle gap is over. */
  const wakeWorker = (job: TWorkerJob): void => {
    if (stopped || settling.has(job.name)) return;
    if (running.has(job.name)) {
      again.add(job.name);
      return;
    }
    const wait = (ended.get(job.name) ?? -Infinity) + (job.settleMs ?? 0) - performance.now();
    if (wait <= 0) {
      void runWorker(job);
      return;
    }
    settling.add(job.name);
    later(wait, () => {
      settling.delete(job.name);
      wakeWorker(job);
    });
  };
  const everywhere = new Set<string>();
  for (const job of workers) {
    if (!job.wake || !deps.wakeups) continue;
    const shared = deps.wakeups.subscribe(() => wakeWorker(job));
    if (shared) everywhere.add(job.name);
  }
  const loop = (job: TWorkerJob) => {
    const failed = failures.get(job.name) ?? 0;
    const every = everywhere.has(job.name) ? Math.max(job.everyMs, WAKE_POLL_MS) : job.everyMs;
    later(
      failed === 0 ? every : backoff(failed, job.everyMs, 60_000),
      () => void runWorker(job).then(() => loop(job)),
    );
  };

  // ---- scheduled jobs ----
  const scheduled = new Map(
    deps.jobs
      .filter((job): job is TScheduledJob => job.kind === 'schedule')
      .map((job) => [job.name, job] as const),
  );
  await repo.ensureRows(
    db,
    [...scheduled.values()].map((job) => ({ name: job.name, firstAt: slotAt(clock(), job.everyMs) })),
  );

  const runSlot = async (job: TScheduledJob, slot: Date, failed: number): Promise<void> => {
    const leaseFor = () => new Date(clock().getTime() + options.leaseMs);
    const renew = setInterval(() => {
      repo.extendLease(db, job.name, slot, leaseFor()).catch((error: unknown) => {
        log.warn({ err: error, job: job.name }, 'a job lease was not renewed');
      });
    }, options.leaseMs / 3);
    try {
      const latest = slotAt(clock(), job.everyMs);
      const runFor = job.catchUp === 'each' ? slot : new Date(Math.max(slot.getTime(), latest.getTime()));
      await job.run(runFor);
      clearInterval(renew);
      await repo.completeSlot(db, job.name, slot, new Date(runFor.getTime() + job.everyMs), clock());
    } catch (error) {
      clearInterval(renew);
      log.error({ err: error, job: job.name, slot }, 'job failed');
      const retryAt = new Date(clock().getTime() + backoff(failed, options.retryMs, options.retryMaxMs));
      await repo.failSlot(db, job.name, slot, retryAt, String(error), clock());
    }
  };

  const claim = (jobNames: readonly string[]) => {
    const now = clock();
    return repo.claimDue(db, jobNames, now, new Date(now.getTime() + options.leaseMs));
  };
  /** Runs a claimed slot; a job that runs each slot goes on with the next when it is due already. */
  const runClaimed = async (job: TScheduledJob, slot: Date, failed: number): Promise<void> => {
    await runSlot(job, slot, failed);
    if (stopped || job.catchUp !== 'each') return;
    const [next] = await claim([job.name]);
    if (next) await runClaimed(job, next.slot, next.failures);
  };
  /** Claims every due slot of the jobs not running here (one statement) and starts them. */
  const claimDue = async (): Promise<void> => {
    const claimed = await claim([...scheduled.keys()].filter((name) => !running.has(name)));
    for (const { name, slot, failures: failed } of claimed) {
      void exclusive(name, () =>
        runClaimed(scheduled.get(name)!, slot, failed).catch((error: unknown) =>
          log.error({ err: error, job: name }, 'the job schedule could not be written'),
        ),
      );
    }
  };
  const tick = () =>
    void claimDue()
      .catch((error: unknown) => log.error({ err: error }, 'the job schedule could not be read'))
      .finally(() => later(options.tickMs, tick));

  for (const job of workers) loop(job);
  if (scheduled.size > 0) later(0, tick);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    async runDue() {
      await claimDue();
      await Promise.all([...running.values(), ...workers.map(runWorker)]);
    },
  };
}
