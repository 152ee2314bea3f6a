import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, field, newPartner, registerByApi, signIn } from './support';

/** The sandbox's test cards (README.md "Card payments (sandbox)"). */
const CARDS = {
  approved: '4242 4242 4242 4242',
  declined: '4000 0250 0007 0002',
  insufficientFunds: '4000 0724 0005 9995',
};
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

async function openCardForm(page: Page, partner: ReturnType<typeof newPartner>) {
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('open-card').click();
  return page.getByRole('dialog', { name: 'Top up by card' });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the card form says why a card was declined and what the year expects (${viewport.name})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = newPartner('Carda');
    await registerByApi(request, partner);
    const dialog = await openCardForm(page, partner);

    const year = field(page, 'Year');
    await expect(year).toHaveAttribute('placeholder', 'YYYY');
    await expect(dialog.getByText('4 digits', { exact: true })).toBeVisible();
    await field(page, 'Amount').fill('20');
    await field(page, 'Card number').fill(CARDS.insufficientFunds);
    await field(page, 'Month').fill('12');
    // A two-digit year is read as 20YY.
    await year.fill('29');
    await field(page, 'Security code').click();
    await expect(year).toHaveValue('2029');
    await field(page, 'Security code').fill('123');
    await field(page, 'Name on the card').fill('Carda Tester');

    await dialog.getByRole('button', { name: 'Pay' }).click();
    const error = dialog.getByTestId('card-error');
    await expect(error).toContainText('Payment not made');
    await expect(error).toContainText(
      'The card was declined: not enough funds on it. Try a smaller amount or another card.',
    );
    await expectAccessible(page);
    // It stays in the form after the toast has gone.
    await page.waitForTimeout(2500);
    await expect(error).toBeVisible();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/card-insufficient-${viewport.name}.png` });

    await field(page, 'Card number').fill(CARDS.declined);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(error).toContainText('The card was declined by the bank.');

    // Anything other than four digits is explained on the field.
    await year.fill('202');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog.getByText('Enter the expiry year in four digits (YYYY).')).toBeVisible();
    await expect(error).toBeHidden();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/card-year-${viewport.name}.png` });

    await year.fill('2029');
    await field(page, 'Card number').fill(CARDS.approved);
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(
      page.getByText('20.000000 USDT credited to your balance').or(page.getByText(/20(\.00)? USDT credited/)),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  });
}
