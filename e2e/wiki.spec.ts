import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  newPartner,
  PHONE,
  registerByApi,
  screenshots,
  signIn,
} from './support';

const screenshot = screenshots('wiki');

test('a partner reads the wiki, searches it, falls back to English, and uses the DexNet services', async ({
  page,
  request,
}) => {
  const partner = newPartner('Wiki');
  await registerByApi(request, partner);
  await signIn(page, partner.email, partner.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('the list of guides and services', async () => {
    await page.getByRole('link', { name: 'Wiki' }).first().click();
    await expect(page.getByRole('heading', { name: 'Guides' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'DexNet services' })).toBeVisible();
    await expect(page.getByTestId('wiki-article-binary-bonus')).toContainText('The binary bonus');
    await expectAccessible(page);
    await screenshot(page, 'wiki-list-desktop');
  });

  await test.step('search, then open an article', async () => {
    await page.getByTestId('wiki-search').fill('BEP-20 network');
    await expect(page.getByTestId('wiki-results-count')).toHaveText('Articles found: 1');
    const result = page.getByTestId('wiki-article-deposits-withdrawals');
    // Words are marked as the server matched them: "BEP-20" is the words BEP and 20.
    await expect(result.locator('mark').first()).toHaveText('BEP');
    await expect(result.locator('mark', { hasText: 'network' })).toHaveCount(1);
    await expect(page).toHaveURL(/\/wiki\?q=BEP-20/);
    await expectAccessible(page);
    await screenshot(page, 'wiki-search-desktop');
    await result.getByRole('link', { name: 'Deposits and withdrawals' }).click();
    await expect(page).toHaveURL(/\/wiki\/deposits-withdrawals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Deposits and withdrawals' })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Tokens sent on another network are lost.' }),
    ).toBeVisible();
    await expect(page.getByTestId('wiki-fallback')).toBeHidden();
    await expectAccessible(page);
    await screenshot(page, 'wiki-article-desktop');
  });

  await test.step('on a phone in Tuvan: an article with no Tuvan text comes in English, marked', async () => {
    await page.setViewportSize(PHONE);
    // Saved to the account before the next page loads (it reads the language from the profile).
    const saved = page.waitForResponse((response) => response.url().includes('/accounts/set_language/'));
    await page.getByTestId('language-select').selectOption('TUV');
    expect((await saved).ok()).toBe(true);
    await page.goto('/wiki/binary-bonus');
    await expect(page.getByRole('heading', { level: 1, name: 'Бинар бонус' })).toBeVisible();
    await page.goto('/wiki/matching-bonus');
    await expect(page.getByRole('heading', { level: 1, name: 'The matching bonus' })).toBeVisible();
    await expect(page.getByTestId('wiki-fallback')).toHaveText(
      'Бо чүүл силерниң дылыңарже амдыызында очулдунмаан: англи дылда көргүскен.',
    );
    await expect(page.getByRole('table')).toContainText('45000');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'wiki-fallback-tuv-phone');
    await page.getByRole('link', { name: '← Шупту чүүлдер' }).click();
    await expect(page.getByTestId('wiki-article-matching-bonus')).toContainText('Англи дылда');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'wiki-list-tuv-phone');
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Guides' })).toBeVisible();
  });

  await test.step('the DexNet services tab: DexPoint, a ProfiXone link, the DexSafe code', async () => {
    await page.goto('/profile/services');
    await expect(page.getByRole('tab', { name: 'DexNet services' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('dexpoint-status')).toHaveText('Inactive');
    await page.getByTestId('profixone-make').click();
    const open = page.getByTestId('profixone-open');
    await expect(open).toBeVisible();
    const link = new URL((await open.getAttribute('href')) ?? '');
    expect(link.searchParams.get('email')).toBe(partner.email);
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('dexsafe-show').click();
    await expect(page.getByTestId('dexsafe-code')).toHaveText(/^DS-\d+-([0-9A-Z]{4}-){3}[0-9A-Z]{4}$/);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'services-phone');
    await page.getByTestId('service-cloud-storage').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'DexNet cloud storage' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile/services');
    await expect(page.getByTestId('dexpoint-status')).toBeVisible();
    await screenshot(page, 'services-desktop');
  });
});
