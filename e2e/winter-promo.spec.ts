import { expect, test } from '@playwright/test';
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

const screenshot = screenshots('winter-promo');

/**
 * Wendy (50 Promo) invited Ann, Bo and Cy, who each bought 50 Promo; Ann invited Dee and Eli, who
 * bought too: 3 personal sales, 5 team sales, 3 of them in Ann's branch. Bo bought an event ticket
 * (10% to Wendy). The e2e server's promo window runs around today (playwright.config.ts).
 */
async function wendysNetwork(request: Parameters<typeof registerPartner>[0]) {
  const wendy = await registerPartner(request, 'Wendy');
  await fund(request, wendy.id, '50');
  await buyTariff(request, wendy.token, '50 Promo');
  const heads = [];
  for (const name of ['Ann', 'Bo', 'Cy']) {
    const head = await registerPartner(request, name, wendy.referralId);
    await fund(request, head.id, '1100');
    await buyTariff(request, head.token, '50 Promo');
    heads.push(head);
  }
  for (const name of ['Dee', 'Eli']) {
    const below = await registerPartner(request, name, heads[0]!.referralId);
    await fund(request, below.id, '50');
    await buyTariff(request, below.token, '50 Promo');
  }
  const ticket = await request.post('/api/v1/event_ticket/purchase/', {
    headers: { authorization: `Bearer ${heads[1]!.token}`, 'idempotency-key': `winter-${heads[1]!.id}` },
    data: { quantity: 1 },
  });
  expect(ticket.status()).toBe(201);
  const price = ((await ticket.json()) as { purchase: { total: string } }).purchase.total;
  return { wendy, ticketBonus: Number(price) / 10 };
}

test('a partner with sales opens the winter promo modal from the dashboard and sees progress, the 0.4 rule and the Hot Winter bonuses, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  const { wendy, ticketBonus } = await wendysNetwork(request);
  await signIn(page, wendy.email, wendy.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('the dashboard card: no status yet, what Silver still needs', async () => {
    const card = page.getByTestId('winter-promo');
    await expect(card.getByTestId('winter-card-status')).toHaveText('No status yet');
    // Silver: 3 personal (met), team 2 + min(3, 4) = 5 of 10.
    await expect(card.getByTestId('winter-card-next')).toHaveText(
      'To Silver: 0 more personal and 5 more team sales.',
    );
    await expect(page.getByTestId('promo-newYear')).toBeVisible();
    await expect(page.getByTestId('promo-summer')).toBeVisible();
  });

  await test.step('the modal: progress toward each status, the rules, the rewards, the bonuses', async () => {
    await page.getByTestId('winter-open').click();
    const modal = page.getByRole('dialog', { name: 'Winter promo' });
    await expect(modal.getByTestId('winter-state')).toHaveText('Running');
    await expect(modal.getByTestId('winter-sales')).toHaveText(
      'Sales in the window: 3 personal, 5 in your team, 3 in your largest branch.',
    );
    await expect(modal.getByTestId('winter-silver-personal-value')).toHaveText('3 / 3');
    await expect(modal.getByTestId('winter-silver-team-value')).toHaveText('5 / 10');
    await expect(modal.getByTestId('winter-gold-personal-value')).toHaveText('3 / 5');
    await expect(modal.getByTestId('winter-platinum-team-value')).toHaveText('5 / 30');
    await expect(modal.getByRole('progressbar', { name: 'Personal sales: 3 / 3' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(modal.getByTestId('winter-level-gold')).toContainText('a trip to Dubai (up to $1000)');
    await expect(modal.getByTestId('winter-level-platinum')).toContainText('a VIP ticket with a 3-day stay');
    await expect(modal.getByTestId('winter-branch-rule')).toContainText('at most 40% of the team sales');
    await expect(modal.getByTestId('winter-gift')).toHaveText(/: 3 × 1000 = 3[\s\u00a0\u202f]?000\.00 DXN$/);
    await expect(modal.getByTestId('winter-ticket-bonus')).toContainText(`${ticketBonus.toFixed(2)} USDT`);
    await expectAccessible(page);
    await screenshot(page, 'modal-desktop', false);
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize(PHONE);
    const modal = page.getByRole('dialog', { name: 'Winter promo' });
    await expect(modal.getByTestId('winter-silver-team-value')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'modal-phone', false);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await screenshot(page, 'dashboard-phone');
  });
});
