import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  fund,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
} from './support';

const screenshot = screenshots('statement');

test("on a phone, a partner downloads this month's USDT statement as a PDF from Transactions", async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request, 'Stella');
  await fund(request, partner.id, '250', 'e2e statement');

  await page.setViewportSize(PHONE);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions');
  const statement = page.getByTestId('statement');
  await expect(statement).toBeVisible();
  const month = new Date().toISOString().slice(0, 7);
  await statement.getByLabel('Statement month').selectOption(month);
  await statement.getByLabel('Statement currency').selectOption('USDT');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'transactions-phone');

  const downloading = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Monthly statement (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-USDT-${month}.pdf`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1_000);
});
