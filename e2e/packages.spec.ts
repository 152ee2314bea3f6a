import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  fundedPartnerOnPhone,
  screenshots,
  toastsGone,
} from './support';

const screenshot = screenshots('packages');

test('on a phone, a partner buys a tariff in the modal, then upgrades it paying the difference, and sees the cap meter', async ({
  page,
  request,
}) => {
  await fundedPartnerOnPhone(page, request, 'Tara', '2000');

  await test.step('buy the 500 tariff: both checkboxes, then the total, then pay', async () => {
    await page.goto('/shop/packages');
    await expect(page.getByRole('heading', { name: 'My tariff' })).toBeVisible();
    await expect(page.getByTestId('no-tariff')).toBeVisible();
    await expect(page.getByTestId('tariff-45000')).toContainText('Includes devices: 10');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'packages-phone');

    await page.getByRole('button', { name: 'Buy tariff 500', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a tariff' });
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByText('Confirm your mentor to buy a tariff.')).toBeVisible();
    await expect(dialog.getByText('Accept the terms to buy a tariff.')).toBeVisible();
    // The checkbox names whom the partner confirms: signed up without a code, the company.
    await expect(dialog.getByTestId('package-balance')).toHaveText('Your balance: 2 000.00 USDT');
    await dialog
      .getByLabel('I confirm my mentor: the company (you joined without an invitation)', { exact: true })
      .check();
    await dialog.getByLabel('I accept the tariff terms').check();
    await dialog.getByRole('button', { name: 'Read the terms' }).click();
    await expect(dialog.getByTestId('tariff-terms')).toContainText('Terms version');
    await expectAccessible(page);
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByTestId('package-quote')).toContainText('Total to pay: 500.00 USDT');
    await expect(dialog.getByTestId('package-funds-price')).toHaveText('To pay: 500.00 USDT');
    await expect(dialog.getByTestId('package-funds-after')).toHaveText(
      'Left on the balance after paying: 1 500.00 USDT',
    );
    await expectAccessible(page);
    await screenshot(page, 'purchase-modal-phone');
    await dialog.getByTestId('package-pay').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-tariff')).toContainText('Tariff 500');
    await expect(page.getByTestId('tariff-status')).toHaveText('Active');
    await expect(page.getByTestId('cap-meter')).toContainText('Earned 0.00 of 2 500.00 USDT');
    await expect(page.getByTestId('balance-usdt')).toHaveText('1 500.00 USDT');
  });

  await test.step('upgrade to 1500, paying the 1000 difference; the cap grows to 7500', async () => {
    await toastsGone(page);
    await expect(page.getByRole('button', { name: 'Buy tariff 50 Promo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Upgrade to tariff 1500', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your tariff' });
    await expect(dialog).toContainText('From tariff 500 to tariff 1500');
    await dialog.getByLabel('I confirm my mentor').check();
    await dialog.getByLabel('I accept the tariff terms').check();
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByTestId('package-quote')).toContainText('Price difference: 1 000.00 USDT');
    await expect(dialog.getByTestId('package-quote')).toContainText('Total to pay: 1 000.00 USDT');
    await expectAccessible(page);
    await screenshot(page, 'upgrade-modal-phone');
    await dialog.getByTestId('package-pay').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-tariff')).toContainText('Tariff 1500');
    await expect(page.getByTestId('cap-meter')).toContainText('Earned 0.00 of 7 500.00 USDT');
    await expect(page.getByTestId('balance-usdt')).toHaveText('500.00 USDT');
    await toastsGone(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'packages-active-phone');
  });

  await test.step('an upgrade the balance cannot pay: the shortfall before Pay, and its deposit', async () => {
    await page.getByRole('button', { name: 'Upgrade to tariff 3000', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade your tariff' });
    await dialog.getByLabel(/^I confirm my mentor/).check();
    await dialog.getByLabel('I accept the tariff terms').check();
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByTestId('package-funds-balance')).toHaveText('Your balance: 500.00 USDT');
    await expect(dialog.getByTestId('package-funds-price')).toHaveText('To pay: 1 500.00 USDT');
    await expect(dialog.getByTestId('package-funds-short')).toContainText(
      'Not enough on your balance: 1 000.00 USDT short.',
    );
    await expect(dialog.getByTestId('package-pay')).toBeDisabled();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'upgrade-short-phone');
    await dialog.getByRole('link', { name: 'Deposit 1 000.00 USDT' }).click();
    await expect(dialog).toBeHidden();
    const deposit = page.getByRole('dialog', { name: 'Deposit' });
    await expect(deposit.getByTestId('deposit-amount')).toHaveValue('1 000.00');
    await expectAccessible(page);
    await deposit.getByRole('button', { name: 'Close' }).click();
    await expect(deposit).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/packages$/);
  });

  await test.step('in Russian and in Tuvan the page still fits a phone', async () => {
    for (const [language, heading] of [
      ['ru', 'Мой тариф'],
      ['TUV', 'Мээң тарифим'],
    ] as const) {
      await page.getByTestId('language-select').selectOption(language);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await screenshot(page, `packages-${language}-phone`);
    }
    await page.getByTestId('language-select').selectOption('en');
  });
});
