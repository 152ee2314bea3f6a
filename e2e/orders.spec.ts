import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import {
  expectAccessible,
  field,
  fundedPartnerOnPhone,
  mine,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  sendOnDevChain,
  signIn,
  toastsGone,
} from './support';

const screenshot = screenshots('orders');

/** Fills the order form's shipping address. */
async function fillShipping(page: Page) {
  await field(page, "Recipient's full name").fill('Olga Tester');
  await field(page, "Recipient's phone").fill('+351 912 000 111');
  await page.getByTestId('country-select').click();
  await page.getByTestId('country-select').fill('Portugal');
  await page.getByRole('option', { name: 'Portugal' }).click();
  await field(page, 'City').fill('Lisbon');
  await field(page, 'Street, house, apartment').fill('Rua Augusta 1');
  await field(page, 'Postcode').fill('1100-048');
}

test("buy a device with the Starlink add-on from the balance and follow it through an admin's status changes", async ({
  page,
  request,
  browser,
}) => {
  await fundedPartnerOnPhone(page, request, 'Olga', '2000');

  await test.step('the device page: description, the Starlink add-on, the address, paid from the balance', async () => {
    await page.goto('/shop/devices');
    await expect(page.getByText('Radio range: 10 km')).toBeVisible();
    await expect(page.getByText('Frequencies: 433/915 MHz')).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText('1 000.00 USDT');
    await page.getByTestId('order-starlink').check();
    await expect(page.getByTestId('order-total')).toHaveText('1 600.00 USDT');
    await expectAccessible(page);
    // Nothing filled: the form names what is missing, and nothing is ordered.
    await page.getByTestId('order-submit').click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await fillShipping(page);
    await screenshot(page, 'devices-phone');
    // Nothing is charged on this click: the order is reviewed first.
    await page.getByTestId('order-submit').click();
    const review = page.getByRole('dialog', { name: 'Check your order' });
    await expect(review.getByTestId('order-review-items')).toHaveText('1 × DexNode, 1 000.00 USDT each');
    await expect(review.getByTestId('order-review-addon')).toHaveText('Starlink add-on: 600.00 USDT');
    await expect(review.getByTestId('order-review-total')).toHaveText('1 600.00 USDT');
    await expect(review.getByTestId('order-review-payment')).toHaveText('From the balance');
    await expect(review.getByTestId('order-funds-balance')).toHaveText('Your balance: 2 000.00 USDT');
    await expect(review.getByTestId('order-funds-after')).toHaveText(
      'Left on the balance after paying: 400.00 USDT',
    );
    await expect(page.getByTestId('balance-usdt')).toHaveText('2 000.00 USDT');
    await expectAccessible(page);
    await screenshot(page, 'order-review-phone');
    await review.getByTestId('order-confirm').click();
    await expect(page).toHaveURL(/\/shop\/orders$/);
    await expect(page.getByTestId('balance-usdt')).toHaveText('400.00 USDT', { timeout: 20_000 });
  });

  const card = page.locator('[data-testid^="order-"][aria-label^="DN-"]').first();
  const number = (await card.getAttribute('aria-label'))!;

  await test.step('my orders show it paid, with the address editable', async () => {
    await expect(card.getByTestId('order-status')).toHaveText('Paid');
    await expect(card).toContainText('1 × DexNode + Starlink add-on');
    await expect(card).toContainText('1 600.00 USDT');
    await expect(card.getByTestId('order-address')).toContainText('Rua Augusta 1');
    await card.getByTestId('order-edit-address').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^City( \*)?$/).fill('Porto');
    await dialog.getByTestId('address-save').click();
    await expect(card.getByTestId('order-address')).toContainText('Porto');
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'orders-phone');
  });

  await test.step('an admin moves it through its statuses and sets the track and serial numbers', async () => {
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await admin.goto('/admin/orders');
    const row = admin.getByRole('row').filter({ hasText: number });
    await expect(row.getByTestId('order-status')).toHaveText('Paid');
    await expectAccessible(admin);
    for (const status of ['In processing', 'Preparing to ship']) {
      await row.getByRole('button', { name: `Move to: ${status}` }).click();
      await expect(row.getByTestId('order-status')).toHaveText(status);
    }
    await row.getByTestId('admin-order-edit').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByTestId('admin-track').fill('TRK-42');
    await dialog.getByTestId('admin-serial').fill('SN-0042');
    await dialog.getByTestId('admin-estimated').fill('2026-12-20');
    await expectAccessible(admin);
    await dialog.getByTestId('admin-order-save').click();
    await expect(row).toContainText('TRK-42');
    await row.getByRole('button', { name: 'Move to: In transit' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('In transit');
    await adminContext.close();
  });

  await test.step('the partner sees it in transit with the tracking, and can no longer change the address', async () => {
    await page.reload();
    await expect(card.getByTestId('order-status')).toHaveText('In transit');
    await expect(card.getByTestId('order-track')).toHaveText('TRK-42');
    await expect(card.getByTestId('order-serial')).toHaveText('SN-0042');
    await expect(card.getByTestId('order-estimated')).toHaveText('20.12.2026');
    await expect(card.getByTestId('order-edit-address')).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, 'orders-in-transit-phone');
  });
});

test('pay an order by chain invoice: paid at the third confirmation', async ({ page, request }) => {
  const partner = newPartner('Igor');
  await registerByApi(request, partner);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.setViewportSize(PHONE);
  await page.goto('/shop/devices');
  await fillShipping(page);
  await page.getByTestId('order-payment').getByText('Chain invoice').click();
  await page.getByTestId('order-submit').click();
  const dialog = page.getByRole('dialog');
  const address = (await dialog.getByTestId('order-invoice-address').textContent())!;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(dialog.getByTestId('order-invoice-status')).toHaveText('Waiting for payment');
  await expect(dialog).toContainText('Send 1 000.00 USDT on BEP-20');
  await expectAccessible(page);
  await screenshot(page, 'invoice-phone');

  await sendOnDevChain(request, address, '1000');
  await mine(request, 3);
  await expect(dialog.getByTestId('order-invoice-status')).toHaveText('Paid', { timeout: 20_000 });
  await expect(dialog.getByTestId('order-invoice-paid')).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to my orders' }).click();
  await expect(page).toHaveURL(/\/shop\/orders$/);
  const card = page.locator('[data-testid^="order-"][aria-label^="DN-"]').first();
  await expect(card.getByTestId('order-status')).toHaveText('Paid');
  // Credited and spent: the balance is back where it was.
  await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
  await expectAccessible(page);
});
