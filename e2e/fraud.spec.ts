import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminToken,
  expectAccessible,
  expectNoSidewaysScroll,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
  toastsGone,
  withdrawingPartner,
} from './support';

const screenshot = screenshots('fraud');

/** A payout wallet of this run's own (BEP-20, lower case: valid without a checksum). */
const WALLET = `0x${randomBytes(20).toString('hex')}`;

/** A partner an admin gave the support role: who reviews the signals. */
async function supportOperator(request: APIRequestContext) {
  const partner = newPartner('Sasha');
  const { user } = await registerByApi(request, partner);
  const given = await request.put(`/api/v1/admin/users/${user.id}/roles/`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { roles: ['support'], reason: 'e2e fraud review' },
  });
  expect(given.status()).toBe(200);
  return partner;
}

test('support checks for fraud signals, finds two accounts on one payout wallet and dismisses it with a reason on a phone', async ({
  page,
  request,
}) => {
  const { partner: first } = await withdrawingPartner(request, 'Wendy', '20', WALLET);
  const { partner: second } = await withdrawingPartner(request, 'Wade', '20', WALLET);
  const support = await supportOperator(request);

  await page.setViewportSize(PHONE);
  await signIn(page, support.email, support.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/fraud');
  await expect(page.getByRole('heading', { name: 'Fraud signals' })).toBeVisible();

  // The check runs on its schedule; support runs it now rather than wait for the next one.
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText(/^Check done: /)).toBeVisible();
  await page.getByLabel('Kind').selectOption('wallet');
  const signal = page.getByTestId(/^fraud-signal-/).filter({ hasText: WALLET });
  await expect(signal).toHaveCount(1);
  await expect(signal).toContainText('Shared payout wallet');
  await expect(signal).toContainText(`Wallet: ${WALLET}`);
  for (const partner of [first, second]) {
    await expect(signal.getByRole('link', { name: `${partner.first_name} Tester` })).toHaveAttribute(
      'href',
      `/admin/users/${partner.id}`,
    );
  }
  await toastsGone(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'open-phone');

  await signal.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss the signal: Shared payout wallet' });
  await expect(dialog).toContainText('If new accounts join it later, it opens again.');
  await dialog.getByLabel('Reason').fill('Spouses paid out to their shared wallet');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Signal dismissed.')).toBeVisible();
  await expect(signal).toHaveCount(0);

  await page.getByRole('tab', { name: 'Dismissed' }).click();
  await expect(signal).toContainText('Reason: Spouses paid out to their shared wallet');
  await expect(signal).toContainText(`Decided by ${support.email}`);
  await toastsGone(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'dismissed-phone');

  // Each account opens on its partner detail.
  await signal.getByRole('link', { name: `${first.first_name} Tester` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${first.id}$`));
});
