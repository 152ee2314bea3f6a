import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from './app';
import { databaseUrl } from './database';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type TServerProcess = {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/** How long a server process may take to serve; the tests that start one allow for it. */
export const START_WAIT_MS = 100_000;

const running: ChildProcess[] = [];
/**
 * After each test (test/setup.ts): each process it started is stopped, and gone, before the next
 * test: one still running its jobs would hold the tables the next test's fresh database truncates
 * (a deadlock).
 */
export async function stopProcesses(): Promise<void> {
  await Promise.all(running.splice(0).map(stop));
}

/** SIGTERM, then SIGKILL when it has not exited within 10 seconds; answers once it exited. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** main.ts started from source with `args`, on a free port, as a test's own process. */
async function spawnMain(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-process-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/** Waits, as long as a start may take, until `ready` says so; throws with the output if it exits. */
async function waitUntil(process: TServerProcess, ready: () => Promise<boolean>): Promise<TServerProcess> {
  // A start migrates (PGlite from scratch): on a loaded machine that takes a while, so the wait is long.
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (await ready()) return process;
    if (Date.now() > deadline || process.child.exitCode !== null)
      throw new Error(`server process did not start:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A server process of its own, started from source as main.ts runs (a second machine, or the
 * process `npm start` runs), on a free port; answers once it serves /api/health.
 */
export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const server = await spawnMain([], env);
  return waitUntil(server, () =>
    fetch(`${server.base}/api/health`).then(
      (response) => response.ok,
      () => false,
    ),
  );
}

/** A worker process (`npm run worker`: the jobs, no HTTP); answers once it runs them. */
export async function startWorkerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const worker = await spawnMain(['--worker'], { LOG_LEVEL: 'info', ...env });
  return waitUntil(worker, async () => worker.output().includes('worker running the jobs'));
}

/**
 * Two server processes on this test file's PostgreSQL database (a second machine beside the
 * first), jobs off unless `env` says otherwise; answers their base URLs.
 */
export async function startTwoServers(env: Record<string, string> = {}): Promise<string[]> {
  const url = databaseUrl();
  if (!url) throw new Error('Two server processes need PostgreSQL (TEST_DATABASE_URL)');
  const all = {
    NODE_ENV: 'test',
    DATABASE_URL: url,
    SECRET_KEY: testConfig().secretKey,
    LOG_LEVEL: 'warn',
    JOBS: 'false',
    ...env,
  };
  const servers = await Promise.all([startServerProcess(all), startServerProcess(all)]);
  return servers.map((server) => server.base);
}
