import { expect, type APIRequestContext, test } from '@playwright/test';
import {
  buyTariff,
  cappedMentor,
  expectAccessible,
  expectNoSidewaysScroll,
  fund,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
} from './support';

const DESKTOP = { width: 1280, height: 900 };
const screenshot = screenshots('explain');

/** The numbers the what-if runs on, as the partner's API answers them. */
async function whatIfBase(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/mlm/binary/what-if/', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { left_unpaid: string; active: boolean };
}

test('a partner opens the explanation of a bonus the cap cut, sees the lost profit deadline on packages and uses the what-if, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  const { mentor, ivy, jon } = await cappedMentor(request);

  await page.setViewportSize(DESKTOP);
  await signIn(page, mentor.email, mentor.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('Transactions: the 40 USDT invite opens its explanation', async () => {
    await page.goto('/transactions?bonus_type=invite');
    const rows = page.getByTestId('transaction-bonus');
    await expect(rows).toHaveCount(2);
    const cut = rows.filter({ hasText: '40.00 USDT' });
    await cut.getByRole('button', { name: /How was it calculated/ }).click();
    const dialog = page.getByRole('dialog', { name: 'How this bonus was calculated' });
    await expect(dialog.getByTestId('explain-formula')).toHaveText('7% of 1 500.00 USDT = 105.00 USDT');
    await expect(dialog.getByTestId('explain-buyer')).toHaveText(`Jon Tester (ID ${jon.id})`);
    await expect(dialog.getByTestId('explain-product')).toHaveText('Tariff 1500');
    await expect(dialog.getByTestId('explain-credited')).toHaveText('40.00 USDT');
    await expect(dialog.getByTestId('explain-cap')).toHaveText('65.00 USDT');
    await expect(dialog.getByTestId('explain-lost-profit')).toContainText(
      /65\.00 USDT can still be recovered: buy a tariff before \d\d\.\d\d\.\d{4} \d\d:\d\d\./,
    );
    await expect(dialog).toContainText('v1');
    await expectAccessible(page);
    await screenshot(page, 'explanation-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Packages: the pending lost profit with its deadline, and the what-if', async () => {
    await page.goto('/shop/packages');
    await expect(page.getByTestId('tariff-status')).toHaveText('Inactive');
    const lost = page.getByTestId('lost-profit');
    await expect(lost).toContainText('Lost profit waiting: 65.00 USDT');
    await expect(lost.getByTestId('lost-profit-deadline')).toHaveText(
      /Buy a tariff before \d\d\.\d\d\.\d{4} \d\d:\d\d to recover it\./,
    );
    await expect(lost.getByTestId('lost-profit-entries')).toContainText('65.00 USDT (Invite bonus) until');

    // The bonus fold (a job, every 0.1 s) has folded Ivy's 3000 and Jon's 1500 into Mira's
    // left leg (both placed there, the default side); two invited buyers made her binary active.
    await expect
      .poll(async () => whatIfBase(request, mentor.token), { timeout: 15_000 })
      .toEqual(expect.objectContaining({ left_unpaid: '4500.000000', active: true }));
    await page.reload();
    const whatIf = page.getByTestId('what-if');
    await expect(whatIf).toContainText('Waiting to pair now: left 4 500.00 USDT, right 0.00 USDT.');
    await whatIf.getByLabel('Added volume, USDT').fill('2500');
    await whatIf.getByText('Right', { exact: true }).click();
    await expect(whatIf.getByTestId('what-if-paired')).toHaveText('2 500.00 USDT');
    await expect(whatIf.getByTestId('what-if-waiting')).toHaveCount(0);
    // Her window is full (Inactive): the whole 250 would be lost profit.
    await expect(whatIf.getByTestId('what-if-inactive')).toBeVisible();
    await expect(whatIf).toContainText('Left waiting after that: left 2 000.00 USDT, right 0.00 USDT.');
    await whatIf.getByLabel('Added volume, USDT').fill('-3');
    await expect(whatIf).toContainText('Enter an amount above 0 with at most 6 decimal places.');
    await whatIf.getByLabel('Added volume, USDT').fill('1000');
    await expectAccessible(page);
    await screenshot(page, 'packages-desktop');
  });

  await test.step('on a phone: the explanation fills the screen, the packages page fits', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/transactions?bonus_type=invite');
    await expect(page.getByTestId('transaction-explain')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'transactions-phone');
    await page
      .getByTestId('transaction-bonus')
      .filter({ hasText: '210.00 USDT' })
      .getByRole('button', { name: /How was it calculated/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'How this bonus was calculated' });
    await expect(dialog.getByTestId('explain-formula')).toHaveText('7% of 3 000.00 USDT = 210.00 USDT');
    await expect(dialog.getByTestId('explain-buyer')).toHaveText(`Ivy Tester (ID ${ivy.id})`);
    await expect(dialog.getByTestId('explain-lost-profit')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'explanation-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/shop/packages');
    await expect(page.getByTestId('lost-profit')).toBeVisible();
    await expect(page.getByTestId('what-if-inactive')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, 'packages-phone');
  });
});

test("a rank bonus is explained with the rank by its name, in the reader's language, never an internal identifier", async ({
  page,
  request,
}) => {
  // Rita invites Lee into her left leg and Ray into her right one; each buys 7500: her weaker leg
  // reaches 5 000 BV, Bronze, whose qualification bonus the fold pays.
  const rita = await registerPartner(request, 'Rita');
  await fund(request, rita.id, '1500');
  await buyTariff(request, rita.token, '1500');
  const lee = await registerPartner(request, 'Lee', rita.referralId);
  const side = await request.post('/api/v1/mlm/set-binary-structure-side/', {
    headers: { authorization: `Bearer ${rita.token}` },
    data: { side: 'right' },
  });
  expect(side.status()).toBe(200);
  const ray = await registerPartner(request, 'Ray', rita.referralId);
  for (const buyer of [lee, ray]) {
    await fund(request, buyer.id, '7500');
    await buyTariff(request, buyer.token, '7500');
  }

  await page.setViewportSize(PHONE);
  await signIn(page, rita.email, rita.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/transactions?bonus_type=qualification');
  // The fold (a job, every 0.1 s) pays it shortly after the purchases.
  await expect
    .poll(
      async () => {
        await page.reload();
        // The statement as read now: its line, or that there is none yet.
        await expect(
          page.getByTestId('transaction-bonus').or(page.getByTestId('transactions-no-results')),
        ).toBeVisible();
        return page.getByTestId('transaction-explain').count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await page.getByTestId('transaction-explain').click();
  const dialog = page.getByRole('dialog', { name: 'How this bonus was calculated' });
  const period = dialog.getByTestId('explain-period');
  await expect(period).toHaveText('Bronze');
  await expect(dialog.getByRole('row').filter({ has: page.getByTestId('explain-period') })).toHaveText(
    'RankBronze',
  );
  await expect(dialog).not.toContainText('rank:');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await screenshot(page, 'rank-explanation-phone');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('language-select').selectOption('ru');
  await page.getByTestId('transaction-explain').click();
  const russian = page.getByRole('dialog', { name: 'Как рассчитан этот бонус' });
  await expect(russian.getByTestId('explain-period')).toHaveText('Бронза');
  await expect(russian.getByRole('row').filter({ has: page.getByTestId('explain-period') })).toHaveText(
    'РангБронза',
  );
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'rank-explanation-ru-phone');
  await russian.getByRole('button', { name: 'Закрыть' }).click();
  await page.getByTestId('language-select').selectOption('en');
});
