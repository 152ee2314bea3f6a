import { expect, type APIRequestContext, test } from '@playwright/test';
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

const screenshot = screenshots('refunds');

const SHIPPING = {
  full_name: 'Bo Buyer',
  phone: '+351912345678',
  country: 'PT',
  city: 'Lisboa',
  address: 'Rua Augusta 1',
  postcode: '1100-048',
};

/** A device order paid from the balance through the API: its number. */
async function orderDevice(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const products = (await (await request.get('/api/v1/products/', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const device = products.find((product) => product.code === 'device')!;
  const ordered = await request.post('/api/v1/products/create_order/', {
    headers,
    data: { product_id: device.id, quantity: 1, shipping: SHIPPING, pay_from_balance: true },
  });
  expect(ordered.status()).toBe(201);
  return ((await ordered.json()) as { number: string }).number;
}

test('an operator refunds a paid device order: the mentor who spent the invite owes it, sees why, cannot withdraw, and the audit finds nothing wrong', async ({
  page,
  browser,
  request,
}) => {
  // Rita holds the 500 tariff; Bo, her invitee, orders a 1,000 device: Rita's invite is 70. She
  // spends 60 of it (an adjustment stands in for a purchase), so the refund takes 10 and 60 is owed.
  const rita = await registerPartner(request, 'Rita');
  const bo = await registerPartner(request, 'Bo', rita.referralId);
  await fund(request, rita.id, '500');
  await buyTariff(request, rita.token, '500');
  await fund(request, bo.id, '1000');
  const number = await orderDevice(request, bo.token);
  await expect
    .poll(async () => {
      const profile = await request.post('/api/v1/accounts/info/', {
        headers: { authorization: `Bearer ${rita.token}` },
        data: {},
      });
      return ((await profile.json()) as { balances: { usdt: string } }).balances.usdt;
    })
    .toBe('70.000000');
  await fund(request, rita.id, '-60', 'e2e: spent');

  await test.step('an admin refunds the order on a phone, with a reason', async () => {
    const adminContext = await browser.newContext({ viewport: PHONE });
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto('/admin/orders');
    const row = admin.getByRole('row').filter({ hasText: number });
    await row.getByTestId('admin-order-refund').click();
    const dialog = admin.getByRole('dialog');
    // No reason: refused, nothing refunded.
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByTestId('refund-done')).toHaveCount(0);
    await dialog.getByTestId('refund-reason').fill('Out of stock');
    await expectAccessible(admin);
    await screenshot(admin, 'admin-refund-phone');
    await dialog.getByTestId('refund-submit').click();
    await expect(dialog.getByTestId('refund-done')).toBeVisible();
    await screenshot(admin, 'admin-refund-done-phone');

    await admin.goto('/admin/bonus-audit');
    await admin.getByTestId('bonus-audit-run').click();
    await expect(admin.getByTestId('bonus-audit-status')).toHaveText('Last run: no difference.', {
      timeout: 30_000,
    });
    await expect(admin.getByTestId('bonus-audit-trigger')).toHaveText('An operator, on this screen');
    await expectAccessible(admin);
    await expectNoSidewaysScroll(admin);
    await screenshot(admin, 'bonus-audit-phone');
    await adminContext.close();
  });

  await page.setViewportSize(PHONE);
  await signIn(page, rita.email, rita.password);

  await test.step('the dashboard shows the debt and why', async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    const debt = page.getByTestId('debt');
    await expect(debt.getByTestId('debt-total')).toHaveText('You owe 60.00 USDT', { timeout: 20_000 });
    await expect(debt.getByTestId('debt-reason').first()).toContainText('reversed');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'dashboard-debt-phone');
  });

  await test.step('Transactions show the reversal: 10 taken back, 60 owed', async () => {
    await page.goto('/transactions');
    const reversal = page
      .getByTestId('transaction-bonus')
      .filter({ has: page.getByTestId('transaction-debt') });
    await expect(reversal).toHaveCount(1);
    await expect(reversal.getByTestId('transaction-debt')).toContainText('60');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'transactions-reversal-phone');
  });

  await test.step('a withdrawal waits until the debt is repaid', async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('withdraw-debt')).toContainText('60.00');
    await expectAccessible(page);
    await screenshot(page, 'withdraw-debt-phone');
  });

  // And through the API: the refund again answers 409 and moves nothing.
  const admin = await request.post('/api/v1/accounts/login/', { data: E2E.admin });
  const token = ((await admin.json()) as { token: string }).token;
  const orders = await request.get('/api/v1/admin/orders/?status=Canceled', {
    headers: { authorization: `Bearer ${token}` },
  });
  const refunded = ((await orders.json()) as { results: { id: number; number: string }[] }).results.find(
    (order) => order.number === number,
  )!;
  const again = await request.post(`/api/v1/admin/orders/${refunded.id}/refund/`, {
    headers: { authorization: `Bearer ${token}` },
    data: { reason: 'again' },
  });
  expect(again.status()).toBe(409);
});
