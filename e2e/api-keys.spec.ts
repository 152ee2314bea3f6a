import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  fund,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const screenshot = screenshots('api-keys');

test('on a phone, a partner creates an API key in the profile, reads the balance with it, revokes it, and the API refuses it', async ({
  page,
  request,
}) => {
  const partner = newPartner('Kim');
  const { user } = await registerByApi(request, partner);
  await fund(request, user.id, '42', 'e2e api keys');

  await page.setViewportSize(PHONE);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/profile\/api-keys$/);
  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  await expectAccessible(page);

  let key = '';
  await test.step('create a key: shown once, with a copy button and a warning', async () => {
    await page.getByLabel(/^Key name/).fill('  Balance script  ');
    await page.getByTestId('api-key-create').click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(dialog.getByText('This key is shown only once.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    key = (await dialog.getByTestId('api-key-value').textContent()) ?? '';
    expect(key).toMatch(/^dpk_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'api-key-created-phone', false);
    await dialog.getByTestId('api-key-done').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('api-key');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Balance script');
    await expect(row.getByTestId('api-key-prefix')).toHaveText(`Key: ${key.slice(0, 12)}…`);
    await expect(row.getByTestId('api-key-last-used')).toHaveText('Never used');
    // The key itself is nowhere on the page once the dialog is closed.
    await expect(page.getByText(key.slice(12))).toHaveCount(0);
  });

  await test.step('the key reads the balance through the API, and nothing else', async () => {
    const profile = await request.post('/api/v1/accounts/info/', { headers: { 'X-API-Key': key }, data: {} });
    expect(profile.status()).toBe(200);
    expect(((await profile.json()) as { balances: { usdt: string } }).balances.usdt).toBe('42.000000');
    const withdraw = await request.post('/api/v1/withdraw/request/', {
      headers: { 'X-API-Key': key },
      data: {},
    });
    expect(withdraw.status()).toBe(403);
    await page.reload();
    await expect(page.getByTestId('api-key-last-used')).toHaveText(/^Last used \d{2}\.\d{2}\.\d{4}/);
  });

  await test.step('revoke it after a confirmation', async () => {
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'api-keys-phone');
    await page.getByTestId('api-key-revoke').click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await expect(dialog).toContainText('Balance script');
    await expectAccessible(page);
    await screenshot(page, 'api-key-revoke-phone', false);
    await dialog.getByTestId('api-key-revoke-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(page.getByTestId('api-key')).toHaveCount(0);
    await expect(page.getByText('You have no API keys yet.')).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page);
  });

  const refused = await request.post('/api/v1/accounts/info/', { headers: { 'X-API-Key': key }, data: {} });
  expect(refused.status()).toBe(401);
});
