import { expect, type Page, test } from '@playwright/test';
import {
  buyTariff,
  cappedMentor,
  expectAccessible,
  expectNoSidewaysScroll,
  fund,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('dashboard');

/** The month as the dashboard names it in English ("Nov 2026"). */
const thisMonth = () =>
  new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());

/** The rows of a chart's table view, cell texts joined by " | ". */
async function tableRows(page: Page, chart: string) {
  const figure = page.getByTestId(chart);
  await figure.getByRole('button', { name: 'Table' }).click();
  const rows = figure.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim()).join(' | ')),
  );
  await figure.getByRole('button', { name: 'Table' }).click();
  await expect(figure.locator('.recharts-wrapper')).toBeVisible();
  return texts;
}

/** Every block of the dashboard, with the figures this partner's small network gives. */
async function expectDashboard(page: Page) {
  // Header balances (the shell's WalletBar): the cap let 250 of the invite bonuses through.
  await expect(page.getByTestId('balance-usdt')).toHaveText('250.00 USDT');
  await expect(page.getByTestId('balance-other')).toHaveText('250.00 USDT');
  await expect(page.getByTestId('balance-matching')).toHaveText('0.00 USDT');
  await expect(page.getByTestId('balance-vp')).toHaveText('0.00 USDT');
  await expect(page.getByTestId('balance-dft')).toContainText('DFT');
  await expect(page.getByTestId('dft-countdown')).toHaveText(/^Next unlock in (29|30) d \d\d:\d\d:\d\d$/);

  // Qualification: nobody in the right leg yet, Bronze needs 5 000 on the weaker leg.
  await expect(page.getByTestId('rank')).toHaveText('Rank: —');
  await expect(page.getByTestId('next-rank')).toHaveText('Next rank: Bronze');
  await expect(page.getByTestId('qualification')).toContainText('Weaker leg: 0.00 of 5 000.00 BV');
  // Nothing on the weaker leg: the bar is empty (a section 0 wide, which Playwright calls hidden).
  await expect(page.getByRole('progressbar', { name: 'Next rank: Bronze' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );

  // Cap meter: 50 Promo caps at 250, all of it earned.
  await expect(page.getByTestId('cap-meter')).toContainText('Earned 250.00 of 250.00 USDT');
  await expect(page.getByTestId('cap-meter')).toContainText('Left before the cap: 0.00 USDT');

  // Company sales (the whole company: other specs add to it) and this partner's structure.
  for (const key of ['devices', 'purchased', 'packages500'])
    await expect(page.getByTestId(`company-${key}`)).toHaveText(/^\d[\d ]*$/);
  await expect(page.getByTestId('structure-users')).toHaveText('2');
  await expect(page.getByTestId('structure-firstLine')).toHaveText('2');
  await expect(page.getByTestId('structure-levels')).toHaveText('1');

  // Road map.
  await expect(page.getByTestId('roadmap')).toContainText('New partner portal');
  await expect(page.getByTestId('roadmap')).toContainText('In progress');

  // The charts: drawn once their section comes near the screen (their chunk loads then); each
  // reads the same as a table.
  await page.getByTestId('statistics').scrollIntoViewIfNeeded();
  for (const chart of ['chart-income', 'chart-levels', 'chart-packages'])
    await expect(page.getByTestId(chart).locator('.recharts-wrapper')).toBeVisible();
  expect(await tableRows(page, 'chart-income')).toContain(`${thisMonth()} | 250.00 USDT`);
  expect((await tableRows(page, 'chart-levels'))[0]).toBe('1 | 2');
  const packages = await tableRows(page, 'chart-packages');
  expect(packages).toContain('3000 | 1 | 0');
  expect(packages).toContain('1500 | 1 | 0');

  // The legs' legend: a swatch in each leg's colour, the left one the colour of the left bars.
  const legend = page.getByTestId('chart-packages-legend');
  await expect(legend.getByRole('listitem')).toHaveText(['Left leg', 'Right leg']);
  const swatches = await legend
    .getByTestId('legend-swatch')
    .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).backgroundColor));
  const leftBar = await page
    .getByTestId('chart-packages')
    .locator('.recharts-bar-rectangle path')
    .first()
    .evaluate((path) => getComputedStyle(path).fill);
  expect(swatches).toHaveLength(2);
  expect(swatches[0]).toBe(leftBar);
  expect(swatches[1]).not.toBe(swatches[0]);
  for (const colour of swatches) expect(colour).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/);

  // She has a tariff and invited partners: no next steps.
  await expect(page.getByTestId('next-steps')).toHaveCount(0);
}

