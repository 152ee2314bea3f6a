import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E } from './env';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  PHONE,
  screenshots,
  signIn,
  withdrawingPartner,
} from './support';

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('withdrawal-queue');

/** A partner with a finance password and 100 USDT who asks to withdraw `amount`. */
async function partnerWithdrawing(request: APIRequestContext, name: string, amount: string) {
  const { partner, withdrawalId } = await withdrawingPartner(request, name, amount, BEP20);
  return { email: partner.email, id: withdrawalId };
}

test('finance approves several withdrawals at once, exports the approved ones for the wallet team and marks one sent', async ({
  page,
  request,
}) => {
  const first = await partnerWithdrawing(request, 'Quinn', '21');
  const second = await partnerWithdrawing(request, 'Quincy', '22');

  await page.setViewportSize(PHONE);
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/withdrawals');
  await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
  await page.getByLabel('Network').selectOption('BEP-20');
  await page.getByRole('checkbox', { name: `Select withdrawal ${first.id}` }).check();
  await page.getByRole('checkbox', { name: `Select withdrawal ${second.id}` }).check();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'selected-phone');

  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Approve selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve the selected withdrawals (2)' });
  await expect(dialog).toContainText('Each is approved on its own');
  await dialog.getByRole('button', { name: 'Approve selected (2)' }).click();
  await expect(page.getByText('Approved: 2')).toBeVisible();
  await expect(page.getByTestId(`withdrawal-${first.id}`)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Approved' }).click();
  await expect(page.getByTestId(`withdrawal-${first.id}`)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^withdrawals-approved-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe(
    'id,user_id,email,currency,network,address,amount,fee,status,tx_hash,created_at,decided_at',
  );
  for (const { id, email } of [first, second])
    expect(lines.find((line) => line.startsWith(`${id},`))).toContain(`,${email},USDT,BEP-20,${BEP20},`);
  await expectAccessible(page);
  await screenshot(page, 'approved-desktop');

  const row = page.getByTestId(`withdrawal-${first.id}`);
  await row.getByRole('button', { name: 'Mark as sent' }).click();
  const send = page.getByRole('dialog', { name: 'Mark the withdrawal as sent' });
  await send.getByLabel('Transaction hash').fill(`0x${'ab'.repeat(32)}`);
  await send.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByText('Withdrawal marked as sent')).toBeVisible();
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page.getByTestId(`withdrawal-${first.id}`)).toContainText(`0x${'ab'.repeat(32)}`);
});
