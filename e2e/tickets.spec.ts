import { expect, test } from '@playwright/test';
import {
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

/** An amount as the app shows it: thousands grouped (lib/format.ts), two decimals. */
const usdt = (whole: number) => `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.00 USDT`;

const screenshot = screenshots('tickets');

test('on a phone, a partner sees the ticket schedule and buys a ticket, then buys a gift certificate that a second partner activates', async ({
  page,
  request,
  browser,
}) => {
  const buyer = newPartner('Tina');
  const { user, token } = await registerByApi(request, buyer);
  await fund(request, user.id, '1100', 'e2e tickets');
  const info = await request.get('/api/v1/event_ticket/info/', {
    headers: { authorization: `Bearer ${token}` },
  });
  const price = Number(((await info.json()) as { price: string }).price.split('.')[0]);

  await page.setViewportSize(PHONE);
  await signIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('the ticket card, its schedule modal, and a purchase', async () => {
    await page.goto('/shop/tickets');
    const card = page.getByTestId('ticket-card');
    // The event it is for: name, venue, start (issue 20).
    await expect(card.getByTestId('ticket-event-name')).toHaveText('DexNet Partner Forum 2027');
    await expect(card.getByTestId('ticket-event-venue')).toHaveText('Venue: Dubai');
    await expect(card.getByTestId('ticket-event-starts')).toContainText('12.02.2027');
    await expect(card.getByTestId('ticket-price')).toHaveText(usdt(price));
    await expect(card.getByTestId('ticket-seats')).toHaveText('100 of 100 seats left');
    await expect(card.getByTestId('ticket-price-steps')).toContainText('Until 30.10.2026');
    await expect(card.getByTestId('ticket-price-steps')).toContainText('From 01.12.2026');
    await expect(page.getByText('You have no tickets yet.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'tickets-phone');

    await card.getByTestId('ticket-schedule-open').click();
    const dialog = page.getByRole('dialog', { name: 'Event ticket: schedule' });
    await expect(dialog.getByRole('heading', { name: 'Event programme' })).toBeVisible();
    await expect(dialog.getByText('Registration and welcome')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Price by date (UTC)' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'ticket-schedule-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect(card.getByTestId('ticket-buy')).toHaveText(`Buy for ${usdt(price)}`);
    await card.getByTestId('ticket-buy').click();
    await expect(page.getByTestId('my-ticket')).toHaveCount(1);
    await expect(page.getByTestId('my-ticket')).toContainText('Tickets: 1');
    await expect(card.getByTestId('ticket-seats')).toHaveText('99 of 100 seats left');
    await expect(page.getByTestId('balance-usdt')).toHaveText(usdt(1100 - price));
    await toastsGone(page);
    await expectAccessible(page);
  });

  await test.step('sold out: the card says so and offers no purchase', async () => {
    // The last seat going to someone else, as the info call would answer it then.
    await page.route('**/api/v1/event_ticket/info/', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, seats_left: 0, sold_out: true } });
    });
    await page.reload();
    const card = page.getByTestId('ticket-card');
    await expect(card.getByTestId('ticket-sold-out')).toHaveText('Sold out');
    await expect(card.getByTestId('ticket-buy')).toHaveCount(0);
    await expect(card.getByTestId('ticket-schedule-open')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'tickets-sold-out-phone');
    await page.unroute('**/api/v1/event_ticket/info/');
  });

  let code = '';
  await test.step('buy a gift certificate: its code is shown once, with a warning', async () => {
    await page.goto('/shop/gift-certificates');
    await expect(page.getByText('You have not bought any gift certificates yet.')).toBeVisible();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.getByTestId('gift-amount').fill('50');
    await page.getByTestId('gift-buy').click();
    const dialog = page.getByRole('dialog', { name: 'Your gift certificate code' });
    await expect(dialog.getByText('Shown only once')).toBeVisible();
    code = (await dialog.getByTestId('gift-code').textContent()) ?? '';
    expect(code).toMatch(/^GIFT(-[A-Z2-7]{4}){6}$/);
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'gift-code-phone');
    await dialog.getByTestId('gift-code-done').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('my-certificate')).toHaveCount(1);
    await expect(page.getByTestId('certificate-status')).toHaveText('Active');
    await expect(page.getByText(code)).toHaveCount(0);
    await expect(page.getByTestId('balance-usdt')).toHaveText(usdt(1100 - price - 50));
  });

  await test.step('a second partner activates the code; a second activation is refused', async () => {
    const friend = newPartner('Fred');
    await registerByApi(request, friend);
    const context = await browser.newContext({ viewport: PHONE });
    const other = await context.newPage();
    await signIn(other, friend.email, friend.password);
    await expect(other).toHaveURL(/\/dashboard$/);
    await other.goto('/shop/gift-certificates');
    await other.getByTestId('gift-activate-code').fill(code.toLowerCase());
    await other.getByTestId('gift-activate').click();
    await expect(
      other.locator('.mantine-Notification-root').filter({ hasText: '50.00 USDT added to your balance' }),
    ).toBeVisible();
    await expect(other.getByTestId('balance-usdt')).toHaveText(usdt(50));
    await other.getByTestId('gift-activate-code').fill(code);
    await other.getByTestId('gift-activate').click();
    await expect(other.getByText('This gift certificate has already been activated.').first()).toBeVisible();
    await screenshot(other, 'gift-activate-phone');
    await toastsGone(other);
    await expectAccessible(other);
    await context.close();

    await page.reload();
    await expect(page.getByTestId('certificate-status')).toHaveText('Activated');
  });
});
