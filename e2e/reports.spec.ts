import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  buyTariff,
  expectAccessible,
  expectNoSidewaysScroll,
  fund,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('reports');

test('finance reads the sales and the top earners of the last 30 days, opens an earner and exports the sales as CSV', async ({
  page,
  request,
}) => {
  // Rhea (500) invites Theo, who buys the 3000 tariff: Rhea is paid 7% of it.
  const rhea = await registerPartner(request, 'Rhea');
  await fund(request, rhea.id, '500', 'e2e reports');
  await buyTariff(request, rhea.token, '500');
  const theo = await registerPartner(request, 'Theo', rhea.referralId);
  await fund(request, theo.id, '3000', 'e2e reports');
  await buyTariff(request, theo.token, '3000');

  await page.setViewportSize(PHONE);
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  const sales = page.getByTestId('report-sales');
  await expect(sales.getByRole('row').filter({ hasText: 'Tariff 3000' }).first()).toBeVisible();
  await expect(page.getByTestId('report-sales-chart')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'sales-phone');

  await page.getByRole('tab', { name: 'Top earners' }).click();
  await expect(page).toHaveURL(/report=top-earners/);
  const earner = page.getByTestId('report-top-earners').getByRole('link', { name: 'Rhea Tester' });
  await expect(earner).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'top-earners-phone');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('tab', { name: 'Bonuses' }).click();
  await expect(
    page.getByTestId('report-bonuses').getByRole('row').filter({ hasText: 'Invite bonus' }),
  ).toBeVisible();
  await page.getByLabel('Sum by').selectOption('week');
  await expect(page).toHaveURL(/group=week/);
  await expectAccessible(page);
  await screenshot(page, 'bonuses-desktop');

  await page.getByRole('tab', { name: 'Sales' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    'id,created_at,user_id,email,product,kind,units,list_price,discount,net_price,currency,paid,bv,promocode,status',
  );
  expect(lines.find((line) => line.includes(`,${theo.id},${theo.email},`))).toMatch(
    /,3000,tariff,1,3000\.000000,0\.000000,3000\.000000,USDT,3000\.000000,3000\.000000,,completed$/,
  );

  // The earner's name opens the partner detail.
  await page.getByRole('tab', { name: 'Top earners' }).click();
  await page.getByTestId('report-top-earners').getByRole('link', { name: 'Rhea Tester' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${rhea.id}$`));
  await expect(page.getByText(rhea.email).first()).toBeVisible();
});
