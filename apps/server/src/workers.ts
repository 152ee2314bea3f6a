import cluster, { type Worker } from 'node:cluster';

/** A worker that dies after serving is replaced after this pause (a crash loop cannot spin). */
const RESTART_DELAY_MS = 1000;

/**
 * WORKERS above 1 (PostgreSQL only): this process starts `count` server processes that share its
 * port (node:cluster hands each connection to one of them) and serves nothing itself. Each worker
 * is a server as a second machine would be (sessions, rate limits and jobs already live in the
 * database), accepting connections itself. A worker that dies after it listened is replaced; one that dies before it listened
 * (a start that fails, say the database is down) stops them all with exit code 1, rather than
 * restarting forever. SIGTERM or SIGINT is passed on: the workers finish the requests in flight,
 * and this process exits once they are gone (0 when they all stopped cleanly).
 */
export function superviseWorkers(count: number): void {
  // Each worker accepts its own connections from the shared socket (the kernel hands each to one
  // of them). node:cluster's default, round-robin, accepts in this process and passes each
  // connection on: one passed to a worker as it is killed stays open here, unanswered, until the
  // client gives up (15-30 s). Now a killed worker's connections close with it, at once, and a
  // connection nobody accepted yet waits for the other worker.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let failed = false;
  const listened = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listened.add(worker));
  };
  const alive = () =>
    Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${alive().length} workers`);
    for (const worker of alive()) worker.process.kill(signal);
    if (alive().length === 0) process.exit(failed ? 1 : 0);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listened.has(worker)) {
      console.error(`worker ${worker.process.pid} exited before it served (${signal ?? code}): stopping`);
      failed = true;
      stop('SIGTERM');
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}): starting another`);
    setTimeout(() => stopping || fork(), RESTART_DELAY_MS);
  });
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  console.log(`starting ${count} workers`);
  for (let index = 0; index < count; index++) fork();
}
