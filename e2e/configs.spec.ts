import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
  type Browser,
} from '@playwright/test';
import { E2E } from './env';
import {
  expectAccessible,
  fundedPartnerOnPhone,
  registerPartner,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const screenshot = screenshots('configs');
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const MAINTENANCE_MESSAGE =
  'The portal is under maintenance. Money cannot be moved right now; please try again later.';

/**
 * The shared end-to-end server has no Black Friday and no maintenance window (playwright.config.ts:
 * the other specs run on any date). To see the default windows, or a window open, this spec starts
 * the built server once more, as `npm run serve` does, with its own windows, on a free port and a
 * fresh embedded database; it stops it after.
 */
async function ownServer(windows: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'portal-e2e-configs-')), 'data'),
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      LOG_LEVEL: 'info',
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      ...windows,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // main.ts logs the address actually listened on (PORT=0 picks a free one).
      const port = /"address":"http:\/\/[^"]*:(\d+)"/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${errors}`)));
  });
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A page and an API client of the browser on `baseUrl`. */
async function clientsOf(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const request = await playwrightRequest.newContext({ baseURL: baseUrl });
  return {
    page: await context.newPage(),
    request,
    close: () => Promise.all([context.close(), request.dispose()]),
  };
}

test('a server on the default windows answers them to anyone: Black Friday 27 to 30 November, maintenance 8 to 10 March (UTC)', async ({
  browser,
}) => {
  const server = await ownServer({});
  const { page, request, close } = await clientsOf(browser, server.baseUrl);
  try {
    await defaultWindows(page, request);
  } finally {
    await close();
    await server.stop();
  }
});

async function defaultWindows(page: Page, request: APIRequestContext) {
  const answer = await request.get('/api/v1/configs/get_all_configs/');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('public, max-age=60');
  const configs = (await answer.json()) as {
    server_time: string;
    black_friday: { start: string; end: string; active: boolean; discount_percent: number };
    maintenance: { start: string; end: string; notice: boolean };
  };
  const year = new Date(configs.server_time).getUTCFullYear();
  expect(configs.black_friday.start).toMatch(/^\d{4}-11-27T15:00:00\.000Z$/);
  expect(configs.black_friday.end).toMatch(/^\d{4}-11-30T00:00:00\.000Z$/);
  expect(configs.black_friday.discount_percent).toBe(10);
  expect(configs.maintenance.start).toMatch(/^\d{4}-03-08T00:00:00\.000Z$/);
  expect(configs.maintenance.end).toMatch(/^\d{4}-03-11T00:00:00\.000Z$/);
  expect(Number(configs.maintenance.start.slice(0, 4))).toBeGreaterThanOrEqual(year);
  // The banner follows the answer: shown only from a week before the window.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('maintenance-banner')).toHaveCount(configs.maintenance.notice ? 1 : 0);
}

test('during Black Friday a tariff costs 10% less, and the coming maintenance is announced on every screen', async ({
  browser,
}) => {
  const now = Date.now();
  const server = await ownServer({
    BLACK_FRIDAY_WINDOW: `${iso(now - HOUR)}/${iso(now + 2 * HOUR)}`,
    MAINTENANCE_WINDOW: `${iso(now + 72 * HOUR)}/${iso(now + 96 * HOUR)}`,
  });
  const { page, request, close } = await clientsOf(browser, server.baseUrl);
  try {
    await test.step('the sign-in screen announces the maintenance', async () => {
      await page.goto('/login');
      await expect(page.getByTestId('maintenance-banner')).toContainText('Scheduled maintenance from');
      await expectAccessible(page);
      await screenshot(page, 'login-maintenance-announced');
    });

    await test.step('the tariffs show the Black Friday price; the purchase pays it', async () => {
      await fundedPartnerOnPhone(page, request, 'Bea', '1000');
      await expect(page.getByTestId('maintenance-banner')).toContainText('Scheduled maintenance from');
      await page.goto('/shop/packages');
      await expect(page.getByTestId('black-friday')).toContainText('Black Friday: 10% off every tariff');
      const card = page.getByTestId('tariff-500');
      await expect(card.getByTestId('black-friday-price')).toContainText('500.00 USDT');
      await expect(card.getByTestId('black-friday-price')).toContainText('450.00 USDT');
      await expectAccessible(page);
      await screenshot(page, 'packages-black-friday');

      await page.getByRole('button', { name: 'Buy tariff 500', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy a tariff' });
      await dialog.getByLabel('I confirm my mentor').check();
      await dialog.getByLabel('I accept the tariff terms').check();
      await dialog.getByTestId('package-continue').click();
      await expect(dialog.getByTestId('package-quote')).toContainText('Discount: 50.00 USDT');
      await expect(dialog.getByTestId('package-quote')).toContainText('Total to pay: 450.00 USDT');
      await dialog.getByTestId('package-pay').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('my-tariff')).toContainText('Tariff 500');
      await expect(page.getByTestId('balance-usdt')).toHaveText('550.00 USDT');
    });
  } finally {
    await close();
    await server.stop();
  }
});

test('during maintenance a purchase answers the maintenance message and moves nothing; reading works', async ({
  browser,
}) => {
  const now = Date.now();
  const server = await ownServer({ MAINTENANCE_WINDOW: `${iso(now - HOUR)}/${iso(now + HOUR)}` });
  const { page, request, close } = await clientsOf(browser, server.baseUrl);
  try {
    await page.goto('/login');
    await expect(page.getByTestId('maintenance-banner')).toContainText('Maintenance is under way until');
    await expectAccessible(page);

    const partner = await registerPartner(request, 'Max');
    await signIn(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('maintenance-banner')).toContainText('Maintenance is under way until');
    await page.goto('/shop/packages');
    await page.getByRole('button', { name: 'Buy tariff 500', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a tariff' });
    await dialog.getByLabel('I confirm my mentor').check();
    await dialog.getByLabel('I accept the tariff terms').check();
    await dialog.getByTestId('package-continue').click();
    // Said once, in the dialog (docs/decisions.md "Paying from the balance").
    await expect(dialog.getByText(MAINTENANCE_MESSAGE)).toBeVisible();
    await expect(dialog.getByTestId('package-quote')).toHaveCount(0);
    await screenshot(page, 'packages-maintenance');
    await page.keyboard.press('Escape');
    await toastsGone(page);
    await expectAccessible(page);

    // Other money calls answer the same; reads still answer.
    const headers = { authorization: `Bearer ${partner.token}` };
    const withdrawal = await request.post('/api/v1/withdraw/request/', { headers, data: {} });
    expect(withdrawal.status()).toBe(503);
    expect(await withdrawal.json()).toEqual({ detail: MAINTENANCE_MESSAGE });
    const statement = await request.post('/api/v1/payments/finances/', { headers, data: {} });
    expect(statement.status()).toBe(200);
    expect(((await statement.json()) as { count: number }).count).toBe(0);
    await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
  } finally {
    await close();
    await server.stop();
  }
});
