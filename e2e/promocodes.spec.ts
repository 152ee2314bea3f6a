import { expect, test } from '@playwright/test';
import {
  buyTariff,
  expectAccessible,
  expectNoSidewaysScroll,
  field,
  fund,
  logOut,
  newPartner,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const screenshot = screenshots('promocodes');

test('a partner with a tariff makes a personal code; a new partner signs up through it, buys a tariff at 10% off and the owner sees the DexID promo bonus explained', async ({
  page,
  request,
}) => {
  const owner = await registerPartner(request, 'Olga');
  await fund(request, owner.id, '500');
  await buyTariff(request, owner.token, '500');
  let code = '';

  await test.step('the owner creates a personal DexID code in the profile; a second one is refused', async () => {
    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile/promocodes');
    await expect(page.getByText('You have no promo codes yet.')).toBeVisible();
    await page.getByTestId('promocode-kind').getByText('Personal DexID').click();
    await expect(page.getByText('Your bonus: 10% of the list price.')).toBeVisible();
    await page.getByTestId('promocode-create').click();
    const item = page.getByTestId('promocode');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('No expiry');
    await expect(item.getByTestId('promocode-status')).toHaveText('Active');
    code = (await item.getByTestId('promocode-value').textContent())!;
    expect(code).toMatch(/^[0-9A-Z]{12}$/);
    await expect(item.getByTestId('promocode-link')).toHaveText(new RegExp(`/sign-up/${code}$`));
    await page.getByTestId('promocode-create').click();
    await expect(
      page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'You already have a personal promo code.' }),
    ).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'profile-promocodes');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'profile-promocodes-phone');
    await logOut(page);
  });

  const buyer = newPartner('Boris');
  await test.step('a new partner signs up through /sign-up/CODE: the owner is the mentor', async () => {
    await page.goto(`/sign-up/${code}`);
    await expect(field(page, 'Referral or promo code')).toHaveValue(code);
    await expect(page.getByTestId('mentor')).toContainText('Olga Tester');
    await field(page, 'Name').fill(buyer.first_name);
    await field(page, 'Surname').fill(buyer.last_name);
    await field(page, 'Email').fill(buyer.email);
    await field(page, 'Phone number').fill(buyer.phone);
    await page.getByRole('combobox', { name: 'Country' }).fill('Portu');
    await page.getByRole('option', { name: 'Portugal' }).click();
    await field(page, 'Password').fill(buyer.password);
    await field(page, 'Repeat the password').fill(buyer.password);
    await page.getByTestId('accept-terms').check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await request.post('/api/v1/accounts/info/', {
      headers: { authorization: `Bearer ${token}` },
    });
    const me = (await profile.json()) as { id: number; mentor_id: number };
    expect(me.mentor_id).toBe(owner.id);
    await fund(request, me.id, '450');
  });

  await test.step('the buyer buys tariff 500 with the code: 50 off, 450 paid', async () => {
    await page.goto('/shop/packages');
    await page.getByRole('button', { name: 'Buy tariff 500', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a tariff' });
    await dialog.getByLabel('I confirm my mentor').check();
    await dialog.getByLabel('I accept the tariff terms').check();
    await dialog.getByTestId('package-promocode').fill('NOSUCHCODE99');
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByText('Promocode not exists.')).toBeVisible();
    await dialog.getByTestId('package-promocode').fill(code.toLowerCase());
    await dialog.getByTestId('package-continue').click();
    await expect(dialog.getByTestId('package-discount')).toHaveText('Discount: 50.00 USDT');
    await expect(dialog.getByTestId('package-quote')).toContainText('Total to pay: 450.00 USDT');
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'purchase-with-code-phone');
    await dialog.getByTestId('package-pay').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('tariff-status')).toHaveText('Active');
    await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
    await logOut(page);
  });

  await test.step('the owner sees the DexID promo bonus and its explanation', async () => {
    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/transactions?bonus_type=dexid_promo');
    const row = page.getByTestId('transaction-bonus').filter({ hasText: '50.00 USDT' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /How was it calculated/ }).click();
    const dialog = page.getByRole('dialog', { name: 'How this bonus was calculated' });
    await expect(dialog.getByTestId('explain-formula')).toHaveText('10% of 500.00 USDT = 50.00 USDT');
    await expect(dialog.getByTestId('explain-credited')).toHaveText('50.00 USDT');
    await expectAccessible(page);
    await screenshot(page, 'owner-bonus-explained-phone');
    await page.goto('/profile/promocodes');
    await expect(page.getByTestId('promocode-uses')).toHaveText('Used: 1');
  });
});
