import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { expectAccessible, field, mine, newPartner, registerByApi, sendOnDevChain, signIn } from './support';

const BEP20 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

test('a partner deposits on the development chain, withdraws, an admin approves, and the statement shows both', async ({
  page,
  request,
  browser,
}) => {
  const partner = newPartner('Wally');
  const { token } = await registerByApi(request, partner);
  const finance = await request.patch('/api/v1/accounts/info/', {
    headers: { authorization: `Bearer ${token}` },
    data: { finance_password: 'finance-pass-1', password: partner.password },
  });
  expect(finance.status()).toBe(200);

  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');

  await test.step('deposit on the development chain and watch it confirm', async () => {
    await page.getByTestId('open-deposit').click();
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await expect(
      dialog.getByText('Funds sent on another network cannot be returned.', { exact: false }),
    ).toBeVisible();
    await dialog.getByTestId('deposit-amount').fill('150');
    await dialog.getByRole('button', { name: 'Show the deposit address' }).click();
    const address = (await dialog.getByTestId('deposit-address').textContent())!;
    // EIP-55: the checksummed form, with capitals.
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).not.toBe(address.toLowerCase());
    await expect(dialog.getByRole('img', { name: 'QR code of the deposit address' })).toBeVisible();
    await expectAccessible(page);

    const hash = await sendOnDevChain(request, address, '150');
    await mine(request, 1);
    await expect(dialog.getByTestId('deposit-status')).toHaveText('Confirming', { timeout: 20_000 });
    await mine(request, 2);
    await expect(dialog.getByTestId('deposit-status')).toHaveText('Paid', { timeout: 20_000 });
    await expect(dialog.getByTestId('deposit-confirmations')).toHaveText('3 of 3 confirmations');
    await expect(dialog.getByText(hash)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('balance-usdt')).toHaveText('150.00 USDT');
  });

  let withdrawalId = 0;
  await test.step('request a withdrawal', async () => {
    await page.getByTestId('open-withdraw').click();
    const dialog = page.getByRole('dialog', { name: 'Withdrawal' });
    await dialog.getByTestId('withdraw-address').fill(`${BEP20.slice(0, -1)}D`);
    await expect(dialog.getByTestId('withdraw-address-check')).toHaveText(
      'Enter a valid BEP-20 or TRC-20 address.',
    );
    await dialog.getByTestId('withdraw-address').fill(BEP20);
    await expect(dialog.getByTestId('withdraw-address-check')).toHaveText('A valid BEP-20 address');
    await dialog.getByTestId('withdraw-amount').fill('50');
    await expect(dialog.getByTestId('withdraw-fee')).toContainText('Taken from your balance: 51.00 USDT');
    await field(page, 'Finance password').fill('finance-pass-1');
    await expectAccessible(page);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/withdraw/request/'));
    await dialog.getByRole('button', { name: 'Request the withdrawal' }).click();
    withdrawalId = ((await (await answer).json()) as { id: number }).id;
    await expect(page.getByText('Withdrawal requested: it is sent after approval.')).toBeVisible();
    await expect(page.getByTestId('balance-usdt')).toHaveText('99.00 USDT');
  });

  await test.step('an admin approves it and marks it sent', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await admin.getByRole('link', { name: 'Withdrawals' }).click();
    const row = admin.getByTestId(`withdrawal-${withdrawalId}`);
    await expect(row).toContainText(partner.email);
    await expectAccessible(admin);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Withdrawal approved')).toBeVisible();
    await admin.getByRole('tab', { name: 'Approved' }).click();
    await admin
      .getByTestId(`withdrawal-${withdrawalId}`)
      .getByRole('button', { name: 'Mark as sent' })
      .click();
    await field(admin, 'Transaction hash').fill(`0x${'ab'.repeat(32)}`);
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark as sent' }).click();
    await expect(admin.getByText('Withdrawal marked as sent')).toBeVisible();
    await admin.getByRole('link', { name: 'Ledger health' }).click();
    await expect(admin.getByTestId('ledger-status')).toHaveText('The ledger is consistent.');
    await context.close();
  });

  await test.step('the Transactions page shows the deposit and the withdrawal', async () => {
    await page.getByRole('link', { name: 'Transactions' }).click();
    const deposit = page.getByTestId('transaction-deposit');
    const withdrawal = page.getByTestId('transaction-withdrawal');
    await expect(deposit).toContainText('150.00 USDT');
    await expect(deposit).toContainText('Completed');
    await expect(deposit).toContainText('confirmations');
    await expect(withdrawal).toContainText('-51.00 USDT');
    await expect(withdrawal).toContainText('Sent', { timeout: 15_000 });
    await expectAccessible(page);
    await page.getByLabel('Operation type').selectOption('deposit');
    await expect(page.getByTestId('transaction-withdrawal')).toHaveCount(0);
    await expect(page.getByTestId('transaction-deposit')).toHaveCount(1);
  });
});
