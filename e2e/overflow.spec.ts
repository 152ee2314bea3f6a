import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import {
  buyTariff,
  expectAccessible,
  fund,
  PHONE,
  registerPartner,
  screenshots,
  signIn,
  toastsGone,
} from './support';

const LOCALES = join(import.meta.dirname, '../apps/web/src/locales');
const navLabel = (language: string) =>
  (JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as { nav: { main: string } }).nav.main;

/** The languages with the longest words (Tuvan, Russian), on the narrowest phone the spec knows. */
const LANGUAGES = ['TUV', 'ru'];

/** The partner's screens with every tab: the dashboard, the shop, the team's trees and lists, the profile. */
const SCREENS = [
  '/dashboard',
  '/shop/packages',
  '/shop/devices',
  '/shop/orders',
  '/shop/nodes',
  '/shop/token-packs',
  '/shop/validator-keys',
  '/shop/tickets',
  '/shop/gift-certificates',
  '/team/binary',
  '/team/classic',
  '/team/referral',
  '/team/first-line',
  '/team/registrations',
  '/team/levels',
  '/profile/personal',
  '/profile/security',
  '/profile/notifications',
  '/profile/promocodes',
  '/profile/api-keys',
  '/profile/services',
];

/** The operators' screens, each with something in its list (a paid order, a pending withdrawal). */
const ADMIN_SCREENS = [
  '/admin/users',
  '/admin/outbox',
  '/admin/withdrawals',
  '/admin/ledger',
  '/admin/bonus-audit',
  '/admin/reports',
  '/admin/fraud',
  '/admin/configuration',
  '/admin/chain',
  '/admin/catalog',
  '/admin/purchases',
  '/admin/orders',
];

const screenshot = screenshots('overflow');

/**
 * What the screen cuts off: a badge, tab or button whose text is wider than its box (on the element
 * or on its label), and a tab row that hides tabs past the screen's edge without a visible hint.
 */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Measured once it settles: the fonts in, a transition (a loading button, a badge appearing) over.
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    );
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const overflows = (element: Element) => element.scrollWidth > element.clientWidth + 1;
    const found: string[] = [];
    const boxes = document.querySelectorAll(
      '.mantine-Badge-root, [role=tab], button, a.mantine-Button-root, [role=button]',
    );
    for (const element of Array.from(boxes)) {
      if (!shown(element)) continue;
      const labels = element.querySelectorAll(
        '.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-Button-inner, span',
      );
      if ([element, ...Array.from(labels)].some((box) => shown(box) && overflows(box))) {
        const text = (element as HTMLElement).innerText.trim() || element.getAttribute('aria-label') || '';
        found.push(
          `${element.matches('.mantine-Badge-root') ? 'badge' : element.getAttribute('role') === 'tab' ? 'tab' : 'button'} "${text}"`,
        );
      }
    }
    for (const list of Array.from(document.querySelectorAll('[role=tablist]'))) {
      if (!shown(list) || !overflows(list)) continue;
      const hint = list.parentElement?.querySelector('[data-scroll-hint]');
      if (!hint || !shown(hint)) {
        const hidden = Array.from(list.querySelectorAll('[role=tab]')).filter((tab) => {
          const box = tab.getBoundingClientRect();
          return box.right > window.innerWidth || box.left < 0;
        });
        found.push(
          `tab row hides ${hidden.length} tab(s) off-screen without a hint: ${hidden
            .map((tab) => `"${(tab as HTMLElement).innerText.trim()}"`)
            .join(', ')}`,
        );
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      found.push(`page scrolls sideways by ${document.documentElement.scrollWidth - window.innerWidth}px`);
    }
    return found;
  });
}

/** Every screen of `screens` in Tuvan and Russian: what is cut off, and what axe finds. */
async function walkScreens(page: Page, screens: string[]) {
  const offenders: string[] = [];
  const inaccessible: string[] = [];
  for (const language of LANGUAGES) {
    await test.step(language, async () => {
      await page.getByTestId('language-select').selectOption(language);
      await expect(page.locator('nav').first()).toHaveAttribute('aria-label', navLabel(language));
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Settled: its calls answered, no spinner left (a button still loading, a quote being
        // fetched, shows one over its label).
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
        if (path === '/team/binary') await expect(page.getByTestId('binary-top')).toBeVisible();
        await toastsGone(page);
        offenders.push(...(await cutOff(page)).map((what) => `${path} ${language}: ${what}`));
        await screenshot(page, `${language}${path.replace(/\//g, '-')}`, false);
        try {
          await expectAccessible(page);
        } catch (error) {
          inaccessible.push(
            `${path} ${language}: ${(error as Error).message.split('\n').slice(0, 12).join(' ')}`,
          );
        }
      }
    });
  }
  // The language is saved with the account: the shared operator goes back to English for the
  // specs that follow.
  await page.getByTestId('language-select').selectOption('en');
  await expect(page.locator('nav').first()).toHaveAttribute('aria-label', navLabel('en'));
  return { offenders, inaccessible };
}

test('on a phone, in Tuvan and Russian, no badge, tab or button of a partner screen is cut off', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  // Nina with a tariff and a team: Oleg active (a tariff), Pia inactive, Quentin under Oleg.
  const nina = await registerPartner(request, 'Nina');
  const oleg = await registerPartner(request, 'Oleg', nina.referralId);
  await registerPartner(request, 'Pia', nina.referralId);
  await registerPartner(request, 'Quentin', oleg.referralId);
  await fund(request, nina.id, '600', 'e2e overflow');
  await fund(request, oleg.id, '600', 'e2e overflow');
  await buyTariff(request, nina.token, '500');
  await buyTariff(request, oleg.token, '500');

  await page.setViewportSize(PHONE);
  await signIn(page, nina.email, nina.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const { offenders, inaccessible } = await walkScreens(page, SCREENS);
  expect(offenders, 'cut-off texts').toEqual([]);
  expect(inaccessible, 'accessibility').toEqual([]);
});

test('on a phone, in Tuvan and Russian, no badge, tab or button of an operator screen is cut off', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  // Something in each list: Rita's device order, paid from her balance, and her pending withdrawal.
  const rita = await registerPartner(request, 'Rita');
  await fund(request, rita.id, '3000', 'e2e overflow admin');
  const headers = { authorization: `Bearer ${rita.token}` };
  const finance = await request.patch('/api/v1/accounts/info/', {
    headers,
    data: { finance_password: 'finance-pass-1', password: rita.password },
  });
  expect(finance.ok(), await finance.text()).toBe(true);
  const withdrawal = await request.post('/api/v1/withdraw/request/', {
    headers,
    data: {
      currency: 'USDT',
      network: 'BEP-20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      amount: '30',
      finance_password: 'finance-pass-1',
    },
  });
  expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
  const products = (await (await request.get('/api/v1/products/', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const ordered = await request.post('/api/v1/products/create_order/', {
    headers,
    data: {
      product_id: products.find((product) => product.code === 'device')!.id,
      quantity: 1,
      shipping: {
        full_name: 'Rita Tester',
        phone: '+351912345678',
        country: 'PT',
        city: 'Lisboa',
        address: 'Rua Augusta 1',
        postcode: '1100-048',
      },
      pay_from_balance: true,
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);

  await page.setViewportSize(PHONE);
  await signIn(page, E2E.admin.email, E2E.admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { offenders, inaccessible } = await walkScreens(page, ADMIN_SCREENS);
  expect(offenders, 'cut-off texts').toEqual([]);
  expect(inaccessible, 'accessibility').toEqual([]);
});
