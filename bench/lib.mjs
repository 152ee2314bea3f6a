// Helpers of the server benchmark (bench/run.mjs): processes, memory, a small HTTP load client.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `node <args>` on a free port; answers once `readyPath` answers 200. */
export async function startProcess(args, env, readyPath = '/api/health') {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(base + readyPath).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 1200 || child.exitCode !== null) throw new Error(`process did not start:\n${output}`);
    await sleep(50);
  }
  return {
    base,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process, in MiB: now and its peak so far (Linux). */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** CPU seconds a process has used so far, user and system (Linux; 0 once it is gone). */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, the 14th and 15th fields of stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A process and the processes it started (a server with WORKERS: its workers), Linux. */
export function processTree(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(processTree)];
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds a call takes. */
export async function timed(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

export async function json(base, method, path, body, token, headers = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Requests per second that `connections` keep-alive connections get through in `seconds`, each
 * sending its next request when the last answer has fully arrived. A raw socket client: Node's
 * own HTTP client would be slower than a bare Fastify route and hide the difference. `headers`
 * may be a list: connection i sends the (i mod length)th, so that, say, each connection is
 * another partner.
 */
export async function loadTest({
  port,
  method,
  path,
  headers = {},
  body = '',
  connections = 16,
  seconds = 5,
}) {
  const requestWith = (headers) =>
    Buffer.from(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  const requests = (Array.isArray(headers) ? headers : [headers]).map(requestWith);
  let done = 0;
  let failed = 0;
  let running = true;
  const one = (_, index) =>
    new Promise((resolve, reject) => {
      const request = requests[index % requests.length];
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer = Buffer.alloc(0);
      socket.on('connect', () => socket.write(request));
      socket.on('error', reject);
      socket.on('close', resolve);
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
          if (buffer.length < end + 4 + length) return;
          if (!head.startsWith('HTTP/1.1 200')) failed += 1;
          else done += 1;
          buffer = buffer.subarray(end + 4 + length);
          if (running) socket.write(request);
          else return socket.end();
        }
      });
    });
  const clients = Array.from({ length: connections }, one);
  const warmUp = 1000;
  await sleep(warmUp);
  const startDone = done;
  const start = process.hrtime.bigint();
  await sleep(seconds * 1000);
  const count = done - startDone;
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  running = false;
  await Promise.all(clients);
  if (failed > 0) throw new Error(`${failed} requests to ${path} did not answer 200`);
  return count / elapsed;
}

/**
 * A keep-alive HTTP/1.1 client on one socket, one request at a time: `send(method, path, body,
 * token)` answers `{ status, body }` (JSON parsed). Lighter than fetch, so the client's own CPU
 * takes less of the machine the server and the database share (the goals are ratios measured on it).
 */
export function rawClient(base) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let waiting = null;
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const text = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    const resolve = waiting;
    waiting = null;
    resolve({ status: Number(head.slice(9, 12)), body: text ? JSON.parse(text) : null });
  });
  const ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    async send(method, path, body, token, headers = {}) {
      await ready;
      const payload = body === undefined ? '' : JSON.stringify(body);
      const lines = [
        `${method} ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Connection: keep-alive',
        ...(token ? [`Authorization: Bearer ${token}`] : []),
        ...(payload ? ['Content-Type: application/json'] : []),
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        `Content-Length: ${Buffer.byteLength(payload)}`,
      ];
      const answer = new Promise((resolve) => (waiting = resolve));
      socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
      return answer;
    },
    close: () => socket.end(),
  };
}

/** A money-moving call with an Idempotency-Key of its own, as a client sends it. */
export const buy = (base, token, path, body) =>
  json(base, 'POST', path, body, token, { 'idempotency-key': randomUUID() });

/**
 * The server processes a server on PostgreSQL runs (its WORKERS): BENCH_WORKERS, by default one
 * per core, as README.md's "Running on PostgreSQL" deploys it on one machine.
 */
export const POSTGRES_WORKERS = process.env.BENCH_WORKERS ?? 'auto';

/** The environment the benchmarks start the server with (jobs off, limits out of the way). */
export const SERVER_ENV = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  JOBS: 'false',
  SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'bench-admin-password-1',
  REGISTRATIONS_PER_IP_PER_HOUR: '100000000',
  LOGIN_ATTEMPTS_PER_IP: '100000000',
  AMOUNT_MAX_USDT: '100000000000',
};

export const adminToken = async (base) =>
  (
    await json(base, 'POST', '/api/v1/accounts/login/', {
      email: SERVER_ENV.ADMIN_EMAIL,
      password: SERVER_ENV.ADMIN_PASSWORD,
    })
  ).token;

/** Credits a partner's USDT balance by an admin adjustment. */
export const fund = (base, token, userId, amount = '10000000') =>
  json(
    base,
    'POST',
    '/api/v1/admin/ledger/adjustments/',
    { user_id: userId, currency: 'USDT', amount, reason: 'bench' },
    token,
  );

let phones = 0;

/**
 * A sign-up through the API, `${name}${index}@example.com` (`promocode`: the mentor's code, none
 * for the company root). Answers `{ token, user }`.
 */
export const register = (base, name, index, promocode) =>
  json(base, 'POST', '/api/v1/accounts/register/', {
    email: `${name}${index}@example.com`,
    password: 'password-123',
    password_confirm: 'password-123',
    first_name: 'Bench',
    last_name: `${name}${index}`,
    phone: `+3519${String(++phones).padStart(8, '0')}`,
    country: 'Portugal',
    country_code: 'PT',
    ...(promocode ? { promocode } : {}),
  });

/** Builds the server (apps/server/dist: main.js and dev/generate-network.js). */
export function buildServer(root) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: `${root}/apps/server`, stdio: 'inherit' });
}

/**
 * A fresh database for `driver` ('pglite' or 'postgres', made under `adminUrl` and dropped after):
 * the server's environment (`env.pids()`: the PostgreSQL backends' pids), and how to drop it.
 */
export async function openBenchTarget(driver, adminUrl, name) {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-bench-${name}-`));
  const env = { ...SERVER_ENV, DATA_DIR: dataDir };
  let dropDatabase = async () => undefined;
  if (driver === 'postgres') {
    const database = `bench_${name}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    };
    // The CPU of the database's backends, for the concurrency measure.
    env.pids = async () =>
      (await admin.query('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
        (row) => row.pid,
      );
  }
  return {
    env,
    dataDir,
    async drop() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the network generator (apps/server/dist/dev/generate-network.js under `root`) on the
 * target's database, no server on it: what it wrote (its JSON), and how long.
 */
export function generateNetwork(root, target, partners, deepLeg) {
  const { pids: _, ...env } = target.env;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [
        join(root, 'apps/server/dist/dev/generate-network.js'),
        `--partners=${partners}`,
        `--deep-leg=${deepLeg}`,
      ],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  });
}
