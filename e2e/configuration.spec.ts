import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  adminToken,
  expectAccessible,
  expectNoSidewaysScroll,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('configuration');

test('an admin raises the USDT withdrawal fee with a reason: partners are charged it at once, and the history says who and why', async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request, 'Fenna');
  const usdtFee = async () => {
    const limits = await request.get('/api/v1/withdraw/limits/', {
      headers: { authorization: `Bearer ${partner.token}` },
    });
    return ((await limits.json()) as { currency: string; fee: string }[]).find(
      (rule) => rule.currency === 'USDT',
    )!.fee;
  };
  expect(await usdtFee()).toBe('1.000000');

  try {
    await page.setViewportSize(PHONE);
    await signIn(page, E2E.admin.email, E2E.admin.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/configuration');
    await expect(page.getByRole('heading', { name: 'Configuration' })).toBeVisible();
    const fee = page.getByTestId('setting-WITHDRAWAL_FEE_USDT');
    await expect(fee.getByTestId('setting-WITHDRAWAL_FEE_USDT-value')).toHaveText('1');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'settings-phone');

    await fee.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByTestId('setting-change');
    await dialog.getByLabel('USDT withdrawal fee').fill('1.5.0');
    await dialog.getByLabel('Reason').fill('Network fees went up');
    await dialog.getByRole('button', { name: 'Save the change' }).click();
    await expect(dialog).toContainText('Enter an amount with at most 6 decimal places.');
    await dialog.getByLabel('USDT withdrawal fee').fill('1.5');
    await expectAccessible(page);
    await screenshot(page, 'change-phone', false);
    await dialog.getByRole('button', { name: 'Save the change' }).click();
    await expect(page.getByText('USDT withdrawal fee: saved')).toBeVisible();
    await expect(fee.getByTestId('setting-WITHDRAWAL_FEE_USDT-value')).toHaveText('1.5');
    await expect(fee).toContainText('At start: 1');
    expect(await usdtFee()).toBe('1.500000');

    await page.setViewportSize(DESKTOP);
    const entry = page.getByTestId('setting-history-entry').first();
    await expect(entry).toContainText('1 → 1.5');
    await expect(entry).toContainText(E2E.admin.email);
    await expect(entry).toContainText('Network fees went up');
    await expectAccessible(page);
    await screenshot(page, 'history-desktop');
  } finally {
    // The specs after this one count on the default fee.
    const restored = await request.post('/api/v1/admin/configs/', {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
      data: { key: 'WITHDRAWAL_FEE_USDT', value: '1', reason: 'e2e: back to the default' },
    });
    expect([200, 400]).toContain(restored.status());
  }
  expect(await usdtFee()).toBe('1.000000');
});
