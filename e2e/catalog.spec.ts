import { expect, test } from '@playwright/test';
import { E2E } from './env';
import {
  adminToken,
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

const screenshot = screenshots('catalog');

test('on a phone, an admin changes a price, sees it in the history, and a partner is shown and charged the new price', async ({
  browser,
  request,
}) => {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const products = (await (await request.get('/api/v1/admin/products/', { headers: auth })).json()) as {
    id: number;
    code: string;
    price: string;
  }[];
  const node = products.find((product) => product.code === 'virtual-node-300')!;
  expect(node.price).toBe('300.000000');

  try {
    const adminContext = await browser.newContext({ viewport: PHONE });
    const admin = await adminContext.newPage();
    await signIn(admin, E2E.admin.email, E2E.admin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);

    await test.step('the catalogue lists every product, phone-first', async () => {
      await admin.goto('/admin/catalog');
      await expect(admin.getByRole('heading', { name: 'Catalogue' })).toBeVisible();
      const row = admin.getByTestId('catalog-virtual-node-300');
      await expect(row.getByTestId('catalog-price')).toHaveText('300.00 USDT');
      await expect(row.getByTestId('catalog-availability')).toHaveText('On sale');
      await expect(admin.getByTestId('catalog-event-ticket')).toContainText('0 of 100 sold');
      await expectAccessible(admin);
      await expectNoSidewaysScroll(admin);
      await screenshot(admin, 'catalog-phone');
    });

    await test.step('the admin changes the price, reviews the change and confirms it', async () => {
      const row = admin.getByTestId('catalog-virtual-node-300');
      await row.getByRole('button', { name: 'Edit Virtual node M' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Edit: Virtual node M' });
      const price = dialog.getByTestId('catalog-price-input');
      await expect(price).toHaveValue('300.00');
      // Nothing changed: nothing to confirm.
      await dialog.getByTestId('catalog-review-button').click();
      await expect(dialog.getByText('Nothing to save: no field was changed.')).toBeVisible();
      await price.fill('abc');
      await dialog.getByTestId('catalog-review-button').click();
      await expect(dialog.getByText('Enter a valid value.')).toBeVisible();
      await screenshot(admin, 'catalog-edit-phone', false);
      await price.fill('333.5');
      await dialog.getByTestId('catalog-review-button').click();
      await expect(dialog.getByTestId('catalog-review-price')).toHaveText('Price: 300.00 USDT → 333.50 USDT');
      await expectAccessible(admin);
      await screenshot(admin, 'catalog-confirm-phone', false);
      await dialog.getByTestId('catalog-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(row.getByTestId('catalog-price')).toHaveText('333.50 USDT');
    });

    await test.step('the price history shows the change: time, old -> new, the admin', async () => {
      await toastsGone(admin);
      await admin
        .getByTestId('catalog-virtual-node-300')
        .getByRole('button', { name: 'Price history of Virtual node M' })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Price history: Virtual node M' });
      const rows = dialog.getByTestId('catalog-history-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByTestId('catalog-history-price')).toHaveText('300.00 → 333.50 USDT');
      await expect(rows.first()).toContainText(E2E.admin.email);
      await expect(rows.first()).toContainText(/\d\d\.\d\d\.\d{4}/);
      await expect(rows.nth(1)).toContainText('Initial catalogue');
      await expectAccessible(admin);
      await screenshot(admin, 'catalog-history-phone', false);
      await dialog.getByRole('button', { name: 'Close' }).click();
    });

    await test.step('a partner is shown the new price in the shop and charged it', async () => {
      const partner = newPartner('Nina');
      const { user } = await registerByApi(request, partner);
      await fund(request, user.id, '500', 'e2e catalog');
      const partnerContext = await browser.newContext({ viewport: PHONE });
      const page = await partnerContext.newPage();
      await signIn(page, partner.email, partner.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/shop/nodes');
      const offer = page.getByTestId('node-offer-virtual-node-300');
      await expect(offer).toContainText('333.50 USDT');
      await offer.getByRole('button', { name: 'Buy Virtual node M' }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy a virtual node' });
      await expect(dialog.getByText('Buy Virtual node M for 333.50 USDT from your balance?')).toBeVisible();
      await dialog.getByTestId('node-buy-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('balance-usdt')).toHaveText('166.50 USDT');
      await partnerContext.close();

      // The operators' list of purchases shows it, found by the partner's email.
      await admin.goto('/admin/purchases');
      await admin.getByTestId('purchases-email').fill(partner.email);
      const purchase = admin.locator('[data-testid^="purchase-"]');
      await expect(purchase).toHaveCount(1);
      await expect(purchase).toContainText('1 × Virtual node M');
      await expect(purchase).toContainText('333.50 USDT');
      await expect(purchase).toContainText('Completed');
      await expectAccessible(admin);
      await expectNoSidewaysScroll(admin);
      await screenshot(admin, 'purchases-phone');
    });
    await adminContext.close();
  } finally {
    // Other specs price this node at its seeded price.
    const restored = await request.patch(`/api/v1/admin/products/${node.id}/`, {
      headers: auth,
      data: { price: '300' },
    });
    expect(restored.status()).toBe(200);
  }
});
