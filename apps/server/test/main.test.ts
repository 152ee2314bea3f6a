import { describe, expect, it } from 'vitest';
import { startServerProcess } from './helpers/process';

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