test('a partner sees the dashboard: balances, company stats, qualification, cap meter, charts and road map, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  // Mira's cap let 250 of her invite bonuses through (support.ts cappedMentor).
  const { mentor } = await cappedMentor(request);
  // The team counters are kept by a worker (every second): wait until it has counted her team.
  const headers = { authorization: `Bearer ${mentor.token}` };
  await expect
    .poll(async () => {
      const info = await request.post('/api/v1/mlm/referral_structure_info/', { headers, data: {} });
      const sales = await request.post('/api/v1/mlm/get_purchase_statistics_by_packages/', {
        headers,
        data: {},
      });
      const { users_count } = (await info.json()) as { users_count: number };
      const { purchase_statistics } = (await sales.json()) as { purchase_statistics: { left: number }[] };
      return [users_count, purchase_statistics.reduce((sum, row) => sum + row.left, 0)];
    })
    .toEqual([2, 2]);

  await test.step('desktop', async () => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, mentor.email, mentor.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectDashboard(page);
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-desktop');
  });

  await test.step('phone', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    // On a phone the balances fold into one line that opens to all of them.
    await page.getByTestId('balances-toggle').click();
    // Below the fold of a phone, the charts wait to be scrolled to: no chart library yet.
    await expect(page.getByTestId('roadmap')).toBeAttached();
    await expect(page.getByTestId('statistics').locator('.recharts-wrapper')).toHaveCount(0);
    await expectDashboard(page);
    await expectNoSidewaysScroll(page);
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-phone');
  });
});

test('a new partner sees the next steps and a line per empty statistic, not empty charts, on a phone', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request, 'Nina');
  await page.setViewportSize(PHONE);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('three steps to take, each with its action', async () => {
    const steps = page.getByTestId('next-steps');
    await expect(steps.getByRole('heading', { name: 'Your next steps' })).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(steps.getByRole('link', { name: 'See the tariffs' })).toHaveAttribute(
      'href',
      '/shop/packages',
    );
    await expect(steps.getByRole('button', { name: 'Copy the invitation link' })).toBeVisible();
    await steps.getByRole('link', { name: 'Deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit' });
    await expect(deposit.getByTestId('deposit-amount')).toHaveValue('');
    await deposit.getByRole('button', { name: 'Close' }).click();
    await expect(deposit).toBeHidden();
  });

  await test.step('the statistics say there is nothing yet, in a few lines', async () => {
    await page.getByTestId('statistics').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-income-empty')).toHaveText('No bonuses yet.');
    await expect(page.getByTestId('chart-levels-empty')).toHaveText('No partners in your team yet.');
    await expect(page.getByTestId('chart-packages-empty')).toHaveText('No tariff sales in your legs yet.');
    await expect(page.getByTestId('statistics').locator('.recharts-wrapper')).toHaveCount(0);
    const height = (await page.getByTestId('statistics').boundingBox())!.height;
    expect(height).toBeLessThan(400);
    await toastsGone(page);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-new-partner-phone');
  });

  await test.step('in Russian too it fits the phone', async () => {
    await page.getByTestId('language-select').selectOption('ru');
    await expect(
      page.getByTestId('next-steps').getByRole('heading', { name: 'Ваши следующие шаги' }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-new-partner-ru-phone');
    await page.getByTestId('language-select').selectOption('en');
  });

  await test.step('a deposit and a tariff done: only the invitation is left', async () => {
    await fund(request, partner.id, '100');
    await buyTariff(request, partner.token, '50 Promo');
    await page.reload();
    await expect(page.getByTestId('next-deposit')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('next-tariff')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('next-invite')).not.toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('next-invite')).toContainText('Invite your first partner');
    await expectAccessible(page);
  });
});
