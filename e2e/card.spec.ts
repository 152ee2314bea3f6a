import { expect, test } from '@playwright/test';
import {
  adminToken,
  expectAccessible,
  expectNoSidewaysScroll,
  field,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
} from './support';

/** The sandbox's test cards (README.md "Card payments (sandbox)"). */
const CARDS = {
  approved: '4242 4242 4242 4242',
  insufficientFunds: '4000 0724 0005 9995',
};
const screenshot = screenshots('card');
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', ...PHONE },
]) {
  test(`a 1,000 USDT card top-up on the provider's page: declined, then credited (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = newPartner('Carda');
    const { user } = await registerByApi(request, partner);
    // Above 700 USDT a verified identity is needed: support verifies it.
    const verified = await request.post(`/api/v1/admin/users/${user.id}/kyc/`, {
      headers: { authorization: `Bearer ${await adminToken(request)}` },
      data: { status: 'verified', reason: 'Documents match' },
    });
    expect(verified.status()).toBe(200);

    await signIn(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    const payOnProvider = async (card: string) => {
      await page.getByTestId('open-card').click();
      const dialog = page.getByRole('dialog', { name: 'Top up by card' });
      await field(page, 'Amount').fill('1000');
      await expect(dialog).toContainText('Charged to your card: 920.00 EUR');
      await expect(dialog.getByTestId('card-hosted-note')).toContainText("card provider's secure page");
      await expect(dialog.getByLabel(/Card number/)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Continue to payment' }).click();
      // The provider's page: the portal's own pages are left.
      await expect(page).toHaveURL(/\/card-sandbox\/pay\?session=/);
      await expect(page.getByRole('heading', { name: 'Pay 920.00 EUR' })).toBeVisible();
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('Carda Tester');
      await screenshot(page, `provider-page-${viewport.name}`);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Pay 920.00 EUR' }).click();
      await expect(page).toHaveURL(/\/transactions\?card_payment=\d+$/);
      return page.getByTestId('card-payment-notice');
    };

    const declined = await payOnProvider(CARDS.insufficientFunds);
    await expect(declined).toHaveAttribute('data-status', 'declined');
    // Amounts are grouped as the app writes them (a thin space in English).
    await expect(declined).toContainText(
      /Your card payment of 1\s000\.00 USDT was not made: The card was declined: not enough funds on it\./,
    );
    await expect(page.getByTestId('balance-usdt')).toHaveText('0.00 USDT');
    await expectAccessible(page);
    await screenshot(page, `declined-${viewport.name}`);

    const approved = await payOnProvider(CARDS.approved);
    await expect(approved).toHaveAttribute('data-status', 'approved');
    await expect(approved).toContainText(/1\s000\.00 USDT credited to your balance/);
    await expect(page.getByTestId('balance-usdt')).toHaveText(/^1\s000\.00 USDT$/);
    const line = page.getByTestId('transaction-deposit');
    await expect(line).toContainText(/1\s000\.00 USDT/);
    await expect(line.getByTestId('transaction-card')).toHaveText('Card');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `approved-${viewport.name}`);
  });
}
