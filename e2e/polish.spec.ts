import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  adminToken,
  expectAccessible,
  expectNoSidewaysScroll,
  field,
  fund,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
} from './support';

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DESKTOP = { width: 1280, height: 900 };

const screenshot = screenshots('polish');

test('Transactions, admin Users and Withdrawals on a phone and a desktop: filters in the URL, card and returned lines, block and unblock', async ({
  page,
  request,
  browser,
}) => {
  const mentor = newPartner('Mona');
  const mentorAccount = await registerByApi(request, mentor);
  const partner = newPartner('Polly');
  const registered = await request.post('/api/v1/accounts/register/', {
    data: { ...partner, password_confirm: partner.password, promocode: mentorAccount.user.referral_id },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
  const auth = { authorization: `Bearer ${token}` };
  expect(
    (
      await request.patch('/api/v1/accounts/info/', {
        headers: auth,
        data: { finance_password: 'finance-pass-1', password: partner.password },
      })
    ).status(),
  ).toBe(200);
  const admin = { authorization: `Bearer ${await adminToken(request)}` };

  // Money in by an adjustment and by card, and a withdrawal the admin rejects.
  await fund(request, user.id, '100', 'e2e polish');
  const card = await request.post('/api/v1/cardpayment/test_endpoint_carpayment/', {
    headers: auth,
    data: { amount: '20' },
  });
  expect(card.ok(), await card.text()).toBe(true);
  // The card is typed on the sandbox provider's page (its form, posted as a browser would).
  const paid = await request.post(((await card.json()) as { url: string }).url, {
    form: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Polly Tester' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const withdrawal = await request.post('/api/v1/withdraw/request/', {
    headers: auth,
    data: {
      currency: 'USDT',
      network: 'BEP-20',
      address: BEP20,
      amount: '30',
      finance_password: 'finance-pass-1',
    },
  });
  expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
  const withdrawalId = ((await withdrawal.json()) as { id: number }).id;
  expect(
    (
      await request.post(`/api/v1/admin/withdrawals/${withdrawalId}/reject/`, {
        headers: admin,
        data: { reason: 'Address under review' },
      })
    ).status(),
  ).toBe(200);

  await page.setViewportSize(DESKTOP);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('Transactions on a desktop: card, returned withdrawal, time, filters in the URL', async () => {
    await page.getByRole('link', { name: 'Transactions' }).click();
    const cardLine = page.getByTestId('transaction-deposit');
    await expect(cardLine).toContainText('20.00 USDT');
    await expect(cardLine.getByTestId('transaction-card')).toHaveText('Card');
    await expect(cardLine).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    const returned = page.getByTestId('transaction-withdrawal');
    await expect(returned).toContainText('Returned to your balance');
    await expect(returned).toContainText('Returned');
    await expect(returned).not.toContainText('Rejected');
    await expect(page.getByTestId('balance-usdt')).toHaveText('120.00 USDT');
    await expectAccessible(page);
    await screenshot(page, 'transactions-desktop');

    await page.getByLabel('Operation type').selectOption('deposit');
    await expect(page).toHaveURL(/\/transactions\?operation_type=deposit$/);
    await expect(page.getByTestId('transaction-withdrawal')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Operation type')).toHaveValue('deposit');
    await expect(page.getByTestId('transaction-deposit')).toHaveCount(1);

    // The CSV export: every line the filters keep, downloaded as a file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      'id,date,operation_type,bonus_type,currency,amount,status,confirmations,hash,details',
    );
    expect(csv.slice(1, -1)).toHaveLength(1);
    expect(csv[1]).toMatch(/^\d+,[^,]+,deposit,,USDT,20\.000000,completed,/);

    await page.getByLabel('Currency', { exact: true }).selectOption('DFT');
    await expect(page).toHaveURL(/currency=DFT/);
    await expect(page.getByTestId('transactions-no-results')).toContainText(
      'No transactions match these filters.',
    );
    await expect(page.getByText('No transactions yet.')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('');
    await page.getByLabel('Sort by').selectOption('-amount');
    await expect(page).toHaveURL(/ordering=-amount/);
    await expect(page.getByText('Amounts are sorted within each currency.')).toBeVisible();
    await page.getByLabel('Currency', { exact: true }).selectOption('DFT');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/transactions$/);

    // The date picker: named month buttons, and its popup named by the field.
    await page.getByLabel('From').click();
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'From' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });

  await test.step('Transactions on a phone: one-line balances that expand, stacked rows', async () => {
    await page.setViewportSize(PHONE);
    const balances = page.getByRole('region', { name: 'Balances' });
    const toggle = page.getByTestId('balances-toggle');
    await expect(toggle).toContainText('120.00 USDT');
    // The frame slides its navigation out when the window becomes a phone: wait for it to settle.
    await expect.poll(async () => (await balances.boundingBox())!.height).toBeLessThan(140);
    await expect(page.getByTestId('balance-vp')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('balance-vp')).toBeVisible();
    await toggle.click();
    await expect(page.getByTestId('balance-vp')).toBeHidden();

    const row = page.getByTestId('transaction-withdrawal');
    const box = (await row.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(row.locator('td').first()).toHaveAttribute('data-label', 'Operation type');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'transactions-phone');
  });

  const context = await browser.newContext({ viewport: DESKTOP });
  const adminPage = await context.newPage();
  await test.step('admin Users: the mentor by name, block and unblock', async () => {
    await signIn(adminPage, E2E.admin.email, E2E.admin.password);
    await adminPage.getByRole('link', { name: 'Users' }).click();
    await adminPage.getByLabel('Search').fill(partner.email);
    const row = adminPage.getByTestId(`user-${user.id}`);
    await expect(row).toContainText(`${mentor.first_name} ${mentor.last_name}`);
    await expectAccessible(adminPage);
    await screenshot(adminPage, 'users-desktop');

    await row.getByTestId('block-user').click();
    // Blocking asks for the reason, kept in the audit log.
    await adminPage.getByTestId('block-reason').fill('Reported by the e2e suite');
    await adminPage.getByTestId('block-submit').click();
    await expect(adminPage.getByText(`${partner.email} is blocked.`)).toBeVisible();
    // The toast opens below the header, not over it.
    const toast = (await adminPage.locator('.mantine-Notification-root').first().boundingBox())!;
    const header = (await adminPage.locator('header').first().boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(row.getByTestId('user-blocked')).toHaveText('Blocked');

    // The partner's session ended: the next call answers 401 and the app goes to sign-in.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, partner.email, partner.password);
    await expect(page.getByText('Your account is blocked. Contact support.').first()).toBeVisible();

    await row.getByTestId('unblock-user').click();
    await adminPage.getByTestId('block-reason').fill('Cleared by the e2e suite');
    await adminPage.getByTestId('block-submit').click();
    await expect(adminPage.getByText(`${partner.email} is unblocked.`)).toBeVisible();
    await expect(row.getByTestId('user-blocked')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('admin Users and Withdrawals on a phone', async () => {
    await adminPage.setViewportSize(PHONE);
    await expectNoSidewaysScroll(adminPage);
    await expectAccessible(adminPage);
    await screenshot(adminPage, 'users-phone');
    await adminPage.goto('/admin/withdrawals');
    await expect(adminPage.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
    await adminPage.getByRole('tab', { name: 'Rejected' }).click();
    await expect(adminPage.getByTestId(`withdrawal-${withdrawalId}`)).toContainText('Address under review');
    await expectNoSidewaysScroll(adminPage);
    await expectAccessible(adminPage);
    await screenshot(adminPage, 'withdrawals-phone');
    await adminPage.setViewportSize(DESKTOP);
    await expectAccessible(adminPage);
    await screenshot(adminPage, 'withdrawals-desktop');
  });
  await context.close();
});

test('screen-reader texts are in the reader language; an unknown email at recovery says one thing', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('language-select').selectOption('ru');
  await expect(page.getByRole('button', { name: 'Показать или скрыть пароль' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle password visibility' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByTestId('language-select').selectOption('en');

  await page.goto('/recover-password');
  await field(page, 'Email').fill('nobody.polish@example.com');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.locator('form').getByText('There is no such email.')).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectAccessible(page);
});
