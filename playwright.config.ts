import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/env';

/**
 * The winter promo's window (HOT_WINTER_FROM/TO) around the run: the e2e server runs on the real
 * clock, and the winter promo spec shows progress from sales made now (docs/decisions.md
 * "Seasonal promotions"). No other spec reads the Hot Winter gift (DXN) or the promo.
 */
const DAY_MS = 86_400_000;
const around = (days: number) => new Date(Math.floor(Date.now() / DAY_MS + days) * DAY_MS).toISOString();

const reporters = (process.env.PLAYWRIGHT_REPORTERS ?? 'list').split(',').map((name) => [name] as [string]);

/**
 * End-to-end tests in the system's headless Chromium against the built app, started exactly as
 * the README starts it (`npm start`), on a fresh embedded database.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: reporters,
  outputDir: 'test-results/e2e',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: `${E2E.baseUrl}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      PUBLIC_URL: E2E.baseUrl,
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'data'),
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      LOG_LEVEL: 'warn',
      // The specs register many partners from one address.
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      HOT_WINTER_FROM: around(-30),
      HOT_WINTER_TO: around(30),
      // The specs run on any date: no Black Friday price, no maintenance (configs.spec.ts starts
      // servers of its own for those windows).
      BLACK_FRIDAY_WINDOW: 'off',
      MAINTENANCE_WINDOW: 'off',
    },
  },
});
