import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  fundedPartnerOnPhone,
  screenshots,
  toastsGone,
} from './support';

const screenshot = screenshots('products');

test('on a phone, a partner buys a virtual node, upgrades it paying the difference, and buys a token pack at a live quote', async ({
  page,
  request,
}) => {
  await fundedPartnerOnPhone(page, request, 'Nora', '1000');

  await test.step('buy a virtual node', async () => {
    await page.goto('/shop/nodes');
    await expect(page.getByRole('heading', { name: 'Virtual nodes on sale' })).toBeVisible();
    await expect(page.getByText('You have no virtual nodes yet.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'nodes-phone');
    await page.getByRole('button', { name: 'Buy Virtual node S' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy a virtual node' });
    await expect(dialog.getByText('Buy Virtual node S for 100.00 USDT from your balance?')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByTestId('node-buy-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-node')).toHaveCount(1);
    await expect(page.getByTestId('my-node').first()).toContainText('Active');
    await expect(page.getByTestId('balance-usdt')).toHaveText('900.00 USDT');
  });

  await test.step('upgrade it to the highest tier, paying the difference', async () => {
    await toastsGone(page);
    await page.getByTestId('my-node').getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade a virtual node' });
    await dialog.getByLabel('Virtual node L (tier 3): 400.00 USDT').check();
    await expect(dialog.getByTestId('upgrade-difference')).toHaveText(
      'Price difference: 400.00 USDT · to pay: 400.00 USDT',
    );
    await expectAccessible(page);
    await screenshot(page, 'upgrade-phone');
    await dialog.getByTestId('upgrade-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-node')).toHaveCount(2);
    await expect(page.getByTestId('my-node').nth(0)).toContainText('Upgraded');
    await expect(page.getByTestId('my-node').nth(1)).toContainText('Virtual node L');
    await expect(page.getByTestId('my-node').nth(1)).toContainText('Active');
    await expect(page.getByTestId('balance-usdt')).toHaveText('500.00 USDT');
  });

  await test.step('buy a token pack at a live quote; the calculators compute as the server credits', async () => {
    await page.getByRole('tab', { name: 'Token packs' }).click();
    await expect(page).toHaveURL(/\/shop\/token-packs$/);
    await expect(page.getByTestId('quote-countdown')).toContainText(/price fixed for (29|30):\d\d/);
    // The default rate: 1 DXN = 0.05 USDT; 1000 USDT for a year gives 20 000 DXN and 15 % of it.
    await expect(page.getByTestId('profit-profit')).toHaveText('3 000.00 DXN');
    await page.getByText('2 years', { exact: true }).click();
    await expect(page.getByTestId('profit-profit')).toHaveText('8 000.00 DXN');
    await page.getByTestId('calc-usdt').fill('10');
    await expect(page.getByTestId('calc-usdt-result')).toHaveText('You get 200.00 DXN');

    await page.getByTestId('pack-amount').fill('100');
    await expect(page.getByTestId('pack-receive')).toContainText('You receive 2 000.00 DXN, locked until');
    await toastsGone(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByTestId('pack-buy').click();
    await expect(page.getByTestId('my-pack')).toHaveCount(1);
    await expect(page.getByTestId('my-pack')).toContainText('2 000.00 DXN locked · paid 100.00 USDT');
    await expect(page.getByTestId('pack-next')).toContainText('Next payout on');
    await expect(page.getByTestId('pack-next')).toContainText('2 300.00 DXN');
    await expect(page.getByTestId('balance-usdt')).toHaveText('400.00 USDT');
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, 'token-packs-phone');
  });
});
