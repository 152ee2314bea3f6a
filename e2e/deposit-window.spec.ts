import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, mine, newPartner, registerByApi, sendOnDevChain, signIn } from './support';

/** Opens the deposit window for `amount` USDT; answers the address it shows. */
async function openDeposit(page: Page, amount: string) {
  await page.getByTestId('open-deposit').click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await dialog.getByTestId('deposit-amount').fill(amount);
  await dialog.getByRole('button', { name: 'Show the deposit address' }).click();
  const address = (await dialog.getByTestId('deposit-address').textContent())!;
  return { dialog, address };
}

test('the deposit window follows the address: the second invoice paid exactly, an underpayment shown as received', async ({
  page,
  request,
}) => {
  const partner = newPartner('Winnie');
  await registerByApi(request, partner);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');

  await test.step('two invoices; the second is paid by a transfer of exactly its amount', async () => {
    const first = await openDeposit(page, '5');
    await expect(first.dialog.getByTestId('deposit-status')).toHaveText('Waiting for the payment');
    await first.dialog.getByRole('button', { name: 'Close' }).click();

    const { dialog, address } = await openDeposit(page, '7');
    expect(address).toBe(first.address);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).not.toBe(address.toLowerCase());
    await expect(dialog.getByText('No transfers yet.')).toBeVisible();

    const hash = await sendOnDevChain(request, address, '7');
    await mine(request, 1);
    const transfer = dialog.getByTestId('deposit-transfer');
    await expect(transfer).toContainText('7.00 USDT', { timeout: 20_000 });
    // The development chain also makes a block every few seconds by itself.
    await expect(transfer).toContainText(/[1-3] of 3 confirmations/);
    await expect(transfer).toContainText('pays this deposit');
    await expect(dialog.getByTestId('deposit-status')).toHaveText(/^(Confirming|Paid)$/);
    await mine(request, 2);
    await expect(dialog.getByTestId('deposit-status')).toHaveText('Paid', { timeout: 20_000 });
    await expect(transfer).toContainText('Credited');
    await expect(transfer).toContainText(hash);
    // The header follows the credit while the window is still open, without a reload.
    await expect(page.getByTestId('balance-usdt')).toHaveText('7.00 USDT');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('an underpayment is credited and shown as received X of Y', async () => {
    const { dialog, address } = await openDeposit(page, '10');
    await sendOnDevChain(request, address, '4');
    await mine(request, 3);
    await expect(dialog.getByTestId('deposit-received')).toContainText('Received 4.00 of 10.00 USDT', {
      timeout: 20_000,
    });
    await expect(dialog.getByTestId('deposit-status')).toHaveText('Waiting for the payment');
    await expect(dialog.getByTestId('deposit-transfer')).toContainText('credited to your balance');
    await expect(page.getByTestId('balance-usdt')).toHaveText('11.00 USDT');
    await expectAccessible(page);
  });

  await test.step('on a 390 px phone the address wraps and the Copy button is whole', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    const copy = dialog.getByRole('button', { name: 'Copy' });
    await expect(copy).toBeVisible();
    const box = (await copy.boundingBox())!;
    const modal = (await dialog.locator('.mantine-Modal-body').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(modal.x + modal.width);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});

test('the header balances follow a credit on focus and on navigation, without a reload', async ({
  page,
  request,
}) => {
  const partner = newPartner('Hector');
  const { token } = await registerByApi(request, partner);
  await signIn(page, partner.email, partner.password);
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');

  // A deposit the open screen knows nothing of (another device, a transfer with no window open).
  const invoice = await request.post('/api/v1/payments/get_or_create_invoice/', {
    headers: { authorization: `Bearer ${token}` },
    data: { purpose: 'deposit', currency: 'USDT', amount: '3' },
  });
  const { address } = (await invoice.json()) as { address: string };
  const usdt = async () => {
    const info = await request.post('/api/v1/accounts/info/', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await info.json()) as { balances: { usdt: string } }).balances.usdt;
  };
  await sendOnDevChain(request, address, '3');
  await mine(request, 3);
  // Credited by the server's own watcher; the open screen was not told.
  await expect.poll(usdt, { timeout: 20_000 }).toBe('3.000000');
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
  await page.getByRole('link', { name: 'Transactions' }).first().click();
  await expect(page.getByTestId('balance-usdt')).toHaveText('3.00 USDT', { timeout: 20_000 });

  await sendOnDevChain(request, address, '2');
  await mine(request, 3);
  await expect.poll(usdt, { timeout: 20_000 }).toBe('5.000000');
  await expect(page.getByTestId('balance-usdt')).toHaveText('3.00 USDT');
  // The tab gets the focus back.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('balance-usdt')).toHaveText('5.00 USDT');
});
