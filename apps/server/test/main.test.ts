import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ADMIN_EMAIL, resetSuperuserPassword } from '../src/modules/accounts/bootstrap';
import { ADMIN, post, testApp, testConfig } from './helpers/app';
import { loginAdmin, registerPartner } from './helpers/factories';
import { databaseUrl } from './helpers/database';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { jobSchedule, payouts } from '../src/schema';
import { startServerProcess, startWorkerProcess } from './helpers/process';
import { countRows } from './helpers/rows';
import { inviteWithPurchase } from './helpers/tariffs';

/** The processes a process started (Linux). */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The status of a GET on a connection of its own (a kept-alive one may be the dead worker's). */
const freshStatus = (url: string) =>
  new Promise<number | undefined>((resolve, reject) =>
    get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject),
  );

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  for (
    const deadline = Date.now() + ms;
    !condition();
    await new Promise((resolve) => setTimeout(resolve, 100))
  ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** The server process as `npm start` runs it (from source here): migrate, serve, stop cleanly. */
describe('the server process', () => {
  it('migrates its database at start, serves, and shuts down gracefully on SIGTERM', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'boss-password-1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    });
    const base = server.base;
    // The start log names the address actually listened on, and mail links follow PORT.
    expect(server.output()).toContain(`portal listening at ${base}`);
    expect(server.output()).toContain(`"publicUrl":"http://localhost:${new URL(base).port}"`);

    const login = await fetch(`${base}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { token: string }).token).toEqual(expect.any(String));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // The embedded database runs the development chain and the sandbox card provider, and says so.
    expect(server.output()).toContain('development chain is on');
    expect(server.output()).toContain('sandbox card provider is on');
    // Request logs: one line per request, without query strings.
    expect(server.output()).toMatch(/"url":"\/api\/v1\/accounts\/login\/"/);
  }, 150_000);
});

describe('the superuser of a new database', () => {
  it('a first start without ADMIN_EMAIL ends its output with the superuser it created, whose password signs in', async () => {
    const server = await startServerProcess({ NODE_ENV: 'development', LOG_LEVEL: 'info', DATABASE_URL: '' });
    await until(() => /password: \S+/.test(server.output()), 'the superuser notice');
    const output = server.output();
    const password = /password: (\S+)/.exec(output)![1]!;
    // Told after the start's log, not in the middle of it, with how to get another.
    expect(output.indexOf('password: '), output).toBeGreaterThan(output.indexOf('portal listening at'));
    expect(output).toContain(`email:    ${DEVELOPMENT_ADMIN_EMAIL}`);
    expect(output).toContain('npm run admin:password');
    const login = await fetch(`${server.base}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEVELOPMENT_ADMIN_EMAIL, password }),
    });
    expect(login.status).toBe(200);
  }, 150_000);

  it('admin:password gives a superuser a new password and ends its sessions; a partner is refused', async () => {
    const app = await testApp();
    const old = await loginAdmin(app);
    const password = await resetSuperuserPassword(app.database.db, ADMIN.email.toUpperCase());
    expect(password).toEqual(expect.any(String));
    expect((await post(app, '/api/v1/accounts/info/', {}, old)).status).toBe(401);
    expect((await post(app, '/api/v1/accounts/login/', ADMIN)).status).toBe(400);
    expect((await post(app, '/api/v1/accounts/login/', { email: ADMIN.email, password })).status).toBe(200);
    const partner = await registerPartner(app);
    expect(await resetSuperuserPassword(app.database.db, partner.email)).toBeNull();
    expect((await post(app, '/api/v1/accounts/login/', partner)).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run worker on PostgreSQL', () => {
  it('runs the jobs beside a web process started with JOBS=false, which runs none', async () => {
    const app = await testApp({ settle: false });
    const { mentor } = await inviteWithPurchase(app);
    const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl()!, SECRET_KEY: testConfig().secretKey };
    const web = await startServerProcess({ ...env, LOG_LEVEL: 'warn', JOBS: 'false' });
    expect((await fetch(`${web.base}/api/health`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mentorPaid = () => countRows(app, payouts, eq(payouts.payeeId, mentor.id));
    // The web tier folds nothing and schedules nothing.
    expect(await mentorPaid()).toBe(0);
    expect(await countRows(app, jobSchedule)).toBe(0);

    const worker = await startWorkerProcess(env);
    for (const deadline = Date.now() + 30_000; (await mentorPaid()) === 0;) {
      if (Date.now() > deadline) throw new Error(`the worker paid no bonus:\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Its scheduled jobs are on the persisted schedule, each run once for the slot due.
    const scheduled = await queryRows<{ name: string; finished: boolean }>(
      app.database.db,
      sql`select name, last_finished_at is not null as finished from job_schedule order by name`,
    );
    expect(scheduled.map((row) => row.name)).toEqual(
      expect.arrayContaining(['dft-unlock', 'leader-pool', 'node-income', 'rate-limit-prune']),
    );
    // It serves nothing, and stops on SIGTERM.
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 240_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('WORKERS on PostgreSQL', () => {
  it('runs that many server processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    await testApp(); // this file's PostgreSQL database, migrated
    const server = await startServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl()!,
      SECRET_KEY: testConfig().secretKey,
      LOG_LEVEL: 'info',
      JOBS: 'false',
      WORKERS: '2',
    });
    const primary = server.child.pid!;
    const listening = () => server.output().split('portal listening at').length - 1;
    await until(() => childrenOf(primary).length === 2 && listening() === 2, 'two workers listening');
    expect(server.output()).toContain('starting 2 workers');
    const first = childrenOf(primary);

    // Both answer on the one port: each connection goes to one of them (request logs carry the pid).
    // The kernel picks which worker accepts a connection, so one may take a whole round: rounds of
    // fresh connections go on until each has answered one.
    const answered = (pid: number) =>
      new RegExp(`"pid":${pid},[^\\n]*"url":"/api/v1/products/"`).test(server.output());
    for (let round = 0; !first.every(answered); round++) {
      if (round === 50) throw new Error(`a worker answered nothing:\n${server.output()}`);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => freshStatus(`${server.base}/api/v1/products/`)),
      );
      expect(statuses.every((status) => status === 401)).toBe(true);
    }

    // A worker killed outright is replaced, and the port keeps answering meanwhile.
    process.kill(first[0]!, 'SIGKILL');
    await until(
      () => server.output().includes(`worker ${first[0]} exited (SIGKILL): starting another`),
      'the supervisor to see the worker die',
    );
    expect(await freshStatus(`${server.base}/api/health`)).toBe(200);
    await until(
      () => childrenOf(primary).length === 2 && !childrenOf(primary).includes(first[0]!) && listening() === 3,
      'a replacement worker',
    );

    const workers = childrenOf(primary);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(workers.some(isRunning)).toBe(false);
  }, 150_000);

  it('a worker killed mid-stream: every request in flight answers or fails at once, none hangs', async () => {
    await testApp(); // this file's PostgreSQL database, migrated
    const server = await startServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl()!,
      SECRET_KEY: testConfig().secretKey,
      LOG_LEVEL: 'info',
      JOBS: 'false',
      WORKERS: '2',
    });
    const primary = server.child.pid!;
    await until(
      () => childrenOf(primary).length === 2 && server.output().split('portal listening at').length - 1 === 2,
      'two workers listening',
    );
    // Clients that open a connection per request, as a browser's first visit or a load balancer's
    // health check does, while one worker is killed outright.
    const durations: number[] = [];
    const failures: string[] = [];
    const until_ = Date.now() + 4000;
    const request = () =>
      new Promise<void>((resolve) => {
        const started = Date.now();
        const done = (what?: string) => {
          durations.push(Date.now() - started);
          if (what) failures.push(what);
          resolve();
        };
        get(`${server.base}/api/health`, { agent: false, timeout: 15_000 }, (response) => {
          response.resume();
          response.on('end', () => done());
          response.on('error', (error) => done(error.message));
        })
          .on('timeout', function (this: { destroy(): void }) {
            this.destroy();
          })
          .on('error', (error) => done(error.message));
      });
    const load = Array.from({ length: 16 }, async () => {
      while (Date.now() < until_) await request();
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    process.kill(childrenOf(primary)[0]!, 'SIGKILL');
    await Promise.all(load);
    expect(durations.length).toBeGreaterThan(100);
    // A request the dead worker held fails at once (the connection closes); none waits for the
    // client's timeout.
    expect(Math.max(...durations), failures.join(', ')).toBeLessThan(3000);
  }, 150_000);
});
