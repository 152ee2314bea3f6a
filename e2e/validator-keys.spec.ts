import { expect, test } from '@playwright/test';
import {
  buyTariff,
  expectAccessible,
  expectNoSidewaysScroll,
  fundedPartnerOnPhone,
  screenshots,
  toastsGone,
} from './support';

const screenshot = screenshots('validator-keys');

test('on a phone, a partner with an allowance buys a validator key, sees its code once and activates it', async ({
  page,
  request,
}) => {
  const { token } = await fundedPartnerOnPhone(page, request, 'Vera', '2000');
  // The 500 tariff includes a node: it allows one validator key.
  await buyTariff(request, token, '500');

  await test.step('the allowance: one key available', async () => {
    await page.goto('/shop/validator-keys');
    await expect(page.getByTestId('key-allowance')).toHaveText('1');
    await expect(page.getByTestId('key-bought')).toHaveText('0');
    await expect(page.getByTestId('key-available')).toHaveText('1');
    await expect(page.getByText('You have no validator keys yet.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'keys-phone');
  });

  await test.step('DXN shows the amount at the 30-minute quote', async () => {
    const payIn = page.getByRole('radiogroup', { name: 'Pay in' });
    await payIn.getByText('DXN worth 1 200.00 USDT').click();
    // 1200 USDT at the default 0.05 USDT per DXN.
    await expect(page.getByText(/You pay 24 000\.00 DXN at 1 DXN = 0\.05 USDT/)).toBeVisible();
    await expect(page.getByText(/price fixed for (29|30):\d\d/)).toBeVisible();
    await payIn.getByText('1 500.00 USDT', { exact: true }).click();
  });

  let code = '';
  await test.step('reserve in USDT: a 15-minute countdown; pay from the balance: the code, once', async () => {
    await page.getByTestId('key-buy').click();
    const reservation = page.getByTestId('key-reservation');
    await expect(reservation).toContainText('To pay: 1 500.00 USDT');
    await expect(page.getByTestId('key-countdown')).toHaveText(/^1[45]:\d\d left to pay$/);
    await expect(page.getByTestId('key-bought')).toHaveText('1');
    await expect(page.getByTestId('key-available')).toHaveText('0');
    await expect(page.getByTestId('my-key-status')).toHaveText('Reserved');
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'reserved-phone');
    await page.getByTestId('key-pay-balance').click();
    const dialog = page.getByRole('dialog', { name: 'Your activation code' });
    await expect(dialog.getByText('Shown only once')).toBeVisible();
    code = (await dialog.getByTestId('activation-code').textContent()) ?? '';
    expect(code).toMatch(/^VK(-[A-Z2-7]{4}){6}$/);
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'code-phone');
    await dialog.getByTestId('code-saved').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
    await expect(page.getByTestId('my-key-status')).toHaveText('Paid, not activated');
    await expect(page.getByText(/^Activate by /)).toBeVisible();
  });

  await test.step('the code is not shown again, even after a reload', async () => {
    await page.reload();
    await expect(page.getByTestId('my-key-status')).toHaveText('Paid, not activated');
    await expect(page.getByText(code)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Show activation code/ })).toHaveCount(0);
  });

  await test.step('a wrong code is refused under the field; the right one activates the key', async () => {
    await page.getByTestId('activate-code').fill('VK-0000-0000-0000-0000');
    await page.getByTestId('activate').click();
    await expect(page.getByText('Invalid activation code.')).toBeVisible();
    await page.getByTestId('activate-code').fill(code);
    await page.getByTestId('activate').click();
    await expect(page.getByTestId('my-key-status')).toHaveText('Activated');
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Validator key activated' }),
    ).toBeVisible();
    await expect(page.getByText(/^Activated: /)).toBeVisible();
    await expect(page.getByTestId('key-bought')).toHaveText('1');
    await toastsGone(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'activated-phone');
  });
});
